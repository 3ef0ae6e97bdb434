import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ConciliacaoPage } from './ConciliacaoPage';

const api = vi.hoisted(() => ({ listDivergencias: vi.fn(), resolverDivergencia: vi.fn(), executarConciliacao: vi.fn(), listContas: vi.fn(), getBoletoResumo: vi.fn() }));
vi.mock('../api/conciliacao', async (original) => ({ ...(await original<object>()), ...api }));
const job = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-contract', () => ({ call: job.call }));

const divergencia = {
  id: 5, conta_cobranca_id: 1, boleto_id: 77, numero_banco: '14000000000000077', tipo: 'PAGAMENTO_NAO_APLICADO', descricao: 'Pago no banco, não liquidado aqui',
  detalhe: { estado_banco: 'Liquidado', situacao_aqui: 'GARANTIDO', valor_titulo: 300, valor_pago: 306.5, data_pagamento: '2026-11-26', canal: 'PIX', motivo: 'O boleto mudou de situação antes de o pagamento ser aplicado.' },
  acoes: ['APLICAR_PAGAMENTO', 'DESCARTAR'], estado: 'ABERTA', resolucao: null, resolvida_em: null, created_at: '2026-11-27T09:30:00.000Z',
};
const page = (data: unknown[]) => ({ data, from: data.length ? 1 : null, to: data.length || null, total: data.length, current_page: 1, last_page: 1, per_page: 15 });

afterEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  job.call.mockReset();
});

function setup(rows: unknown[]) {
  api.listDivergencias.mockResolvedValue(page(rows));
  api.listContas.mockResolvedValue([{ id: 1, banco: '104', agencia: '1234', codigo_beneficiario: '1100000' }]);
  api.getBoletoResumo.mockResolvedValue({ garantia_id: 40, garantia_digito: 2, parcela: 1 });
  renderWithProviders(<ConciliacaoPage />);
}

describe('Conciliação', () => {
  it('lists the differences with the conta, the boleto linked to its guarantee, the facts and one button per action', async () => {
    setup([divergencia]);
    const table = await screen.findByRole('table', { name: 'Conciliação' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Data', 'Conta', 'Boleto', 'Nº no banco', 'Diferença', 'Detalhe', 'Ações']);
    expect(await within(table).findByRole('link', { name: '40-2 (01)' })).toHaveAttribute('href', '/operacao/garantias/impressao/detalhe/40');
    expect(table).toHaveTextContent('Caixa 1234/1100000');
    expect(table).toHaveTextContent('Pago no banco, não liquidado aqui');
    expect(table).toHaveTextContent('Valor pago: R$ 306,50 em 26/11/2026 (PIX)');
    expect(table).toHaveTextContent('No banco: Liquidado. Aqui: GARANTIDO.');
    expect(within(table).getByRole('button', { name: 'Aplicar pagamento' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Descartar' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Marcar registrado' })).not.toBeInTheDocument();
  });

  it('an action asks first, naming it, then resolves and reloads the list', async () => {
    setup([divergencia]);
    api.resolverDivergencia.mockResolvedValue({ status: 200, msg: 'Pagamento aplicado: boleto liquidado.' });
    fireEvent.click(await screen.findByRole('button', { name: 'Aplicar pagamento' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Pago no banco, não liquidado aqui (nº 14000000000000077).');
    expect(api.resolverDivergencia).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar pagamento' }));
    await waitFor(() => expect(api.resolverDivergencia).toHaveBeenCalledWith(5, 'APLICAR_PAGAMENTO'));
    expect(await screen.findByText('Pagamento aplicado: boleto liquidado.')).toBeInTheDocument();
    await waitFor(() => expect(api.listDivergencias.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('empty: a sentence; Resolvidas asks for the resolved ones', async () => {
    setup([]);
    expect(await screen.findByText('Nenhuma diferença aberta: os boletos daqui conferem com o banco.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Resolvidas' }));
    await waitFor(() => expect(api.listDivergencias).toHaveBeenLastCalledWith(expect.objectContaining({ estado: 'RESOLVIDA', page: 1 })));
  });

  it('Conciliar agora follows the job and says what it did', async () => {
    setup([]);
    api.executarConciliacao.mockResolvedValue({ status: 200, msg: 'Conciliação iniciada.', data: { job_id: 9 } });
    job.call.mockResolvedValue({
      status: 200, msg: 'ok',
      data: { id: 9, kind: 'banco.conciliar', status: 'done', progress_done: 1, progress_total: 1, progress_unit: 'contas', error: null,
        result: { desde: '2026-11-24', contas: [{ conta_cobranca_id: 1, titulos_banco: 3, consultados: 3, pagamentos_aplicados: 1, novas: 2, resolvidas: 0, erro: null }] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Conciliar agora' }));
    expect(await screen.findByText('Conciliação concluída: 1 conta(s) por API, 1 pagamento(s) aplicado(s), 2 diferença(s) nova(s), 0 resolvida(s).', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
