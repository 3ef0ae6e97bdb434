import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import type { CurrentUser } from '../../lib/auth';
import { Navbar } from './Navbar';

const auth = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock('../../lib/auth', () => ({ useCurrentUser: () => auth.user }));
vi.mock('../../lib/lookups', async (original) => {
  const real = await original<typeof import('../../lib/lookups')>();
  return { ...real, systemConfigQuery: () => ({ ...real.systemConfigQuery(), queryFn: () => Promise.resolve({ chatUrl: 'https://chat' }) }) };
});

const loja: CurrentUser = {
  id: 1, name: 'X', login: 'x', email: null, nivel: '1', setor: null, permissoes: [], displayName: 'X', avatar: null,
  empresa: { id: 1, fantasia: 'Loja', qtd_max_parcelas: 12, antecipa: 'S', simula_venda: 'S' },
  dois_fatores: { ativo: false, configuracao_obrigatoria: false },
};
const admin: CurrentUser = { ...loja, nivel: '2', empresa: null };

/** What Mantine paints as the current entry: data-active or aria-current="page". */
const highlighted = () => [...document.querySelectorAll('nav :is(a, button):is([data-active], [aria-current="page"])')].map((e) => e.textContent);

describe('Navbar: one menu item highlighted at a time (issue 25)', () => {
  it.each([
    ['loja', '/operacao/antecipacoes/simular-venda', 'Simular venda', loja],
    ['loja', '/operacao/antecipacoes/nova', 'Antecipações', loja],
    ['admin', '/operacao/garantias/impressao', 'Impressão de Boletos', admin],
    ['admin', '/operacao/garantias/detalhe/4', 'Garantias', admin],
    ['admin', '/operacao/garantias/nova', 'Nova Garantia', admin],
  ] as const)('%s at %s: only "%s" is lit', (_who, route, label, user) => {
    auth.user = user;
    renderWithProviders(<Navbar onNavigate={() => {}} />, { route });
    expect(new Set(highlighted())).toEqual(new Set([label]));
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  });
});
