import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayInSaoPaulo } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { ExtratoPage } from './ExtratoPage';

const api = vi.hoisted(() => ({ getExtrato: vi.fn(), extratoCsvUrl: vi.fn(), extratoPdfUrl: vi.fn() }));
vi.mock('../api/financeiro', async (original) => ({ ...(await original<object>()), ...api }));
const lookups = vi.hoisted(() => ({ empresasForSelect: vi.fn() }));
vi.mock('../../../lib/lookup-calls', () => lookups);
const files = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../lib/download', () => files);
const auth = vi.hoisted(() => ({ nivel: '1' }));
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ id: 1, nivel: auth.nivel, displayName: 'Lucas Lojista', empresa: null }) }));

afterEach(() => [...Object.values(api), ...Object.values(lookups), ...Object.values(files)].forEach((f) => f.mockReset()));

const today = todayInSaoPaulo();
const inicio = `${today.slice(0, 8)}01`;
const saldo = (a_pagar: number, a_receber: number) => ({ a_pagar, a_receber, saldo: Math.round((a_pagar - a_receber) * 100) / 100 });
const mov = (id: number, over: object) => ({ transacao_id: id, data: '2026-11-10', tipo: 'liquidacao', descricao: 'x', boleto: null, antecipacao_id: null, acordo_id: null, repasse_id: null, debito: 0, credito: 0, saldo: 0, ...over });
const page1 = {
  status: 200, msg: 'ok', de: inicio, ate: today,
  empresa: { id: 7, fantasia: 'Loja Demo', razao: 'Loja Demo Ltda', cnpj: '11222333000181' },
  inicial: saldo(0, 50), final: saldo(320.5, 100), saldo_anterior: -50,
  data: [mov(11, { descricao: 'Boleto 5-1/01 pago no banco', boleto: { id: 3, garantia_id: 5, garantia_digito: 8, parcela: 1 }, credito: 320.5, saldo: 270.5 })],
  proximo: '2026-11-10.11',
};
const page2 = {
  ...page1, saldo_anterior: 270.5, proximo: null,
  data: [mov(12, { data: '2026-11-20', tipo: 'repasse', descricao: 'Repasse nº 4 (TED 123)', repasse_id: 4, debito: 250, saldo: 20.5 })],
};

describe('Extrato', () => {
  it('usuario: its own shop for the month so far, the balance explained, movements with running balance, more on demand', async () => {
    api.getExtrato.mockResolvedValueOnce(page1).mockResolvedValueOnce(page2);
    renderWithProviders(<ExtratoPage />);
    await waitFor(() => expect(api.getExtrato).toHaveBeenCalledWith({ empresaId: null, de: inicio, ate: today }, null));
    expect(screen.queryByRole('combobox', { name: 'Loja' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('extrato-explicacao')).toHaveTextContent('Saldo = A pagar à loja − A receber da loja');
    const table = screen.getByRole('table', { name: 'Movimentos do extrato' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Data', 'Descrição', 'Origem', 'Débito', 'Crédito', 'Saldo']);
    const rows = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows()).toEqual([
      [expect.any(String), 'Saldo inicial', '-R$ 50,00'],
      ['10/11/2026', 'Boleto 5-1/01 pago no banco', 'Garantia 5-8, parcela 1', '', 'R$ 320,50', 'R$ 270,50'],
    ]);
    // the boleto links to its guarantee's boletos
    expect(within(table).getByRole('link', { name: 'Garantia 5-8, parcela 1' })).toHaveAttribute('href', '/operacao/garantias/impressao/detalhe/5');
    expect(screen.getByText('1 movimento mostrado; há mais no período.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais movimentos' }));
    await waitFor(() => expect(api.getExtrato).toHaveBeenLastCalledWith({ empresaId: null, de: inicio, ate: today }, '2026-11-10.11'));
    await screen.findByText('Repasse nº 4 (TED 123)');
    expect(rows().slice(2)).toEqual([
      ['20/11/2026', 'Repasse nº 4 (TED 123)', 'Repasse nº 4', 'R$ 250,00', '', 'R$ 20,50'],
      [expect.any(String), 'Saldo final', 'R$ 220,50'],
    ]);
    expect(screen.queryByRole('button', { name: 'Carregar mais movimentos' })).not.toBeInTheDocument();
  });

  it('administrador: asks for the shop first, then shows its statement', async () => {
    auth.nivel = '2';
    lookups.empresasForSelect.mockResolvedValue([{ value: 7, label: 'Loja Demo' }, { value: 8, label: 'Loja Centro' }]);
    api.getExtrato.mockResolvedValue({ ...page1, proximo: null });
    renderWithProviders(<ExtratoPage />);
    expect(await screen.findByText('Selecione a loja para ver o extrato.')).toBeInTheDocument();
    expect(api.getExtrato).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Loja' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Loja Demo' }));
    await waitFor(() => expect(api.getExtrato).toHaveBeenCalledWith({ empresaId: 7, de: inicio, ate: today }, null));
    expect(await screen.findByText('Saldo final', { selector: 'td' })).toBeInTheDocument();
    auth.nivel = '1';
  });

  it('administrador: opens on the shop Repasses links to (?loja=)', async () => {
    auth.nivel = '2';
    lookups.empresasForSelect.mockResolvedValue([{ value: 7, label: 'Loja Demo' }]);
    api.getExtrato.mockResolvedValue({ ...page1, proximo: null });
    renderWithProviders(<ExtratoPage />, { route: '/financeiro/extrato?loja=7' });
    await waitFor(() => expect(api.getExtrato).toHaveBeenCalledWith({ empresaId: 7, de: inicio, ate: today }, null));
    expect(await screen.findByRole('combobox', { name: 'Loja' })).toHaveValue('Loja Demo');
    auth.nivel = '1';
  });

  it('exports the period as CSV and PDF', async () => {
    api.getExtrato.mockResolvedValue({ ...page1, proximo: null });
    api.extratoCsvUrl.mockResolvedValue('blob:csv');
    api.extratoPdfUrl.mockResolvedValue('blob:pdf');
    renderWithProviders(<ExtratoPage />);
    await screen.findByTestId('extrato-explicacao');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('blob:csv', `extrato-7-${inicio}-a-${today}.csv`));
    expect(api.extratoCsvUrl).toHaveBeenCalledWith({ empresaId: null, de: inicio, ate: today });
    await userEvent.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('blob:pdf', `extrato-7-${inicio}-a-${today}.pdf`));
  });
});
