import type { ReactNode } from 'react';
import { page } from './lazy-page';

// One chunk per page, fetched when its route is first opened (docs/decisions/009-production-build-and-startup.md):
// add a page as `const XPage = page(() => import('../features/x/routes/XPage'), 'XPage');`.
const DashboardPage = page(() => import('../features/dashboard/routes/DashboardPage'), 'DashboardPage');
const ChangePasswordPage = page(() => import('../features/session/routes/ChangePasswordPage'), 'ChangePasswordPage');
const AuditPage = page(() => import('../features/auditoria/routes/AuditPage'), 'AuditPage');
const EmpresasPage = page(() => import('../features/empresas/routes/EmpresasPage'), 'EmpresasPage');
const EmpresaFormPage = page(() => import('../features/empresas/routes/EmpresaFormPage'), 'EmpresaFormPage');
const FranqueadosPage = page(() => import('../features/franqueados/routes/FranqueadosPage'), 'FranqueadosPage');
const PessoasPage = page(() => import('../features/pessoas/routes/PessoasPage'), 'PessoasPage');
const PessoaFormPage = page(() => import('../features/pessoas/routes/PessoaFormPage'), 'PessoaFormPage');
const UsuariosPage = page(() => import('../features/usuarios/routes/UsuariosPage'), 'UsuariosPage');
const UsuarioFormPage = page(() => import('../features/usuarios/routes/UsuarioFormPage'), 'UsuarioFormPage');
const CpfsSuspeitosPage = page(() => import('../features/cpfs-suspeitos/routes/CpfsSuspeitosPage'), 'CpfsSuspeitosPage');
const PoliticaCreditoPage = page(() => import('../features/credito/routes/PoliticaCreditoPage'), 'PoliticaCreditoPage');
const ImpressaoListPage = page(() => import('../features/impressao/routes/ImpressaoListPage'), 'ImpressaoListPage');
const ImpressaoDetailPage = page(() => import('../features/impressao/routes/ImpressaoDetailPage'), 'ImpressaoDetailPage');
const BoletosGarantidosPage = page(() => import('../features/boletos/routes/BoletosGarantidosPage'), 'BoletosGarantidosPage');
const RecebimentosPage = page(() => import('../features/recebimentos/routes/RecebimentosPage'), 'RecebimentosPage');
const ContaCobrancaPage = page(() => import('../features/conta-cobranca/routes/ContaCobrancaPage'), 'ContaCobrancaPage');
const NovaGarantiaPage = page(() => import('../features/garantias/routes/NovaGarantiaPage'), 'NovaGarantiaPage');
const GarantiasListPage = page(() => import('../features/garantias/routes/GarantiasListPage'), 'GarantiasListPage');
const GarantiaAnalysisPage = page(() => import('../features/garantias/routes/GarantiaAnalysisPage'), 'GarantiaAnalysisPage');
const AntecipacoesPage = page(() => import('../features/antecipacoes/routes/AntecipacoesPage'), 'AntecipacoesPage');
const NovaAntecipacaoPage = page(() => import('../features/antecipacoes/routes/NovaAntecipacaoPage'), 'NovaAntecipacaoPage');
const SimuladorVendaPage = page(() => import('../features/simulador-venda/routes/SimuladorVendaPage'), 'SimuladorVendaPage');
const FaturamentoPage = page(() => import('../features/relatorios/routes/FaturamentoPage'), 'FaturamentoPage');
const RiscoPage = page(() => import('../features/risco/routes/RiscoPage'), 'RiscoPage');
const FechamentoPage = page(() => import('../features/relatorios/routes/FechamentoPage'), 'FechamentoPage');
const ExtratoPage = page(() => import('../features/financeiro/routes/ExtratoPage'), 'ExtratoPage');
const RepassesPage = page(() => import('../features/financeiro/routes/RepassesPage'), 'RepassesPage');
const InadimplentesPage = page(() => import('../features/cobranca/routes/InadimplentesPage'), 'InadimplentesPage');
const InadimplenteDetailPage = page(() => import('../features/cobranca/routes/InadimplenteDetailPage'), 'InadimplenteDetailPage');
const AgendamentosPage = page(() => import('../features/cobranca/routes/AgendamentosPage'), 'AgendamentosPage');
const AcordosPage = page(() => import('../features/cobranca/routes/AcordosPage'), 'AcordosPage');
const MensagensPage = page(() => import('../features/mensagens/routes/MensagensPage'), 'MensagensPage');
const ReguaPage = page(() => import('../features/regua/routes/ReguaPage'), 'ReguaPage');
const WebhooksPage = page(() => import('../features/integracoes/webhooks/routes/WebhooksPage'), 'WebhooksPage');
const WebhookEntregasPage = page(() => import('../features/integracoes/webhooks/routes/WebhookEntregasPage'), 'WebhookEntregasPage');
const RemessasPage = page(() => import('../features/remessas/routes/RemessasPage'), 'RemessasPage');
const RetornosPage = page(() => import('../features/retornos/routes/RetornosPage'), 'RetornosPage');
const ConciliacaoPage = page(() => import('../features/conciliacao/routes/ConciliacaoPage'), 'ConciliacaoPage');
const BoletosAvulsosPage = page(() => import('../features/boletos-avulsos/routes/BoletosAvulsosPage'), 'BoletosAvulsosPage');
const NovoBoletoAvulsoPage = page(() => import('../features/boletos-avulsos/routes/NovoBoletoAvulsoPage'), 'NovoBoletoAvulsoPage');
const TwoFactorPage = page(() => import('../features/session/routes/TwoFactorPage'), 'TwoFactorPage');
const LgpdPage = page(() => import('../features/lgpd/routes/LgpdPage'), 'LgpdPage');
const AcessosPage = page(() => import('../features/lgpd/routes/AcessosPage'), 'AcessosPage');
const IntegracoesPage = page(() => import('../features/integracoes/routes/IntegracoesPage'), 'IntegracoesPage');
const AcessosPagadorPage = page(() => import('../features/pagador/routes/AcessosPagadorPage'), 'AcessosPagadorPage');

/**
 * Every route of the spec's table (§2 Routes) with its name (page title) and who may open it.
 * `admin`: administrador only; `user`: any logged-in user. A route whose feature is not built yet
 * shows the spec's maintenance warning, never a fake screen. Features replace their entries here.
 */
export type AppRoute = { path: string; title: string; access: 'admin' | 'user'; element: ReactNode };

/** The two-factor setup page (user menu); the only one open while REQUIRE_ADMIN_2FA asks for it. */
export const TWO_FACTOR_PAGE = '/administracao/usuarios/dois-fatores';

export const appRoutes: AppRoute[] = [
  { path: '/dashboard', title: 'Início', access: 'user', element: <DashboardPage /> },
  { path: '/operacao/garantias/nova', title: 'Nova Garantia', access: 'user', element: <NovaGarantiaPage /> },
  { path: '/operacao/garantias', title: 'Garantias', access: 'admin', element: <GarantiasListPage /> },
  { path: '/operacao/garantias/detalhe/:garantiaId', title: 'Análise da Garantia', access: 'admin', element: <GarantiaAnalysisPage /> },
  { path: '/operacao/garantias/impressao', title: 'Impressão de Boletos', access: 'user', element: <ImpressaoListPage /> },
  { path: '/operacao/garantias/impressao/detalhe/:garantiaId', title: 'Boletos da Garantia', access: 'user', element: <ImpressaoDetailPage /> },
  { path: '/operacao/antecipacoes', title: 'Antecipações', access: 'user', element: <AntecipacoesPage /> },
  { path: '/operacao/antecipacoes/nova', title: 'Simulação da Antecipação', access: 'user', element: <NovaAntecipacaoPage /> },
  { path: '/operacao/antecipacoes/simular-venda', title: 'Simular venda', access: 'user', element: <SimuladorVendaPage /> },
  { path: '/operacao/remessas', title: 'Remessas', access: 'admin', element: <RemessasPage /> },
  { path: '/operacao/retornos', title: 'Retornos', access: 'admin', element: <RetornosPage /> },
  { path: '/operacao/conciliacao', title: 'Conciliação', access: 'admin', element: <ConciliacaoPage /> },
  { path: '/cobranca/inadimplentes', title: 'Inadimplentes', access: 'admin', element: <InadimplentesPage /> },
  { path: '/cobranca/inadimplentes/detalhe/:inadimplenteId', title: 'Detalhe do Inadimplente', access: 'admin', element: <InadimplenteDetailPage /> },
  { path: '/cobranca/agendamentos', title: 'Agendamentos', access: 'admin', element: <AgendamentosPage /> },
  { path: '/cobranca/acordos', title: 'Acordos', access: 'admin', element: <AcordosPage /> },
  { path: '/financeiro/recebimentos', title: 'Recebimentos', access: 'user', element: <RecebimentosPage /> },
  { path: '/financeiro/boletos', title: 'Boletos Garantidos', access: 'admin', element: <BoletosGarantidosPage /> },
  { path: '/financeiro/boletos-avulsos', title: 'Boletos Avulsos', access: 'admin', element: <BoletosAvulsosPage /> },
  { path: '/financeiro/boletos-avulsos/novo', title: 'Novo Boleto Avulso', access: 'admin', element: <NovoBoletoAvulsoPage /> },
  { path: '/financeiro/relatorios/faturamento', title: 'Faturamento', access: 'admin', element: <FaturamentoPage /> },
  { path: '/financeiro/relatorios/fechamento', title: 'Fechamento', access: 'admin', element: <FechamentoPage /> },
  { path: '/financeiro/extrato', title: 'Extrato', access: 'user', element: <ExtratoPage /> },
  { path: '/financeiro/repasses', title: 'Repasses', access: 'admin', element: <RepassesPage /> },
  { path: '/financeiro/risco', title: 'Risco da carteira', access: 'admin', element: <RiscoPage /> },
  { path: '/administracao/empresas', title: 'Empresas', access: 'user', element: <EmpresasPage /> },
  { path: '/administracao/empresas/nova', title: 'Nova Empresa', access: 'user', element: <EmpresaFormPage key="new" /> },
  { path: '/administracao/empresas/atualizacao/:idEmpresa', title: 'Atualização da Empresa', access: 'user', element: <EmpresaFormPage key="edit" /> },
  { path: '/administracao/pessoas', title: 'Pessoas', access: 'user', element: <PessoasPage /> },
  { path: '/administracao/pessoas/atualizacao/:idPessoa', title: 'Atualização da Pessoa', access: 'user', element: <PessoaFormPage /> },
  { path: '/administracao/usuarios', title: 'Usuários do Sistema', access: 'user', element: <UsuariosPage /> },
  { path: '/administracao/usuarios/novo', title: 'Novo Usuário', access: 'user', element: <UsuarioFormPage key="new" /> },
  { path: '/administracao/usuarios/atualizacao/:idUsuario', title: 'Atualização do Usuário', access: 'user', element: <UsuarioFormPage key="edit" /> },
  { path: '/administracao/usuarios/alterarSenha', title: 'Alterar Senha', access: 'user', element: <ChangePasswordPage /> },
  { path: TWO_FACTOR_PAGE, title: 'Verificação em duas etapas', access: 'user', element: <TwoFactorPage /> },
  { path: '/administracao/lgpd', title: 'LGPD', access: 'admin', element: <LgpdPage /> },
  // a shop's user with the permission too (lib/permissions.ts canManageApiKeys)
  { path: '/administracao/integracoes', title: 'Integrações', access: 'user', element: <IntegracoesPage /> },
  { path: '/administracao/lgpd/acessos/:idPessoa', title: 'Acessos aos dados pessoais', access: 'admin', element: <AcessosPage /> },
  { path: '/administracao/lgpd/acessos-pagador/:idPessoa', title: 'Acessos à página do pagador', access: 'admin', element: <AcessosPagadorPage /> },
  { path: '/administracao/cpfs-suspeitos', title: 'CPFs Suspeitos', access: 'admin', element: <CpfsSuspeitosPage /> },
  { path: '/administracao/politica-credito', title: 'Política de Crédito', access: 'admin', element: <PoliticaCreditoPage /> },
  { path: '/administracao/auditoria', title: 'Auditoria', access: 'admin', element: <AuditPage /> },
  { path: '/administracao/conta-cobranca', title: 'Conta de Cobrança', access: 'admin', element: <ContaCobrancaPage /> },
  { path: '/administracao/mensagens', title: 'Mensagens', access: 'admin', element: <MensagensPage /> },
  { path: '/administracao/regua', title: 'Régua de cobrança', access: 'admin', element: <ReguaPage /> },
  // webhooks for the shops' systems (issue 28): administradores for any shop, a shop's user for its own (the API checks it)
  { path: '/administracao/webhooks', title: 'Webhooks', access: 'user', element: <WebhooksPage /> },
  { path: '/administracao/webhooks/:idWebhook/entregas', title: 'Entregas do webhook', access: 'user', element: <WebhookEntregasPage /> },
  { path: '/cadastros/empresas', title: 'Franqueados', access: 'admin', element: <FranqueadosPage /> },
  { path: '/cadastros/users/alterarSenha', title: 'Alterar Senha', access: 'user', element: <ChangePasswordPage /> },
];
