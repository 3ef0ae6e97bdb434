import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { AgendamentosPage } from './AgendamentosPage';

const api = vi.hoisted(() => ({ agendamentos: vi.fn(), operadores: vi.fn(), concluirAgendamento: vi.fn(), agendamentosDaPessoa: vi.fn() }));
vi.mock('../api/cobranca', () => ({ cobrancaApi: api }));

const note = {
  id: 12, data: '2026-11-23', descricao: 'Ligar após as 14h', status: 'PENDENTE', pessoa_id: 9, nome_razao: 'Juliana Pereira Santos', cpf_cnpj: '31827465003',
  usuario_id: 1, usuario: 'Administrador', created_at: '2026-11-20T17:30:00.000Z', realizado_em: null, realizado_por: null,
};
const page = { status: 200, msg: 'ok', data: [note], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 };

afterEach(() => Object.values(api).forEach((f) => f.mockReset()));

describe('Agendamentos', () => {
  it('lists the month with Data, Descrição, Pessoa, Cpf/Cnpj, Log and Status; filters by operator; marks done after confirming', async () => {
    const user = userEvent.setup();
    api.agendamentos.mockResolvedValue(page);
    api.operadores.mockResolvedValue([{ value: 1, label: 'Administrador' }]);
    api.concluirAgendamento.mockResolvedValue({ status: 200, msg: 'Agendamento marcado como realizado!', data: { id: 12, status: 'REALIZADO' } });
    renderWithProviders(<AgendamentosPage />);
    const table = await screen.findByRole('table', { name: 'Agendamentos' });
    await within(table).findByText('Ligar após as 14h');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Data', 'Descrição', 'Pessoa', 'Cpf/Cnpj', 'Log', 'Status', 'Ação']);
    expect(within(table).getByText('registrado em 20/11/2026 14:30 por Administrador')).toBeInTheDocument();
    expect(api.agendamentos.mock.calls[0][2]).toMatchObject({ usuario_id: '', status: '' });
    expect(api.agendamentos.mock.calls[0][2].mes).toMatch(/^\d{4}-\d{2}$/);

    await user.click(screen.getByRole('combobox', { name: 'Operador' }));
    await user.click(await screen.findByRole('option', { name: 'Administrador' }));
    await waitFor(() => expect(api.agendamentos).toHaveBeenLastCalledWith(1, '', expect.objectContaining({ usuario_id: '1' })));

    await user.click(screen.getByRole('button', { name: 'Concluir agendamento de Juliana Pereira Santos' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, concluir agendamento' }));
    await waitFor(() => expect(api.concluirAgendamento).toHaveBeenCalledWith(12));
  });

  it('shows the person\'s schedules in a modal', async () => {
    const user = userEvent.setup();
    api.agendamentos.mockResolvedValue(page);
    api.operadores.mockResolvedValue([]);
    api.agendamentosDaPessoa.mockResolvedValue([{ ...note, id: 13, descricao: 'Contato anterior', status: 'REALIZADO' }]);
    renderWithProviders(<AgendamentosPage />);
    await user.click(await screen.findByRole('button', { name: 'Agendamentos de Juliana Pereira Santos' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Contato anterior')).toBeInTheDocument();
    expect(api.agendamentosDaPessoa).toHaveBeenCalledWith(9);
  });
});
