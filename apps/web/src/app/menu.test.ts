import { describe, expect, it } from 'vitest';
import { isSection, menuFor } from './menu';
import type { CurrentUser } from '../lib/auth';

const base: CurrentUser = {
  id: 1, name: 'X', login: 'x', email: null, nivel: '1', setor: null, permissoes: [], displayName: 'X', avatar: null,
  empresa: { id: 1, fantasia: 'Loja', qtd_max_parcelas: 12, antecipa: 'N', simula_venda: 'N' },
  dois_fatores: { ativo: false, configuracao_obrigatoria: false },
};
const labels = (u: CurrentUser) => menuFor(u, 'https://chat').map((e) => e.label);

describe('menus by level', () => {
  it('usuario sees the flat menu, with the conditional items only when the empresa allows', () => {
    expect(labels(base)).toEqual(['Início', 'Nova Garantia', 'Impressão de Boletos', 'Recebimentos', 'Financeiro', 'Chat']);
    const both: CurrentUser = { ...base, empresa: { ...base.empresa!, antecipa: 'S', simula_venda: 'S' } };
    expect(labels(both)).toEqual(['Início', 'Nova Garantia', 'Impressão de Boletos', 'Recebimentos', 'Antecipações', 'Simular venda', 'Financeiro', 'Chat']);
    // the shop's Extrato under Financeiro (issue 24); Repasses is the administrador's
    expect(menuFor(base, 'x').find((e) => e.label === 'Financeiro')).toEqual({ label: 'Financeiro', links: [{ label: 'Extrato', to: '/financeiro/extrato' }] });
    // without the Integrações permission, no Administração (webhooks and keys need it, issue 28)
    expect(menuFor(base, 'x').find((e) => e.label === 'Administração')).toBeUndefined();
    const chat = menuFor(base, 'https://chat').at(-1)!;
    expect(chat).toEqual({ label: 'Chat', to: 'https://chat', external: true });
  });
  it('Integrações (API keys, issue 28): administradores, and a shop\'s user or franqueado with the permission', () => {
    const admin = menuFor({ ...base, nivel: '2', empresa: null }, 'x').filter(isSection).find((s) => s.label === 'Administração')!;
    expect(admin.links).toContainEqual({ label: 'Integrações', to: '/administracao/integracoes' });
    const com = { ...base, permissoes: ['integracao.chaves'] };
    expect(menuFor(com, 'x').find((e) => e.label === 'Administração')).toEqual({
      label: 'Administração',
      links: [{ label: 'Webhooks', to: '/administracao/webhooks' }, { label: 'Integrações', to: '/administracao/integracoes' }],
    });
    const franqueado = menuFor({ ...com, nivel: '3' }, 'x').filter(isSection).find((s) => s.label === 'Administração')!;
    expect(franqueado.links.at(-1)).toEqual({ label: 'Integrações', to: '/administracao/integracoes' });
    expect(franqueado.links).toContainEqual({ label: 'Webhooks', to: '/administracao/webhooks' });
    // without the permission: no link (and the route refuses, lib/permissions.ts)
    expect(JSON.stringify(menuFor({ ...base, nivel: '3' }, 'x'))).not.toContain('integracoes');
  });
  it('administrador sees the four sections', () => {
    const menu = menuFor({ ...base, nivel: '2', empresa: null }, 'x');
    expect(menu.filter(isSection).map((s) => s.label)).toEqual(['Operação', 'Financeiro', 'Cobrança', 'Administração']);
    expect(menu.filter(isSection).find((s) => s.label === 'Financeiro')!.links.slice(-3)).toEqual([
      { label: 'Extrato', to: '/financeiro/extrato' },
      { label: 'Repasses', to: '/financeiro/repasses' },
      // issue 29: the portfolio's risk, administradores only
      { label: 'Risco da carteira', to: '/financeiro/risco' },
    ]);
    // Conciliação beside Remessas and Retornos (issue 26: banks by API)
    expect(menu.filter(isSection).find((s) => s.label === 'Operação')!.links.slice(-3).map((l) => l.label)).toEqual(['Remessas', 'Retornos', 'Conciliação']);
    // LGPD: the data subject's export (docs/decisions/095)
    expect(menu.filter(isSection).find((s) => s.label === 'Administração')!.links.at(-1)).toEqual({ label: 'LGPD', to: '/administracao/lgpd' });
  });
});

import { activeMenuPath } from './layout/Navbar';
describe('active menu entry', () => {
  const paths = ['/dashboard', '/operacao/garantias/nova', '/operacao/garantias', '/operacao/garantias/impressao'];
  it('is the longest menu path containing the page', () => {
    expect(activeMenuPath('/operacao/garantias/impressao/detalhe/4', paths)).toBe('/operacao/garantias/impressao');
    expect(activeMenuPath('/operacao/garantias/detalhe/4', paths)).toBe('/operacao/garantias');
    expect(activeMenuPath('/operacao/garantias/nova', paths)).toBe('/operacao/garantias/nova');
    expect(activeMenuPath('/administracao/auditoria', paths)).toBeNull();
  });
});
