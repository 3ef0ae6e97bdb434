import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { BoletosGarantidosPage } from './BoletosGarantidosPage';

const api = vi.hoisted(() => ({ listBoletos: vi.fn(), boletoAction: vi.fn(), getBoleto: vi.fn() }));
vi.mock('../api/boletos', async (original) => ({ ...(await original<object>()), ...api }));
const lookups = vi.hoisted(() => ({ empresasForSelect: vi.fn() }));
vi.mock('../../../lib/lookup-calls', () => lookups);

const row = {
  id: 12, digito: 1, parcela: 1, valor: 350, valor_atualizado: 350, vencimento: '2026-12-22', situacao: 'DISPONÍVEL PARA PAGAMENTO',
  garantia_id: 5, garantia_digito: 1, fantasia: 'Loja Demo', nome_razao: 'Ana Carolina Ribeiro', cpf_cnpj: '67431982500',
};

const banco = vi.hoisted(() => ({ getBoletoBanco: vi.fn(), consultarBoletoNoBanco: vi.fn(), registrarBoletoNoBanco: vi.fn() }));
vi.mock('../../../lib/boleto-banco-calls', () => banco);

afterEach(() => [...Object.values(api), ...Object.values(lookups), ...Object.values(banco)].forEach((f) => f.mockReset()));

describe('Boletos Garantidos', () => {
  it('has the filters Loja (TODAS), Situação, text and Filtrar, and the spec columns', async () => {
    api.listBoletos.mockResolvedValue({ data: [row], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 });
    lookups.empresasForSelect.mockResolvedValue([{ value: 2, label: 'Loja Demo' }]);
    renderWithProviders(<BoletosGarantidosPage />);
    await screen.findByText('Ana Carolina Ribeiro');
    expect(screen.getByRole('combobox', { name: 'Loja' })).toHaveValue('TODAS');
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('TODAS');
    expect(screen.getByRole('button', { name: 'Filtrar' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Garantia', 'Loja', 'Cliente', 'CPF/CNPJ', 'Vencimento', 'Valor', 'Situação', 'Ação']);
  });

  it('asks for confirmation before an irreversible action and does nothing when refused', async () => {
    api.listBoletos.mockResolvedValue({ data: [row], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 });
    lookups.empresasForSelect.mockResolvedValue([]);
    renderWithProviders(<BoletosGarantidosPage />);
    // the row's actions are in its compact Ações menu (issue 25)
    fireEvent.click(await screen.findByRole('button', { name: /^Ações do boleto/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Quitar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Quitar este boleto (garantia honrada)? Esta ação não pode ser desfeita.');
    // the way out says Voltar, the way in names the action (issue 25)
    expect(within(dialog).getByRole('button', { name: 'Sim, quitar boleto' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByText(/Esta ação não pode ser desfeita/)).not.toBeInTheDocument());
    expect(api.boletoAction).not.toHaveBeenCalled();
  });

  it('Histórico shows the boleto at the bank when its conta works by API (issue 26)', async () => {
    api.listBoletos.mockResolvedValue({ data: [row], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 });
    api.getBoleto.mockResolvedValue({ ...row, nosso_numero: 12, nosso_numero_formatado: '14000000000000012-3', linha_digitavel: null, historico: [] });
    lookups.empresasForSelect.mockResolvedValue([]);
    banco.getBoletoBanco.mockResolvedValue({
      boleto_id: 12, modo: 'API', estado: 'PENDENTE', descricao: 'Aguardando registro no banco (há 2 min).', imprimivel: false, numero_banco: null, tentativas: 0,
      solicitado_em: '2026-11-27T12:00:00.000Z', registrado_em: null, proxima_tentativa: null, ultimo_erro: null, linha_digitavel: null, pix: false,
      alteracao_pendente: null, pagamento_em_processamento: null, comunicacoes: [],
    });
    renderWithProviders(<BoletosGarantidosPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Ações do boleto/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Histórico' }));
    const panel = await screen.findByRole('region', { name: 'No banco' });
    expect(panel).toHaveTextContent('Aguardando registro');
    expect(panel).toHaveTextContent('Aguardando registro no banco (há 2 min).');
    expect(banco.getBoletoBanco).toHaveBeenCalledWith(12);
  });
});
