import { z } from 'zod';
import { idParam, idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import { ALL_SITUACOES } from '../situacao/boleto-situacao.js';
import { jobStatusSchema } from './job.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, pagedOf, timestamp } from './envelope.js';

/**
 * CNAB 240 remessas and retornos (spec §2 "Remessas and Retornos", §3 Remittance / Return file
 * record, §7; docs/cnab.md, docs/decisions/041-cnab-remessa-retorno.md). Administrador only.
 */
const tags = ['cnab'];

/** Spec §5: the return file is one .txt file up to 500 MB (.ret accepted too: banks name them so). */
export const RETORNO_MAX_BYTES = 500 * 1024 * 1024;
export const RETORNO_EXTENSIONS = ['.txt', '.ret'] as const;

/**
 * A retorno's life: ANALISANDO (stored; the preview job reads it), PRONTO (preview ready, waiting
 * for Aplicar), APLICANDO (the apply job runs), PROCESSADO (applied), FALHOU (a job gave up).
 */
export const RETORNO_STATUS = ['ANALISANDO', 'PRONTO', 'APLICANDO', 'PROCESSADO', 'FALHOU'] as const;
export type RetornoStatus = (typeof RETORNO_STATUS)[number];
export const retornoStatusSchema = z.enum(RETORNO_STATUS);

/**
 * What one title of a retorno did: APLICADO (the boleto changed situação), REJEITADO (the bank
 * refused an instruction; reasons recorded), IGNORADO (nothing to change: informative movement or
 * a situação that does not take it), JA_APLICADO (the same movement of the same title, same
 * occurrence date, was already recorded), NAO_ENCONTRADO (no boleto with that nosso número in
 * the file's account).
 */
export const RETORNO_RESULTADOS = ['APLICADO', 'REJEITADO', 'IGNORADO', 'JA_APLICADO', 'NAO_ENCONTRADO'] as const;
export type RetornoResultado = (typeof RETORNO_RESULTADOS)[number];
export const retornoResultadoSchema = z.enum(RETORNO_RESULTADOS);

const quantidadeValor = z.object({ quantidade: z.number().int(), valor: money });

/** Spec §3 Remittance, plus the file number (NSA), alterations and a signed download link. */
export const remessaJson = z.object({
  id,
  numero_arquivo: z.number().int(),
  quantidade_entrada: z.number().int(),
  total_valor_entrada: money,
  quantidade_baixa: z.number().int(),
  total_valor_baixa: money,
  quantidade_alteracao: z.number().int(),
  arquivo: z.string(),
  usuario: z.string().nullable(),
  created_at: timestamp,
  /** Expiring signed link to nova_garantia/remessas/{arquivo} (GET /api/arquivo/…&download=1). */
  link: z.string(),
});
export type RemessaJson = z.output<typeof remessaJson>;

/** Spec §3 Return file record, plus its state, the file's header data and other outcomes. */
export const retornoJson = z.object({
  id,
  arquivo: z.string(),
  status: retornoStatusSchema,
  banco: z.string().nullable(),
  numero_arquivo: z.number().int().nullable(),
  tamanho_bytes: z.number().int(),
  quantidade_titulos: z.number().int(),
  quantidade_liquidado: z.number().int(),
  total_valor_liquidado: money,
  quantidade_baixa: z.number().int(),
  total_valor_baixa: money,
  quantidade_entrada: z.number().int(),
  total_valor_entrada: money,
  quantidade_rejeitado: z.number().int(),
  quantidade_nao_encontrado: z.number().int(),
  quantidade_ja_aplicado: z.number().int(),
  usuario: z.string().nullable(),
  created_at: timestamp,
  aplicado_em: timestamp.nullable(),
});
export type RetornoJson = z.output<typeof retornoJson>;

/** A title of a retorno as the preview samples it and the results list it. */
export const retornoItemJson = z.object({
  linha: z.number().int(),
  nosso_numero: z.string(),
  movimento: z.string(),
  movimento_descricao: z.string(),
  resultado: retornoResultadoSchema,
  boleto_id: id.nullable(),
  boleto_avulso_id: id.nullable(),
  situacao_de: z.string().nullable(),
  situacao_para: z.string().nullable(),
  valor_titulo: money,
  valor_pago: money,
  valor_tarifa: money,
  valor_juros: money,
  data_ocorrencia: calendarDate.nullable(),
  data_credito: calendarDate.nullable(),
  motivos: z.string().nullable(),
  mensagem: z.string().nullable(),
});
export type RetornoItemJson = z.output<typeof retornoItemJson>;

/** A warning of the reader (a line it could not read, counts that disagree). */
const avisoJson = z.object({ code: z.string(), line: z.number().int().nullable(), message: z.string() });

/**
 * The dry run: what applying the file would do, counted title by title against the database as
 * it is now (liquidação values are what was paid; the others the titles' values).
 */
export const retornoPreviaJson = z.object({
  titulos: z.number().int(),
  /** The file's account (bank + beneficiary) is one of our contas de cobrança. */
  conta_encontrada: z.boolean(),
  conta_descricao: z.string(),
  entrada: quantidadeValor,
  liquidacao: quantidadeValor,
  baixa: quantidadeValor,
  rejeitado: quantidadeValor,
  ignorado: quantidadeValor,
  ja_aplicado: quantidadeValor,
  nao_encontrado: quantidadeValor,
  /** Titles that will become each situação. */
  por_situacao: z.array(z.object({ situacao: z.enum(ALL_SITUACOES), quantidade: z.number().int(), valor: money })),
  /** The first titles that change nothing (not found, rejected, ignored, already applied). */
  amostras: z.array(retornoItemJson),
  avisos: z.array(avisoJson),
  avisos_total: z.number().int(),
});
export type RetornoPreviaJson = z.output<typeof retornoPreviaJson>;

/** The job working on a retorno (preview or apply): what the screen's progress bar shows. */
export const retornoJobJson = z.object({
  id,
  kind: z.string(),
  status: jobStatusSchema,
  progress_done: z.number().int(),
  progress_total: z.number().int().nullable(),
  progress_unit: z.string().nullable(),
  error: z.string().nullable(),
});

export const retornoDetailJson = retornoJson.extend({
  sha256: z.string(),
  previa: retornoPreviaJson.nullable(),
  /** Titles recorded so far by the apply job (its progress in titles). */
  quantidade_processada: z.number().int(),
  job: retornoJobJson.nullable(),
});
export type RetornoDetailJson = z.output<typeof retornoDetailJson>;

const retornoItensQuery = pagingQuerySchema.extend({
  resultado: retornoResultadoSchema.optional().or(z.literal('').transform(() => undefined)),
});

/** How many left-out titles a remessa's result lists (the count is always whole). */
export const REMESSA_FORA_LISTADOS = 100;

/**
 * A title Gerar Remessa left out because it cannot be written (decision 105): it stays pending,
 * with the reason to fix (Portuguese), and goes in a later remessa once fixed.
 */
export const remessaTituloForaJson = z.object({
  boleto_id: id,
  /** Seu número: protocolo/parcela, as the slip prints it. */
  documento: z.string(),
  nosso_numero: z.string().nullable(),
  vencimento: calendarDate,
  valor: money,
  motivo: z.string(),
});
export type RemessaTituloFora = z.output<typeof remessaTituloForaJson>;

/**
 * What the job cnab.remessa answers (GET /api/job/{id} `result`): the remessa generated — null
 * fields when nothing went to the bank —, the write-offs of titles never sent to the bank,
 * confirmed at once (nothing to ask the bank), and the titles left out (the first
 * REMESSA_FORA_LISTADOS of them, and how many; older results have none).
 */
export const remessaJobResultJson = z.object({
  remessa_id: id.nullable(),
  numero_arquivo: z.number().int().nullable(),
  arquivo: z.string().nullable(),
  quantidade_entrada: z.number().int(),
  total_valor_entrada: money,
  quantidade_baixa: z.number().int(),
  total_valor_baixa: money,
  quantidade_alteracao: z.number().int(),
  baixas_sem_registro: z.number().int(),
  quantidade_fora: z.number().int().default(0),
  titulos_fora: z.array(remessaTituloForaJson).default([]),
  mensagem: z.string(),
  /**
   * One line per file when the job generated for several contas (decision 126: one file per conta
   * with pending titles); the fields above then add them up and remessa_id is the first file's.
   */
  remessas: z
    .array(
      z.object({
        conta_cobranca_id: id,
        conta: z.string(),
        layout_cnab: z.union([z.literal(240), z.literal(400)]),
        remessa_id: id.nullable(),
        numero_arquivo: z.number().int().nullable(),
        arquivo: z.string().nullable(),
        mensagem: z.string(),
      }),
    )
    .default([]),
});
export type RemessaJobResult = z.output<typeof remessaJobResultJson>;

/** Gerar Remessa answers the job that generates it (an already running one: em_andamento). */
const gerarRemessaJson = z.object({ job_id: id, em_andamento: z.boolean() });
/** The conta whose remessa to generate; absent: one file per conta with pending titles (decision 126). */
const gerarRemessaQuery = z.object({ conta_cobranca_id: idParam.optional().or(z.literal('').transform(() => undefined)) });

export const remessaContracts = {
  gerarRemessa: defineContract({
    method: 'POST', path: '/api/boleto/gerarRemessa', access: 'admin', tags,
    summary: 'Gerar Remessa (tarefa em segundo plano): entradas, pedidos de baixa e alterações pendentes — um arquivo por conta, no layout dela (CNAB 240 ou 400)',
    query: gerarRemessaQuery,
    response: okData(gerarRemessaJson),
  }),
  getRemessas: defineContract({
    method: 'GET', path: '/api/boleto/getRemessas', access: 'admin', tags,
    summary: 'Remessas geradas, com link de download',
    query: pagingQuerySchema,
    response: pagedOf(remessaJson),
  }),
};

export const retornoContracts = {
  create: defineContract({
    method: 'POST', path: '/api/retorno/create', access: 'admin', tags,
    summary: 'Enviar arquivo retorno CNAB 240 (.txt/.ret, até 500 MB); a prévia é calculada em segundo plano',
    multipart: { fields: [], files: 'arquivo', maxFiles: 1 },
    // the multipart envelope around a 500 MB file
    bodyLimit: RETORNO_MAX_BYTES + 1024 * 1024,
    response: okData(z.object({ id, status: retornoStatusSchema, job_id: id.nullable(), duplicado: z.boolean() })),
  }),
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/retorno/getAllPaginate', access: 'admin', tags,
    summary: 'Retornos enviados: liquidados, baixados e entradas confirmadas',
    query: pagingQuerySchema,
    response: pagedOf(retornoJson),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/retorno/getById/:id', access: 'admin', tags,
    summary: 'Retorno: estado, prévia e andamento da tarefa',
    params: idParamSchema,
    response: okData(retornoDetailJson),
  }),
  getItens: defineContract({
    method: 'GET', path: '/api/retorno/getItens/:id', access: 'admin', tags,
    summary: 'Resultado título a título de um retorno aplicado',
    params: idParamSchema,
    query: retornoItensQuery,
    response: pagedOf(retornoItemJson),
  }),
  aplicar: defineContract({
    method: 'POST', path: '/api/retorno/aplicar/:id', access: 'admin', tags,
    summary: 'Aplicar o retorno (após a prévia): tarefa em segundo plano, em lotes',
    params: idParamSchema,
    response: okData(z.object({ id, status: retornoStatusSchema, job_id: id })),
  }),
};
