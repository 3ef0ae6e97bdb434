import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { RecebimentosPage } from './RecebimentosPage';

const api = vi.hoisted(() => ({ listRecebimentos: vi.fn(), receber: vi.fn(), comprovanteUrl: vi.fn() }));
vi.mock('../api/recebimentos', () => api);
const user = vi.hoisted(() => ({ current: { id: 3, nivel: '1', empresa: { id: 5 } as { id: number } | null } }));
vi.mock('../../../lib/auth', async () => {
  const { NIVEL } = await import('@bg/domain');
  return { useCurrentUser: () => user.current, isAdmin: (u: { nivel: string }) => u.nivel === NIVEL.ADMINISTRADOR };
});

const row = {
  id: 21, parcela: 1, valor: 199.9, valor_atualizado: 244.14, vencimento: '2026-09-22', situacao: 'GARANTIDO',
  garantia_id: 8, garantia_digito: 6, nome_razao: 'Roberto Carlos Mendes', cpf_cnpj: '85294736128', pode_alterar: true,
};
const page = { data: [row], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 };

afterEach(() => {
  api.listRecebimentos.mockReset();
  api.receber.mockReset();
  user.current = { id: 3, nivel: '1', empresa: { id: 5 } };
});

describe('Recebimentos of an advanced boleto (decision 109)', () => {
  const advanced = { ...row, id: 22, parcela: 2, valor: 320.5, antecipacao: { id: 14, situacao: 'APROVADA' } };
  it('the shop is not offered Receber: the row says it was advanced', async () => {
    api.listRecebimentos.mockResolvedValue({ ...page, data: [advanced] });
    renderWithProviders(<RecebimentosPage />);
    expect((await screen.findByText('Antecipado')).closest('[title]')).toHaveAttribute('title', expect.stringMatching(/^Este boleto foi antecipado à loja \(antecipação nº 14\)/));
    expect(screen.queryByRole('button', { name: /Receber parcela 2/ })).toBeNull();
  });
  it('an administrador reads the consequence before confirming: the advance becomes a debt of the shop', async () => {
    user.current = { id: 1, nivel: '2', empresa: null };
    api.listRecebimentos.mockResolvedValue({ ...page, data: [advanced] });
    renderWithProviders(<RecebimentosPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Receber parcela 2 de Roberto Carlos Mendes' }));
    expect(await screen.findByText(/o valor antecipado \(R\$ 320,50\) virar uma dívida da loja, descontada do próximo repasse/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(api.receber).not.toHaveBeenCalled();
  });
});

describe('Recebimentos for a franqueado (issue 25: read only)', () => {
  it("its franchisee's boletos offer no Receber, its own shop's do", async () => {
    user.current = { id: 4, nivel: '3', empresa: { id: 9 } };
    const franqueada = { ...row, id: 23, parcela: 3, nome_razao: 'Cliente da Franqueada', pode_alterar: false };
    api.listRecebimentos.mockResolvedValue({ ...page, data: [row, franqueada], to: 2, total: 2 });
    renderWithProviders(<RecebimentosPage />);
    expect(await screen.findByText('Somente consulta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Receber parcela 3/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Receber parcela 1 de Roberto Carlos Mendes' })).toBeEnabled();
    expect(screen.getAllByRole('button', { name: /^Receber/ })).toHaveLength(1);
  });
});

describe('Recebimentos de Boletos Garantidos', () => {
  it('lists GARANTIDO boletos with the spec columns and Valor Atualizado; searches on Enter', async () => {
    api.listRecebimentos.mockResolvedValue(page);
    renderWithProviders(<RecebimentosPage />);
    await screen.findByText('Roberto Carlos Mendes');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Garantia', 'Cliente', 'CPF/CNPJ', 'Vencimento', 'Valor', 'Valor Atualizado', 'Situação', 'Ação']);
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual(['8 - 6', 'Roberto Carlos Mendes', '852.947.361-28', '22/09/2026', 'R$ 199,90', 'R$ 244,14', 'GARANTIDO']);
    const box = screen.getByPlaceholderText('Pesquisar por nome ou CPF/CNPJ');
    fireEvent.change(box, { target: { value: '852.947' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(api.listRecebimentos).toHaveBeenLastCalledWith(1, '852.947'));
  });

  it('Receber asks for confirmation before the irreversible baixa', async () => {
    api.listRecebimentos.mockResolvedValue(page);
    renderWithProviders(<RecebimentosPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Receber parcela 1 de Roberto Carlos Mendes' }));
    expect(await screen.findByText(/esta ação não pode ser desfeita/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByText(/esta ação não pode ser desfeita/)).not.toBeInTheDocument());
    expect(api.receber).not.toHaveBeenCalled();
  });
});
