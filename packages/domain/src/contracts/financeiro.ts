import { z } from 'zod';
import { idParam, isoDateSchema, pagingQuerySchema, wholeNumberSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, ok, pagedOf, timestamp } from './envelope.js';

/**
 * Financeiro > Extrato and Repasses (issue 24, docs/extrato-repasses.md): a shop's statement read
 * from the ledger (decision 109) and the repasses that pay it. The Extrato's balance is what the
 * guarantor owes the shop net of what the shop owes it: loja_a_pagar − loja_a_receber.
 */
const tags = ['financeiro'];

/** The Extrato's header line, shared by the screen, the CSV and the PDF. */
export const EXTRATO_SALDO_EXPLICACAO =
  'Saldo = A pagar à loja − A receber da loja: o que a garantidora deve à loja (boletos pagos no banco, garantias honradas), ' +
  'já descontado o que a loja deve à garantidora (consultas, mensalidade, antecipações a devolver). Positivo: a loja tem a receber; ' +
  'negativo: a loja deve. Os repasses pagos diminuem o saldo. Antecipações pagas à loja não entram: são recuperadas dos boletos antecipados.';

export const FINANCEIRO_MSG = {
  periodoInvertido: 'A data final deve ser igual ou posterior à inicial.',
  escolhaLoja: 'Escolha a loja do extrato.',
  posicaoInvalida: 'Posição do extrato inválida. Abra o extrato de novo.',
  somenteAdministrador: 'Somente administradores consultam e registram repasses.',
} as const;

/** Where the next page of an Extrato starts: after the movement of this date and transaction. */
export const EXTRATO_CURSOR = /^(\d{4}-\d{2}-\d{2})\.([1-9]\d{0,17})$/;
export const EXTRATO_MAX_PER_PAGE = 200;

const periodoShape = {
  /** The shop; an usuario may leave it out (its own). */
  empresa_id: idParam.optional(),
  de: isoDateSchema,
  ate: isoDateSchema,
};
const periodoOrdenado = (q: { de: string; ate: string }) => q.ate >= q.de;

/** Extrato's period (CSV and PDF). */
export const extratoPeriodoQuery = z.object(periodoShape).refine(periodoOrdenado, { path: ['ate'], message: FINANCEIRO_MSG.periodoInvertido });

/** Extrato's page: the period, the cursor of the previous page's last movement, the page size. */
export const extratoQuery = z
  .object({
    ...periodoShape,
    apos: z.string().trim().regex(EXTRATO_CURSOR, FINANCEIRO_MSG.posicaoInvalida).optional(),
    per_page: wholeNumberSchema(`Itens por página: de 1 a ${EXTRATO_MAX_PER_PAGE}`, { min: 1, max: EXTRATO_MAX_PER_PAGE }).default(50),
  })
  .refine(periodoOrdenado, { path: ['ate'], message: FINANCEIRO_MSG.periodoInvertido });

/** What the guarantor and a shop owe each other at a date. */
const saldoJson = z.object({
  /** loja_a_pagar: what the guarantor owes the shop. */
  a_pagar: money,
  /** loja_a_receber: what the shop owes the guarantor. */
  a_receber: money,
  /** a_pagar − a_receber. */
  saldo: money,
});

/** One movement: one ledger transaction, its net effect on the shop's balance. */
export const extratoMovimentoJson = z.object({
  transacao_id: id,
  data: calendarDate,
  /** The ledger transaction's kind (liquidacao, honra, consulta, mensalidade, repasse…). */
  tipo: z.string(),
  descricao: z.string(),
  /** The boleto it concerns, with its guarantee (the link to its boletos). */
  boleto: z.object({ id, garantia_id: id, garantia_digito: z.number().int(), parcela: z.number().int() }).nullable(),
  antecipacao_id: id.nullable(),
  acordo_id: id.nullable(),
  repasse_id: id.nullable(),
  /** The shop's balance went down (a repasse paid, a service charged). */
  debito: money,
  /** The shop's balance went up (a boleto paid at the bank, a guarantee honoured). */
  credito: money,
  /** The running balance after this movement. */
  saldo: money,
});

export const extratoEmpresaJson = z.object({ id, fantasia: z.string(), razao: z.string(), cnpj: z.string() });

/** The shops' balances for Repasses (administrador): what each is owed now. */
export const saldoLojaJson = z.object({
  empresa_id: id,
  fantasia: z.string(),
  razao: z.string(),
  a_pagar: money,
  a_receber: money,
  /** What a repasse may pay now (a pagar less what the shop owes, netted first). */
  a_repassar: money,
  antecipacoes_a_recuperar: money,
});

export const saldosLojasQuery = pagingQuerySchema.extend({
  pesquisa: z.string().trim().max(100).optional(),
  /** S (default): only shops with something to repass. */
  somente_a_repassar: z.enum(['S', 'N']).default('S'),
});

export const repasseJson = z.object({
  id,
  empresa_id: id,
  fantasia: z.string(),
  data: calendarDate,
  valor: money,
  /** What the shop owed the guarantor, netted in the same repasse. */
  compensado: money,
  referencia: z.string().nullable(),
  observacao: z.string().nullable(),
  /** Who registered it. */
  usuario: z.string(),
  created_at: timestamp,
});

const repassesFiltro = {
  empresa_id: idParam.optional(),
  de: isoDateSchema.optional(),
  ate: isoDateSchema.optional(),
};
const filtroOrdenado = (q: { de?: string; ate?: string }) => !q.de || !q.ate || q.ate >= q.de;

export const repassesQuery = pagingQuerySchema.extend(repassesFiltro).refine(filtroOrdenado, { path: ['ate'], message: FINANCEIRO_MSG.periodoInvertido });
export const repassesCsvQuery = z.object(repassesFiltro).refine(filtroOrdenado, { path: ['ate'], message: FINANCEIRO_MSG.periodoInvertido });

export const financeiroContracts = {
  getExtrato: defineContract({
    method: 'GET', path: '/api/financeiro/getExtrato', access: 'authenticated', tags,
    summary: 'Extrato da loja no período: saldos inicial e final e uma página de movimentos com saldo corrente',
    query: extratoQuery,
    response: ok({
      empresa: extratoEmpresaJson,
      de: calendarDate,
      ate: calendarDate,
      /** At the end of the day before `de`. */
      inicial: saldoJson,
      /** At the end of `ate`. */
      final: saldoJson,
      /** The balance before this page's first movement. */
      saldo_anterior: money,
      data: z.array(extratoMovimentoJson),
      /** `apos` of the next page; null on the last page. */
      proximo: z.string().nullable(),
    }),
  }),
  getExtratoCsv: defineContract({
    method: 'GET', path: '/api/financeiro/getExtratoCsv', access: 'authenticated', tags,
    summary: 'Extrato da loja no período em CSV (separador ;, decimais com vírgula), gerado aos poucos',
    query: extratoPeriodoQuery,
    file: { contentTypes: ['text/csv'], description: 'Saldo inicial, um movimento por linha com o saldo corrente, saldo final' },
  }),
  getExtratoPdf: defineContract({
    method: 'GET', path: '/api/financeiro/getExtratoPdf', access: 'authenticated', tags,
    summary: 'Extrato da loja no período em PDF',
    query: extratoPeriodoQuery,
    file: { contentTypes: ['application/pdf'], description: 'O extrato para imprimir' },
  }),
  getSaldosLojas: defineContract({
    method: 'GET', path: '/api/financeiro/getSaldosLojas', access: 'admin', tags,
    summary: 'O que a garantidora deve a cada loja agora (razão): a pagar, a receber, a repassar',
    query: saldosLojasQuery,
    response: pagedOf(saldoLojaJson),
  }),
  getRepasses: defineContract({
    method: 'GET', path: '/api/financeiro/getRepasses', access: 'admin', tags,
    summary: 'Repasses registrados, do mais recente ao mais antigo, por loja e período',
    query: repassesQuery,
    response: pagedOf(repasseJson),
  }),
  getRepassesCsv: defineContract({
    method: 'GET', path: '/api/financeiro/getRepassesCsv', access: 'admin', tags,
    summary: 'Repasses registrados em CSV (mesmos filtros da lista)',
    query: repassesCsvQuery,
    file: { contentTypes: ['text/csv'], description: 'Um repasse por linha' },
  }),
};
