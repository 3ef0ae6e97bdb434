import { z } from 'zod';
import { GARANTIA_STATUS } from '../situacao/boleto-situacao.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, timestamp } from './envelope.js';

/**
 * Início (dashboard): what each role needs first, one card per figure, all from one call. Every
 * figure is counted by the server from real rows; a card whose source does not exist yet is left
 * out of the answer (never a made-up zero).
 */
const tags = ['início'];

/** Boletos due within this many days count as "a vencer" on the usuario's Início. */
export const DASHBOARD_DIAS_A_VENCER = 7;

const quantidadeValor = z.object({ quantidade: z.number().int(), valor: money });

/** Spec §3 Remittance: the last remessa generated (filled by the CNAB feature). */
export const dashboardRemessaJson = z.object({
  id,
  created_at: timestamp,
  quantidade_entrada: z.number().int(),
  total_valor_entrada: money,
  quantidade_baixa: z.number().int(),
  total_valor_baixa: money,
});

/** Spec §3 Return file record: the last retorno processed (filled by the CNAB feature). */
export const dashboardRetornoJson = z.object({
  id,
  created_at: timestamp,
  quantidade_liquidado: z.number().int(),
  total_valor_liquidado: money,
  quantidade_baixa: z.number().int(),
  total_valor_baixa: money,
  quantidade_entrada: z.number().int(),
  total_valor_entrada: money,
});

const garantiaStatusLabel = z.enum([...Object.values(GARANTIA_STATUS), 'PRÉ APROVADO']);

/** usuario and franqueado: their own scope. */
/**
 * The shop's webhook endpoints paused after 15 failed deliveries in a row (issue 28, decision 118):
 * a red notice on Início for the shop's users and for administradores, until it is reactivated.
 */
export const webhooksPausadosJson = z
  .array(z.object({ id, empresa_id: id, empresa: z.string(), url: z.string(), pausado_em: timestamp.nullable(), motivo: z.string().nullable() }))
  .optional();

export const resumoUsuarioJson = z.object({
  perfil: z.literal('usuario'),
  garantiasPorStatus: z.array(z.object({ status: garantiaStatusLabel, quantidade: z.number().int() })),
  /** Open boletos (DISPONÍVEL, ENVIADO PARA REGISTRO, GARANTIDO) due from today up to `ate`. */
  boletosAVencer: quantidadeValor.extend({ ate: calendarDate }),
  /** Advances EM ANÁLISE; null when the empresa does not advance (antecipa N). */
  antecipacoesAbertas: quantidadeValor.nullable(),
  webhooksPausados: webhooksPausadosJson,
});

/**
 * The last check of the money ledger's invariants, when it failed (decision 109: the nightly job
 * `ledger.verificar` or `npm run ledger:check`): Início shows it as a red card until a check passes.
 */
export const dashboardRazaoJson = z.object({
  verificado_em: timestamp,
  quantidade_falhas: z.number().int(),
  /** The first few failures (regra: balancete, saldos, limite, boleto, causa, banco, transacao). */
  falhas: z.array(z.object({ regra: z.string(), detalhe: z.string() })),
});

/** administrador: the queues of the back office. */
export const resumoAdminJson = z.object({
  perfil: z.literal('administrador'),
  /** Guarantees PENDENTE (awaiting analysis). */
  garantiasEmAnalise: z.number().int(),
  /** People with an open boleto past its due date (DOMAIN.md Collections). */
  inadimplentes: z.number().int(),
  antecipacoesEmAnalise: quantidadeValor,
  /** Optional until the CNAB feature records remessas (see modules/dashboard/cnab-resumo.ts). */
  ultimaRemessa: dashboardRemessaJson.optional(),
  /** Optional until the CNAB feature records retornos (see modules/dashboard/cnab-resumo.ts). */
  ultimoRetorno: dashboardRetornoJson.optional(),
  /** Present only while the last ledger check failed. */
  razao: dashboardRazaoJson.optional(),
  /** From the ledger (decision 109): what repasses may pay the shops now, and to how many shops. */
  aRepassar: z.object({ valor: money, lojas: z.number().int() }),
  /** From the ledger: advances paid to shops not yet recovered from the bank, and how many shops. */
  antecipacoesARecuperar: z.object({ valor: money, lojas: z.number().int() }),
  /**
   * Banks by API (issue 26, modules/dashboard/banco-resumo.ts): "Boletos aguardando o banco" — the
   * registrations not yet confirmed (PENDENTE/ENVIANDO), how many of them had an error from the bank
   * (a bank outage shows here) and since when the oldest waits. Optional for the web's older fixtures.
   */
  bancoAguardando: z.object({ quantidade: z.number().int(), com_erro: z.number().int(), mais_antigo_desde: timestamp.nullable(), mais_antigo_minutos: z.number().int().nullable() }).optional(),
  /** "Diferenças na conciliação": the open findings of the daily reconciliation (/operacao/conciliacao). */
  conciliacaoDiferencas: z.number().int().optional(),
  /**
   * The contas whose client certificate for the bank (mutual TLS) expires within 30 days or has
   * expired (modules/dashboard/certificados-resumo.ts): "Certificado da conta X vence em N dias".
   */
  certificadosVencendo: z.array(z.object({ conta_id: id, conta: z.string(), validade: timestamp, dias_restantes: z.number().int(), texto: z.string() })).optional(),
  webhooksPausados: webhooksPausadosJson,
});

export const dashboardContracts = {
  getResumo: defineContract({
    method: 'GET', path: '/api/dashboard/getResumo', access: 'authenticated', tags,
    summary: 'Resumo do Início conforme o papel do usuário',
    response: okData(z.discriminatedUnion('perfil', [resumoUsuarioJson, resumoAdminJson])),
  }),
};
