import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { TelefonesModal } from './TelefonesModal';

const api = vi.hoisted(() => ({ telefones: vi.fn() }));
vi.mock('../api/pessoas', async (original) => ({ pessoasApi: { ...(await original<{ pessoasApi: object }>()).pessoasApi, ...api } }));
const user = vi.hoisted(() => ({ current: { id: 9, nivel: '3', empresa: { id: 5 } } }));
vi.mock('../../../lib/auth', async () => {
  const { NIVEL } = await import('@bg/domain');
  return { useCurrentUser: () => user.current, isAdmin: (u: { nivel: string }) => u.nivel === NIVEL.ADMINISTRADOR };
});

const pessoa = { id: 7, nome_razao: 'Maria da Silva', cpf_cnpj: '38172645007', tipo_pessoa: 'F' as const, telefone1: null, telefone2: null, situacao: 'ATIVO' as const };
const phone = (id: number, empresa_id: number | null, loja: string) => ({ id, telefone: `1198765432${id % 10}`, contato: `Contato ${id}`, created_at: '2026-11-20T12:00:00Z', pessoa_id: 7, empresa_id, loja });
const page = (current_page: number, data: ReturnType<typeof phone>[]) => ({ status: 200, msg: 'ok', data, from: (current_page - 1) * 15 + 1, to: (current_page - 1) * 15 + data.length, total: 17, current_page, last_page: 2, per_page: 15 });

describe('Telefones (decision 104)', () => {
  it('a franqueado reads its own and its franchisee\'s phones marked by Loja, removes only its own, page by page', async () => {
    user.current = { id: 9, nivel: '3', empresa: { id: 5 } };
    api.telefones.mockImplementation(async (_id: number, p: number) => (p === 1 ? page(1, [phone(1, 5, 'Franquia Centro'), phone(2, 8, 'Loja A')]) : page(2, [phone(16, 8, 'Loja A')])));
    renderWithProviders(<TelefonesModal pessoa={pessoa} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Telefones' });
    expect(within(table).getByRole('columnheader', { name: 'Loja' })).toBeInTheDocument();
    const own = (await within(table).findByText('Contato 1')).closest('tr')!;
    const franchisee = within(table).getByText('Contato 2').closest('tr')!;
    expect(own).toHaveTextContent('Franquia Centro');
    expect(within(own).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
    expect(franchisee).toHaveTextContent('Loja A');
    expect(within(franchisee).queryByRole('button', { name: 'Remover' })).toBeNull();
    expect(screen.getByText('Mostrando 1 até 2 de 17 registros encontrados.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Próximo/ }));
    expect(await within(table).findByText('Contato 16')).toBeInTheDocument();
    expect(api.telefones).toHaveBeenLastCalledWith(7, 2);
  });

  it('a shop sees its own phones without a Loja column, and the limit of 20', async () => {
    user.current = { id: 3, nivel: '1', empresa: { id: 8 } };
    api.telefones.mockResolvedValue({ ...page(1, [phone(2, 8, 'Loja A')]), total: 1, last_page: 1 });
    renderWithProviders(<TelefonesModal pessoa={pessoa} onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Telefones' });
    expect(await within(table).findByText('Contato 2')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Loja' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
    expect(screen.getByText('Até 20 telefones adicionais por pessoa.')).toBeInTheDocument();
  });
});
