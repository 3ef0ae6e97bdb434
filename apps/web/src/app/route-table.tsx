import type { ReactNode } from 'react';
import { Maintenance } from '../components';
import { DashboardPage } from '../features/dashboard/routes/DashboardPage';
import { ChangePasswordPage } from '../features/session/routes/ChangePasswordPage';
import { AuditPage } from '../features/auditoria/routes/AuditPage';
import { EmpresasPage } from '../features/empresas/routes/EmpresasPage';
import { EmpresaFormPage } from '../features/empresas/routes/EmpresaFormPage';
import { FranqueadosPage } from '../features/franqueados/routes/FranqueadosPage';
import { PessoasPage } from '../features/pessoas/routes/PessoasPage';
import { PessoaFormPage } from '../features/pessoas/routes/PessoaFormPage';
import { UsuariosPage } from '../features/usuarios/routes/UsuariosPage';
import { UsuarioFormPage } from '../features/usuarios/routes/UsuarioFormPage';
import { CpfsSuspeitosPage } from '../features/cpfs-suspeitos/routes/CpfsSuspeitosPage';
import { ImpressaoListPage } from '../features/impressao/routes/ImpressaoListPage';
import { ImpressaoDetailPage } from '../features/impressao/routes/ImpressaoDetailPage';
import { BoletosGarantidosPage } from '../features/boletos/routes/BoletosGarantidosPage';
import { RecebimentosPage } from '../features/recebimentos/routes/RecebimentosPage';
import { ContaCobrancaPage } from '../features/conta-cobranca/routes/ContaCobrancaPage';
import { NovaGarantiaPage } from '../features/garantias/routes/NovaGarantiaPage';
import { GarantiasListPage } from '../features/garantias/routes/GarantiasListPage';
import { GarantiaAnalysisPage } from '../features/garantias/routes/GarantiaAnalysisPage';

/**
 * Every route of the spec's table (§2 Routes) with its name (page title) and who may open it.
 * `admin`: administrador only; `user`: any logged-in user. A route whose feature is not built yet
 * shows the spec's maintenance warning, never a fake screen. Features replace their entries here.
 */
export type AppRoute = { path: string; title: string; access: 'admin' | 'user'; element: ReactNode };

const maintenance = <Maintenance />;

export const appRoutes: AppRoute[] = [
  { path: '/dashboard', title: 'Início', access: 'user', element: <DashboardPage /> },
  { path: '/operacao/garantias/nova', title: 'Nova Garantia', access: 'user', element: <NovaGarantiaPage /> },
  { path: '/operacao/garantias', title: 'Garantias', access: 'admin', element: <GarantiasListPage /> },
  { path: '/operacao/garantias/detalhe/:garantiaId', title: 'Análise da Garantia', access: 'admin', element: <GarantiaAnalysisPage /> },
  { path: '/operacao/garantias/impressao', title: 'Impressão de Boletos', access: 'user', element: <ImpressaoListPage /> },
  { path: '/operacao/garantias/impressao/detalhe/:garantiaId', title: 'Boletos da Garantia', access: 'user', element: <ImpressaoDetailPage /> },
  { path: '/operacao/antecipacoes', title: 'Antecipações', access: 'user', element: maintenance },
  { path: '/operacao/antecipacoes/nova', title: 'Simulação da Antecipação', access: 'user', element: maintenance },
  { path: '/operacao/antecipacoes/simular-venda', title: 'Simular venda', access: 'user', element: maintenance },
  { path: '/operacao/remessas', title: 'Remessas', access: 'admin', element: maintenance },
  { path: '/operacao/retornos', title: 'Retornos', access: 'admin', element: maintenance },
  { path: '/cobranca/inadimplentes', title: 'Inadimplentes', access: 'admin', element: maintenance },
  { path: '/cobranca/inadimplentes/detalhe/:inadimplenteId', title: 'Detalhe do Inadimplente', access: 'admin', element: maintenance },
  { path: '/cobranca/agendamentos', title: 'Agendamentos', access: 'admin', element: maintenance },
  { path: '/cobranca/acordos', title: 'Acordos', access: 'admin', element: maintenance },
  { path: '/financeiro/recebimentos', title: 'Recebimentos', access: 'user', element: <RecebimentosPage /> },
  { path: '/financeiro/boletos', title: 'Boletos Garantidos', access: 'admin', element: <BoletosGarantidosPage /> },
  { path: '/financeiro/boletos-avulsos', title: 'Boletos Avulsos', access: 'admin', element: maintenance },
  { path: '/financeiro/boletos-avulsos/novo', title: 'Novo Boleto Avulso', access: 'admin', element: maintenance },
  { path: '/financeiro/relatorios/faturamento', title: 'Faturamento', access: 'admin', element: maintenance },
  { path: '/financeiro/relatorios/fechamento', title: 'Fechamento', access: 'admin', element: maintenance },
  { path: '/administracao/empresas', title: 'Empresas', access: 'user', element: <EmpresasPage /> },
  { path: '/administracao/empresas/nova', title: 'Nova Empresa', access: 'user', element: <EmpresaFormPage key="new" /> },
  { path: '/administracao/empresas/atualizacao/:idEmpresa', title: 'Atualização da Empresa', access: 'user', element: <EmpresaFormPage key="edit" /> },
  { path: '/administracao/pessoas', title: 'Pessoas', access: 'user', element: <PessoasPage /> },
  { path: '/administracao/pessoas/atualizacao/:idPessoa', title: 'Atualização da Pessoa', access: 'user', element: <PessoaFormPage /> },
  { path: '/administracao/usuarios', title: 'Usuários do Sistema', access: 'user', element: <UsuariosPage /> },
  { path: '/administracao/usuarios/novo', title: 'Novo Usuário', access: 'user', element: <UsuarioFormPage key="new" /> },
  { path: '/administracao/usuarios/atualizacao/:idUsuario', title: 'Atualização do Usuário', access: 'user', element: <UsuarioFormPage key="edit" /> },
  { path: '/administracao/usuarios/alterarSenha', title: 'Alterar Senha', access: 'user', element: <ChangePasswordPage /> },
  { path: '/administracao/cpfs-suspeitos', title: 'CPFs Suspeitos', access: 'admin', element: <CpfsSuspeitosPage /> },
  { path: '/administracao/auditoria', title: 'Auditoria', access: 'admin', element: <AuditPage /> },
  { path: '/administracao/conta-cobranca', title: 'Conta de Cobrança', access: 'admin', element: <ContaCobrancaPage /> },
  { path: '/cadastros/empresas', title: 'Franqueados', access: 'admin', element: <FranqueadosPage /> },
  { path: '/cadastros/users/alterarSenha', title: 'Alterar Senha', access: 'user', element: <ChangePasswordPage /> },
];
