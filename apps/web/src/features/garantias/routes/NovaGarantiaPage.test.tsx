import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { emptyWizard } from '../components/wizard-form';
import { NovaGarantiaPage } from './NovaGarantiaPage';

const api = vi.hoisted(() => ({ consultaDocumento: vi.fn() }));
vi.mock('../api/garantias-api', async (original) => ({ garantiasApi: { ...(await original<{ garantiasApi: object }>()).garantiasApi, ...api } }));
const lookups = vi.hoisted(() => ({
  systemConfig: vi.fn(async () => ({ status: 200, msg: 'ok', chatUrl: 'https://chat.example.com' })),
  empresasForSelect: vi.fn(async () => []),
}));
vi.mock('../../../lib/lookup-calls', () => lookups);
vi.mock('../../../lib/auth', () => ({
  useCurrentUser: () => ({ id: 2, nivel: '1', empresa: { id: 2, qtd_max_parcelas: 12 } }),
  isAdmin: () => false,
}));

const stepButton = (label: string) => screen.getByText(label, { exact: true }).closest('button')!;

describe('Nova Garantia', () => {
  it('a 900 lookup jumps to RESULTADO with steps 2 and 3 shown as skipped, not completed', async () => {
    api.consultaDocumento.mockResolvedValue({ status: 900, msg: 'restrito', consulta: '<p>lista de CPFs suspeitos</p>', obj: { pessoa_id: null, pessoa: null }, empresa: null });
    renderWithProviders(<NovaGarantiaPage />);
    await userEvent.type(screen.getByLabelText(/Informe o CPF\/CNPJ do cliente/), '41862057362');
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('Que pena! Não conseguimos aprovar essa solicitação!')).toBeInTheDocument();
    expect(stepButton('CONSULTA')).toHaveAttribute('data-completed');
    for (const skipped of ['DADOS DO CLIENTE', 'DADOS DA SOLICITAÇÃO']) {
      expect(stepButton(skipped)).not.toHaveAttribute('data-completed');
      expect(stepButton(skipped)).toHaveAttribute('data-skipped');
      expect(stepButton(skipped)).toHaveTextContent('Não realizada');
    }
  });

  it('a 200 lookup that reports restrictions (a credit policy decides them) shows them and goes on to DADOS DO CLIENTE', async () => {
    const msg = 'O cliente possui uma ou mais restrições comerciais. A decisão será da política de crédito, ao enviar a solicitação.';
    api.consultaDocumento.mockResolvedValue({ status: 200, msg, consulta: '<p>lista de CPFs suspeitos</p>', obj: { pessoa_id: null, pessoa: null }, empresa: { id: 2, fantasia: 'Loja Demo', qtd_max_parcelas: 6 } });
    renderWithProviders(<NovaGarantiaPage />);
    await userEvent.type(screen.getByLabelText(/Informe o CPF\/CNPJ do cliente/), '41862057362');
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByLabelText(/Nome Completo/)).toBeInTheDocument();
    const aviso = screen.getByTestId('restricoes-consulta');
    expect(aviso).toHaveTextContent(msg);
    expect(aviso).toHaveTextContent('lista de CPFs suspeitos');
    expect(screen.queryByText('Que pena! Não conseguimos aprovar essa solicitação!')).not.toBeInTheDocument();
  });
});

describe('Nova Garantia — the draft survives a reload (issue 25)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    api.consultaDocumento.mockReset();
  });
  const found = { status: 200, msg: 'ok', consulta: '', obj: { pessoa_id: null, pessoa: null }, empresa: { id: 2, fantasia: 'Loja Demo', qtd_max_parcelas: 6 } };

  it('keeps the step and what was typed across a reload, without a second lookup; "Descartar rascunho" starts over', async () => {
    api.consultaDocumento.mockResolvedValue(found);
    const first = renderWithProviders(<NovaGarantiaPage />);
    await userEvent.type(screen.getByLabelText(/Informe o CPF\/CNPJ do cliente/), '41862057362');
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await userEvent.type(await screen.findByLabelText(/Nome Completo/), 'Carlos Pereira Lima');
    first.unmount(); // the reload: a new page from sessionStorage

    renderWithProviders(<NovaGarantiaPage />);
    expect(await screen.findByText('Rascunho restaurado')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome Completo/)).toHaveValue('Carlos Pereira Lima');
    expect(screen.getByLabelText('CPF')).toHaveValue('418.620.573-62');
    expect(api.consultaDocumento).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sim, descartar rascunho' }));
    expect(await screen.findByLabelText(/Informe o CPF\/CNPJ do cliente/)).toHaveValue('');
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('bg:garantia-rascunho'))).toEqual([]);
  });

  it('never stores the files, only their names, and says which to choose again', async () => {
    const draft = {
      version: 1, savedAt: '2026-11-27T12:00:00.000Z', step: 1, documento: '41862057362', lojaId: null, maxParcelas: 6, pessoaId: null,
      values: { ...emptyWizard(), cpf_cnpj: '418.620.573-62', nome_razao: 'Carlos' }, arquivos: ['rg-frente.jpg', 'rg-verso.jpg'],
    };
    sessionStorage.setItem('bg:garantia-rascunho:2', JSON.stringify(draft));
    renderWithProviders(<NovaGarantiaPage />);
    expect(await screen.findByText(/Os arquivos não ficam guardados no rascunho: selecione de novo rg-frente.jpg, rg-verso.jpg./)).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome Completo/)).toHaveValue('Carlos');
    const saved = JSON.parse(sessionStorage.getItem('bg:garantia-rascunho:2')!);
    expect(Object.keys(saved).sort()).toEqual(['arquivos', 'documento', 'lojaId', 'maxParcelas', 'pessoaId', 'savedAt', 'step', 'values', 'version']);
    expect(saved.arquivos).toEqual([]);
  });

  it('a lookup that ends the wizard (900) leaves no draft', async () => {
    api.consultaDocumento.mockResolvedValue({ status: 900, msg: 'restrito', consulta: '<p>x</p>', obj: { pessoa_id: null, pessoa: null }, empresa: null });
    renderWithProviders(<NovaGarantiaPage />);
    await userEvent.type(screen.getByLabelText(/Informe o CPF\/CNPJ do cliente/), '41862057362');
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await screen.findByText('Que pena! Não conseguimos aprovar essa solicitação!');
    expect(sessionStorage.getItem('bg:garantia-rascunho:2')).toBeNull();
  });
});
