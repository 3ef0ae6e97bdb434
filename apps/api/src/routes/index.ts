import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { arquivoRoutes } from './arquivo.js';
import { auditoriaRoutes } from './auditoria.js';
import { authRoutes } from './auth.js';
import { healthRoutes } from './health.js';
import { usuarioSessionRoutes } from './usuario-session.js';
import { cepRoutes } from './cep.js';
import { empresaRoutes } from './empresa.js';
import { usuarioRoutes } from './usuario.js';
import { pessoaRoutes } from './pessoa.js';
import { cpfSuspeitoRoutes } from './cpf-suspeito.js';
import { garantiaRoutes } from './garantia.js';
import { boletoRoutes } from './boleto.js';
import { contaCobrancaRoutes } from './conta-cobranca.js';
import { jobRoutes } from './job.js';
import { antecipacaoRoutes } from './antecipacao.js';
import { simuladorRoutes } from './simulador.js';
import { relatorioRoutes } from './relatorio.js';
import { dashboardRoutes } from './dashboard.js';
import { cobrancaRoutes } from './cobranca.js';
import { acordoRoutes } from './acordo.js';
import { mensagemRoutes } from './mensagem.js';
import { remessaRoutes } from './remessa.js';
import { retornoRoutes } from './retorno.js';
import { boletoAvulsoRoutes } from './boleto-avulso.js';
import { assinaturaRoutes } from './assinatura.js';
import { mensagemAdminRoutes } from './mensagem-admin.js';
import { mensagemWhatsappRoutes } from './mensagem-whatsapp.js';
import { mensagemDescadastroRoutes } from './mensagem-descadastro.js';
import { twoFactorRoutes } from './two-factor.js';
import { lgpdRoutes } from './lgpd.js';
import { razaoRoutes } from './razao.js';
import { financeiroRoutes } from './financeiro.js';
import { bancoRoutes } from './banco.js';
import { bancoConciliacaoRoutes } from './banco-conciliacao.js';
import { bancoCertificadoRoutes } from './banco-certificado.js';
import { reguaRoutes } from './regua.js';
import { integracaoWebhookRoutes } from './integracao-webhooks.js';
import { integracaoChavesRoutes } from './integracao-chaves.js';
import { apiV1Routes } from './api-v1.js';
import { pagadorRoutes } from './pagador.js';
import { spcCartaRoutes } from './spc-carta.js';
import { creditoRoutes } from './credito.js';
import { riscoRoutes } from './risco.js';

/** Every route module of the API. A feature adds its module here (one line each). */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  usuarioSessionRoutes,
  auditoriaRoutes,
  arquivoRoutes,
  cepRoutes,
  empresaRoutes,
  usuarioRoutes,
  pessoaRoutes,
  cpfSuspeitoRoutes,
  garantiaRoutes,
  boletoRoutes,
  contaCobrancaRoutes,
  jobRoutes,
  antecipacaoRoutes,
  simuladorRoutes,
  relatorioRoutes,
  dashboardRoutes,
  mensagemRoutes,
  cobrancaRoutes,
  acordoRoutes,
  remessaRoutes,
  retornoRoutes,
  boletoAvulsoRoutes,
  assinaturaRoutes,
  mensagemAdminRoutes,
  mensagemWhatsappRoutes,
  mensagemDescadastroRoutes,
  twoFactorRoutes,
  lgpdRoutes,
  razaoRoutes,
  financeiroRoutes,
  bancoRoutes,
  bancoConciliacaoRoutes,
  bancoCertificadoRoutes,
  reguaRoutes,
  integracaoWebhookRoutes,
  integracaoChavesRoutes,
  apiV1Routes,
  pagadorRoutes,
  spcCartaRoutes,
  creditoRoutes,
  riscoRoutes,
];
