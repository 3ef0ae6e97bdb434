import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateBR, todayInSaoPaulo } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { ApiError } from '../../../lib/api-client';
import { RepassesPage } from './RepassesPage';

const api = vi.hoisted(() => ({ getSaldosLojas: vi.fn(), getRepasses: vi.fn(), repassesCsvUrl: vi.fn(), getPosicaoLoja: vi.fn(), registrarRepasse: vi.fn() }));
vi.mock('../api/financeiro', async (original) => ({ ...(await original<object>()), ...api }));
const lookups = vi.hoisted(() => ({ empresasForSelect: vi.fn() }));
vi.mock('../../../lib/lookup-calls', () => lookups);
const files = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../lib/download', () => files);

afterEach(() => [...Object.values(api), ...Object.values(lookups), ...Object.values(files)].forEach((f) => f.mockReset()));

const pageOf = <T,>(data: T[]) => ({ status: 200, msg: 'ok', data, from: data.length ? 1 : null, to: data.length || null, total: data.length, current_page: 1, last_page: 1, per_page: 15 });
const demo = { empresa_id: 7, fantasia: 'Loja Demo', razao: 'Loja Demo Ltda', a_pagar: 320.5, a_receber: 100, a_repassar: 220.5, antecipacoes_a_recuperar: 0 };
const repasse = { id: 4, empresa_id: 7, fantasia: 'Loja Demo', data: '2026-11-20', valor: 200, compensado: 100, referencia: 'TED 123', observacao: null, usuario: 'Ana Admin', created_at: '2026-11-20T13:00:00.000Z' };
const today = todayInSaoPaulo();

function setup() {
  lookups.empresasForSelect.mockResolvedValue([{ value: 7, label: 'Loja Demo' }]);
  api.getSaldosLojas.mockResolvedValue(pageOf([demo]));
  api.getRepasses.mockResolvedValue(pageOf([repasse]));
  api.getPosicaoLoja.mockResolvedValue({ empresa_id: 7, a_pagar: 320.5, a_receber: 100, a_repassar: 220.5, antecipacoes_a_recuperar: 0 });
  renderWithProviders(<RepassesPage />);
}

describe('Repasses', () => {
  it('lists what each shop is owed now and the repasses registered', async () => {
    setup();
    const saldos = await screen.findByRole('table', { name: 'Saldos das lojas' });
    await within(saldos).findByText('Loja Demo');
    expect(api.getSaldosLojas).toHaveBeenCalledWith(1, '', true);
    const row = within(saldos).getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(0, 5)).toEqual(['Loja Demo', 'R$ 320,50', 'R$ 100,00', 'R$ 220,50', 'R$ 0,00']);
    const repasses = screen.getByRole('table', { name: 'Repasses registrados' });
    await within(repasses).findByText('TED 123');
    expect(within(within(repasses).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '20/11/2026', 'Loja Demo', 'R$ 200,00', 'R$ 100,00', 'TED 123', 'Ana Admin']);
    expect(within(row).getByRole('link', { name: 'Extrato da loja Loja Demo' })).toHaveAttribute('href', '/financeiro/extrato?loja=7');
    // every shop, not only those owed
    await userEvent.click(screen.getByRole('checkbox', { name: 'Somente lojas com saldo a repassar' }));
    await waitFor(() => expect(api.getSaldosLojas).toHaveBeenLastCalledWith(1, '', false));
  });

  it('registers a repasse after a confirmation that states the amount and what is netted', async () => {
    setup();
    api.registrarRepasse.mockResolvedValue({ status: 200, msg: 'Repasse registrado.', data: { id: 5, empresa_id: 7, data: today, valor: 220.5, compensado: 100, transacao_id: 9 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar repasse à loja Loja Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar repasse — Loja Demo' });
    await waitFor(() => expect(api.getPosicaoLoja).toHaveBeenCalledWith(7));
    expect(dialog).toHaveTextContent('A repassar agora: R$ 220,50 (a loja deve R$ 100,00, compensado no repasse)');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '220,50');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Referência bancária' }), 'TED 999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar repasse' }));
    const confirm = await screen.findByRole('dialog', { name: 'Registrar repasse' });
    expect(confirm).toHaveTextContent(`Registrar o repasse de R$ 220,50 à loja Loja Demo em ${formatDateBR(today)} (TED 999)? O que a loja deve à garantidora (R$ 100,00) será compensado no mesmo lançamento.`);
    expect(api.registrarRepasse).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sim, registrar repasse' }));
    await waitFor(() => expect(api.registrarRepasse).toHaveBeenCalledTimes(1));
    expect(api.registrarRepasse.mock.calls[0][0]).toMatchObject({ empresa_id: 7, data: today, valor: 220.5, referencia: 'TED 999', chave: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(await screen.findByText('Repasse registrado.')).toBeInTheDocument();
  });

  it('shows the server’s refusal when the shop is owed less by then', async () => {
    setup();
    api.registrarRepasse.mockRejectedValue(new ApiError(409, { status: 409, msg: 'O valor do repasse (R$ 220,50) é maior que o saldo a repassar à loja (R$ 20,50).' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar repasse à loja Loja Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar repasse — Loja Demo' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '220,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar repasse' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Registrar repasse' })).getByRole('button', { name: 'Sim, registrar repasse' }));
    expect(await screen.findByText('O valor do repasse (R$ 220,50) é maior que o saldo a repassar à loja (R$ 20,50).')).toBeInTheDocument();
  });

  it('exports the repasses of the filter as CSV', async () => {
    setup();
    api.repassesCsvUrl.mockResolvedValue('blob:csv');
    await screen.findByText('TED 123');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('blob:csv', 'repasses.csv'));
    expect(api.repassesCsvUrl).toHaveBeenCalledWith({ empresaId: null, de: '', ate: '' });
  });
});
