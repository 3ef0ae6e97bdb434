import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render';
import { AddressFields, type AddressValues } from './AddressFields';
import { CepInput, type CepLookupResult } from './CepInput';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PAULISTA = { cep: '01310100', endereco: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };

function installFetch(handler: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => handler(url));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

let values: AddressValues;
function AddressForm({ initial = {} }: { initial?: Partial<AddressValues> }) {
  const form = useForm<AddressValues>({
    initialValues: { cep: '', endereco: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '', ...initial },
  });
  // eslint-disable-next-line react-hooks/globals -- test probe: the form's values as last rendered
  values = form.getValues();
  return <AddressFields form={form} />;
}

describe('CepInput', () => {
  it('reports found / invalid / failed and shows the spec messages', async () => {
    installFetch((url) => (url === '/api/cep/01310100' ? json(200, { status: 200, msg: 'ok', data: PAULISTA }) : json(404, { status: 404, msg: 'CEP não encontrado.' })));
    const results: CepLookupResult[] = [];
    renderWithProviders(<CepInput label="CEP" onAddress={(r) => results.push(r)} />);
    const input = screen.getByLabelText('CEP');

    await userEvent.type(input, '01310100');
    await userEvent.tab();
    await waitFor(() => expect(results).toEqual([{ status: 'found', address: PAULISTA }]));

    await userEvent.clear(input);
    await userEvent.type(input, '0131');
    await userEvent.tab();
    expect(await screen.findByText('Digite um CEP válido!')).toBeInTheDocument();
    expect(results.at(-1)).toEqual({ status: 'invalid' });

    await userEvent.clear(input);
    expect(screen.queryByText('Digite um CEP válido!')).not.toBeInTheDocument();
    await userEvent.type(input, '69999999');
    await userEvent.tab();
    await waitFor(() => expect(results.at(-1)).toEqual({ status: 'failed' }));
    expect(await screen.findByText('Não conseguimos buscar seu endereço!')).toBeInTheDocument();
    expect(screen.getByText('Por favor, digite um CEP válido!')).toBeInTheDocument();
  });

  it('does not look the same CEP up twice in a row', async () => {
    const fetchMock = installFetch(() => json(200, { status: 200, msg: 'ok', data: PAULISTA }));
    renderWithProviders(<CepInput label="CEP" onAddress={() => {}} />);
    const input = screen.getByLabelText('CEP');
    await userEvent.type(input, '01310100');
    await userEvent.tab();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await userEvent.click(input);
    await userEvent.tab();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('AddressFields', () => {
  it('fills the address on a found CEP and disables cidade and uf (spec §2)', async () => {
    installFetch(() => json(200, { status: 200, msg: 'ok', data: PAULISTA }));
    renderWithProviders(<AddressForm />);
    expect(screen.getByLabelText(/Cidade/)).toBeEnabled();
    await userEvent.type(screen.getByLabelText(/CEP/), '01310100');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText(/Endereço/)).toHaveValue('Avenida Paulista'));
    expect(screen.getByLabelText(/Bairro/)).toHaveValue('Bela Vista');
    expect(screen.getByLabelText(/Cidade/)).toHaveValue('São Paulo');
    expect(screen.getByLabelText(/UF/)).toHaveValue('SP');
    // the CEP's postal range ("de 612 a 1510 - lado par") is not a complemento: the form never uses it
    expect(screen.getByLabelText('Complemento')).toHaveValue('');
    expect(screen.getByLabelText(/Cidade/)).toBeDisabled();
    expect(screen.getByLabelText(/UF/)).toBeDisabled();
    expect(values).toMatchObject({ cep: '01310-100', endereco: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP' });
  });

  it('never writes the CEP answer into Complemento; changing the CEP clears the old address\'s complemento', async () => {
    installFetch((url) => (url === '/api/cep/01310100' ? json(200, { status: 200, msg: 'ok', data: PAULISTA }) : json(422, { status: 422, msg: 'Digite um CEP válido!' })));
    renderWithProviders(<AddressForm initial={{ cep: '30130-010', complemento: 'Apto 12' }} />);
    const cep = screen.getByLabelText(/CEP/);
    // retyping the same CEP keeps it
    await userEvent.clear(cep);
    await userEvent.type(cep, '30130010');
    expect(screen.getByLabelText('Complemento')).toHaveValue('Apto 12');
    await userEvent.clear(cep);
    await userEvent.type(cep, '01310100');
    expect(screen.getByLabelText('Complemento')).toHaveValue('');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText(/Cidade/)).toHaveValue('São Paulo'));
    expect(screen.getByLabelText('Complemento')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Complemento'), 'Sala 3');
    await userEvent.clear(cep);
    await userEvent.type(cep, '123');
    await userEvent.tab();
    expect(await screen.findByText('Digite um CEP válido!')).toBeInTheDocument();
    expect(screen.getByLabelText(/Endereço/)).toHaveValue('');
    expect(values).toMatchObject({ complemento: 'Sala 3' });
  });

  it('keeps a complemento the user already typed', async () => {
    installFetch(() => json(200, { status: 200, msg: 'ok', data: PAULISTA }));
    renderWithProviders(<AddressForm initial={{ complemento: 'Sala 12' }} />);
    await userEvent.type(screen.getByLabelText(/CEP/), '01310100');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText(/Cidade/)).toHaveValue('São Paulo'));
    expect(screen.getByLabelText('Complemento')).toHaveValue('Sala 12');
  });

  it('clears the address on an invalid CEP', async () => {
    installFetch(() => json(200, {}));
    renderWithProviders(<AddressForm initial={{ endereco: 'Rua Velha', bairro: 'Centro', cidade: 'Recife', uf: 'PE', numero: '10' }} />);
    await userEvent.type(screen.getByLabelText(/CEP/), '123');
    await userEvent.tab();
    expect(await screen.findByText('Digite um CEP válido!')).toBeInTheDocument();
    expect(screen.getByLabelText(/Endereço/)).toHaveValue('');
    expect(screen.getByLabelText(/Cidade/)).toHaveValue('');
    expect(screen.getByLabelText(/UF/)).toHaveValue('');
  });

  it('lets the user type cidade and uf after a failed lookup, even after a found one', async () => {
    installFetch((url) => (url === '/api/cep/01310100' ? json(200, { status: 200, msg: 'ok', data: PAULISTA }) : json(503, { status: 503, msg: 'indisponível' })));
    renderWithProviders(<AddressForm />);
    const cep = screen.getByLabelText(/CEP/);
    await userEvent.type(cep, '01310100');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText(/Cidade/)).toBeDisabled());
    await userEvent.clear(cep);
    await userEvent.type(cep, '69005010');
    await userEvent.tab();
    expect(await screen.findByText('Não conseguimos buscar seu endereço!')).toBeInTheDocument();
    const cidade = screen.getByLabelText(/Cidade/);
    expect(cidade).toBeEnabled();
    await userEvent.clear(cidade);
    await userEvent.type(cidade, 'Manaus');
    await userEvent.clear(screen.getByLabelText(/UF/));
    await userEvent.type(screen.getByLabelText(/UF/), 'am');
    expect(values).toMatchObject({ cidade: 'Manaus', uf: 'AM' });
  });
});
