import { NIVEL } from '@bg/domain';
import type { CurrentUser } from '../lib/auth';
import { canManageApiKeys } from '../lib/permissions';

/**
 * The menus of spec §2 Menu. usuario: a flat list (Antecipações and Simular venda only when the
 * empresa allows them; Chat opens outside). administrador: the sections Operação, Financeiro,
 * Cobrança and Administração. franqueado (nivel 3): the usuario menu plus the cadastros it
 * manages for its franchisees (docs/decisions/006-menus-by-level.md).
 */
export type MenuLink = { label: string; to: string; external?: boolean };
export type MenuSection = { label: string; links: MenuLink[] };
export type MenuEntry = MenuLink | MenuSection;

export function isSection(entry: MenuEntry): entry is MenuSection {
  return 'links' in entry;
}

export function menuFor(user: CurrentUser, chatUrl: string): MenuEntry[] {
  if (user.nivel === NIVEL.ADMINISTRADOR) {
    return [
      { label: 'Início', to: '/dashboard' },
      {
        label: 'Operação',
        links: [
          { label: 'Nova Garantia', to: '/operacao/garantias/nova' },
          { label: 'Garantias', to: '/operacao/garantias' },
          { label: 'Impressão de Boletos', to: '/operacao/garantias/impressao' },
          { label: 'Antecipações', to: '/operacao/antecipacoes' },
          { label: 'Remessas', to: '/operacao/remessas' },
          { label: 'Retornos', to: '/operacao/retornos' },
          { label: 'Conciliação', to: '/operacao/conciliacao' },
        ],
      },
      {
        label: 'Financeiro',
        links: [
          { label: 'Recebimentos', to: '/financeiro/recebimentos' },
          { label: 'Boletos Garantidos', to: '/financeiro/boletos' },
          { label: 'Boletos Avulsos', to: '/financeiro/boletos-avulsos' },
          { label: 'Faturamento', to: '/financeiro/relatorios/faturamento' },
          { label: 'Fechamento', to: '/financeiro/relatorios/fechamento' },
          { label: 'Extrato', to: '/financeiro/extrato' },
          { label: 'Repasses', to: '/financeiro/repasses' },
          { label: 'Risco da carteira', to: '/financeiro/risco' },
        ],
      },
      {
        label: 'Cobrança',
        links: [
          { label: 'Inadimplentes', to: '/cobranca/inadimplentes' },
          { label: 'Agendamentos', to: '/cobranca/agendamentos' },
          { label: 'Acordos', to: '/cobranca/acordos' },
        ],
      },
      {
        label: 'Administração',
        links: [
          { label: 'Empresas', to: '/administracao/empresas' },
          { label: 'Franqueados', to: '/cadastros/empresas' },
          { label: 'Pessoas', to: '/administracao/pessoas' },
          { label: 'Usuários', to: '/administracao/usuarios' },
          { label: 'CPFs Suspeitos', to: '/administracao/cpfs-suspeitos' },
          { label: 'Política de Crédito', to: '/administracao/politica-credito' },
          { label: 'Auditoria', to: '/administracao/auditoria' },
          { label: 'Conta de Cobrança', to: '/administracao/conta-cobranca' },
          { label: 'Mensagens', to: '/administracao/mensagens' },
          { label: 'Régua de cobrança', to: '/administracao/regua' },
          { label: 'Webhooks', to: '/administracao/webhooks' },
          { label: 'Integrações', to: '/administracao/integracoes' },
          { label: 'LGPD', to: '/administracao/lgpd' },
        ],
      },
    ];
  }
  const links: MenuEntry[] = [
    { label: 'Início', to: '/dashboard' },
    { label: 'Nova Garantia', to: '/operacao/garantias/nova' },
    { label: 'Impressão de Boletos', to: '/operacao/garantias/impressao' },
    { label: 'Recebimentos', to: '/financeiro/recebimentos' },
  ];
  if (user.empresa?.antecipa === 'S') links.push({ label: 'Antecipações', to: '/operacao/antecipacoes' });
  if (user.empresa?.simula_venda === 'S') links.push({ label: 'Simular venda', to: '/operacao/antecipacoes/simular-venda' });
  // the shop's statement from the ledger (issue 24); a franqueado also reads its franchisees'
  links.push({ label: 'Financeiro', links: [{ label: 'Extrato', to: '/financeiro/extrato' }] });
  // with the Integrações permission a shop's user (or franqueado) manages its own shop's webhooks
  // (issue 28, decision 118) and API keys (decision 117)
  const integracoes: MenuLink[] = canManageApiKeys(user)
    ? [{ label: 'Webhooks', to: '/administracao/webhooks' }, { label: 'Integrações', to: '/administracao/integracoes' }]
    : [];
  if (user.nivel === NIVEL.USUARIO && integracoes.length) links.push({ label: 'Administração', links: integracoes });
  if (user.nivel === NIVEL.FRANQUEADO) {
    links.push({
      label: 'Administração',
      links: [
        { label: 'Empresas', to: '/administracao/empresas' },
        { label: 'Usuários', to: '/administracao/usuarios' },
        ...integracoes,
      ],
    });
  }
  links.push({ label: 'Chat', to: chatUrl, external: true });
  return links;
}
