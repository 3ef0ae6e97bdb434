import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { NovoBoletoAvulsoPage } from './NovoBoletoAvulsoPage';

const api = vi.hoisted(() => ({ createBoletoAvulso: vi.fn(), pagadorByCpfCnpj: vi.fn() }));
vi.mock('../api/boletos-avulsos', () => api);
const lookups = vi.hoisted(() => ({ empresasForSelect: vi.fn() }));
vi.mock('../../../lib/lookup-calls', () => lookups);

afterEach(() => {
  for (const f of [...Object.values(api), ...Object.values(lookups)]) f.mockReset();
});

describe('Novo Boleto Avulso', () => {
  it('shows "Campo obrigatório" on the §5 required fields and sends nothing', async () => {
    lookups.empresasForSelect.mockResolvedValue([]);
    renderWithProviders(<NovoBoletoAvulsoPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório').length).toBeGreaterThanOrEqual(8));
    expect(api.createBoletoAvulso).not.toHaveBeenCalled();
  });

  it('leaving a known CPF fills the payer and the address', async () => {
    lookups.empresasForSelect.mockResolvedValue([]);
    api.pagadorByCpfCnpj.mockResolvedValue({
      cpf_cnpj: '52998224725', nome_razao: 'Ana Paula Souza', cep: '01310100', endereco: 'Avenida Paulista', numero: '1500', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP',
    });
    renderWithProviders(<NovoBoletoAvulsoPage />);
    const cpf = screen.getByLabelText(/CPF\/CNPJ/);
    await userEvent.type(cpf, '52998224725');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText(/^Nome/)).toHaveValue('Ana Paula Souza'));
    expect(api.pagadorByCpfCnpj).toHaveBeenCalledWith('529.982.247-25');
    expect(screen.getByLabelText(/^Número/)).toHaveValue('1500');
    expect(screen.getByLabelText(/^Cidade/)).toHaveValue('São Paulo');
  });

  it('reads Valor typed as 1.000,00 as one thousand reais and pasted 1000.50 as R$ 1.000,50 (issue 25)', async () => {
    lookups.empresasForSelect.mockResolvedValue([]);
    renderWithProviders(<NovoBoletoAvulsoPage />);
    const valor = screen.getByLabelText(/^Valor/);
    await userEvent.type(valor, '1.000,00');
    await userEvent.tab();
    expect(valor).toHaveValue('R$ 1.000,00');
    await userEvent.clear(valor);
    await userEvent.click(valor);
    await userEvent.paste('1000.50');
    expect(valor).toHaveValue('R$ 1.000,50');
  });
});
