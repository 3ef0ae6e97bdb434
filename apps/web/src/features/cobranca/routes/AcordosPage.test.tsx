import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { AcordosPage } from './AcordosPage';

const api = vi.hoisted(() => ({ acordos: vi.fn(), acordo: vi.fn(), baixarParcela: vi.fn(), cancelarAcordo: vi.fn(), agendamentosDaPessoa: vi.fn(), termoUrl: vi.fn() }));
vi.mock('../api/cobranca', () => ({
  cobrancaApi: api,
  acordoVigente: (s: string) => s === 'Aguardando Ativação' || s === 'ATIVO',
}));

const row = (over: object) => ({
  id: 5, acordo_id: 3, parcela: 1, numero_parcelas: 3, vencimento: '2026-11-23', valor: 200, situacao: 'Em Aberto', pago_em: null,
  acordo_status: 'Aguardando Ativação', pessoa_id: 9, nome_razao: 'Juliana Pereira Santos', cpf_cnpj: '31827465003', ...over,
});
const page = (rows: object[]) => ({ status: 200, msg: 'ok', data: rows, from: 1, to: rows.length, total: rows.length, current_page: 1, last_page: 1, per_page: 15 });
const detail = (status: string) => ({
  id: 3, descricao: 'Acordo de 2 boleto(s): 1-3, 2-1', status, pessoa_id: 9, nome_razao: 'Juliana Pereira Santos', cpf_cnpj: '31827465003',
  valor: 711.1, desconto: 10, valor_sem_juros: 659.7, multa: 13.19, juros: 30, taxa: 14.9, valor_atualizado: 717.79, valor_entrada: 200,
  numero_parcelas: 3, ultimo_vencimento: '2027-01-23', data_simulacao: '2026-11-23', total_pago: 0, user_id: 1, usuario: 'Administrador',
  created_at: '2026-11-23T13:00:00.000Z', ativado_em: null, quitado_em: null,
  data_cancelamento: status === 'CANCELADO' ? '2026-11-24T13:00:00.000Z' : null, user_cancelamento_id: status === 'CANCELADO' ? 1 : null,
  usuario_cancelamento: status === 'CANCELADO' ? 'Administrador' : null, parcelas: [], boletos: [],
});

afterEach(() => Object.values(api).forEach((f) => f.mockReset()));

describe('Acordos', () => {
  it('lists the instalments with the spec columns; Baixar asks first and only for an open instalment of a running acordo', async () => {
    const user = userEvent.setup();
    api.acordos.mockResolvedValue(page([row({}), row({ id: 6, parcela: 2, situacao: 'Paga' }), row({ id: 7, acordo_id: 4, acordo_status: 'CANCELADO', situacao: 'Cancelada' })]));
    api.baixarParcela.mockResolvedValue({ status: 200, msg: 'Parcela baixada com sucesso!', data: { id: 5, acordo_id: 3, situacao: 'Paga', acordo_status: 'ATIVO' } });
    renderWithProviders(<AcordosPage />);
    const table = await screen.findByRole('table', { name: 'Acordos' });
    await within(table).findAllByText('Juliana Pereira Santos');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Vencimento', 'Pessoa', 'Cpf/Cnpj', 'Parcela', 'Valor', 'Situação', 'Ação']);
    expect(within(table).getAllByRole('button', { name: /^Baixar/ })).toHaveLength(1);
    expect(api.acordos.mock.calls[0][2].mes).toMatch(/^\d{4}-\d{2}$/);
    await user.click(screen.getByRole('button', { name: 'Baixar parcela 1/3 de Juliana Pereira Santos' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, baixar parcela' }));
    await waitFor(() => expect(api.baixarParcela).toHaveBeenCalledWith(5));
  });

  it('details the acordo in a modal with "Cancelar Acordo" disabled once CANCELADO', async () => {
    const user = userEvent.setup();
    api.acordos.mockResolvedValue(page([row({ acordo_status: 'CANCELADO', situacao: 'Cancelada' })]));
    api.acordo.mockResolvedValue(detail('CANCELADO'));
    api.agendamentosDaPessoa.mockResolvedValue([]);
    renderWithProviders(<AcordosPage />);
    await user.click(await screen.findByRole('button', { name: 'Detalhes do acordo 3 de Juliana Pereira Santos' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Dados do Acordo' })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Situação')).toHaveTextContent('CANCELADO');
    expect(within(dialog).getByRole('button', { name: 'Cancelar Acordo' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Cancelamento')).toHaveTextContent('por Administrador');
    await user.click(within(dialog).getByRole('tab', { name: 'Agendamentos' }));
    await waitFor(() => expect(api.agendamentosDaPessoa).toHaveBeenCalledWith(9));
  });

  it('"Cancelar Acordo" of a running acordo confirms and cancels', async () => {
    const user = userEvent.setup();
    api.acordos.mockResolvedValue(page([row({ acordo_status: 'ATIVO' })]));
    api.acordo.mockResolvedValue(detail('ATIVO'));
    api.cancelarAcordo.mockResolvedValue({ status: 200, msg: 'Acordo cancelado.', data: { id: 3, status: 'CANCELADO', data_cancelamento: '2026-11-24T13:00:00.000Z' } });
    renderWithProviders(<AcordosPage />);
    await user.click(await screen.findByRole('button', { name: 'Detalhes do acordo 3 de Juliana Pereira Santos' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Cancelar Acordo' }));
    expect(await screen.findByText(/Confirma o cancelamento do acordo nº 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim, cancelar acordo' }));
    await waitFor(() => expect(api.cancelarAcordo).toHaveBeenCalledWith(3));
  });
});
