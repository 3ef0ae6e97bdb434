import { z } from 'zod';
import { idParamSchema } from '../schemas/common.js';
import {
  acertoAtendimentoSchema,
  consultaDocumentoSchema,
  garantiaListQuerySchema,
  negarGarantiaParamsSchema,
  solicitaGarantiaSchema,
} from '../garantia/schemas.js';
import { LOOKUP_RESTRICTED_STATUS } from '../garantia/deny-reasons.js';
import { GARANTIA_STATUS, SITUACAO } from '../situacao/boleto-situacao.js';
import { defineContract } from './contract.js';
import { avaliacaoJson, revisaoJson } from './credito.js';
import { PESSOA_IDENTIDADE_CAMPOS } from '../pessoa/visao.js';
import { pessoaDadosJson, visaoMarkShape } from './pessoa.js';
import { calendarDate, id, money, ok, okData, okOnly, pagedOf, sn, timestamp } from './envelope.js';

const tags = ['garantias'];

/** Guarantee status (DOMAIN.md "Guarantee"): PENDENTE, APROVADO, NÃO AUTORIZADO, CANCELADO. */
export const garantiaStatusSchema = z.enum(GARANTIA_STATUS);
/** Boleto situação (DOMAIN.md "Boleto situação"); null while the boleto is not released. */
const situacaoSchema = z.enum(SITUACAO);

/** The lookup and the request answer 200, or 900 for commercial restrictions (spec §4 Wizard). */
const lookupStatus = z.literal([200, LOOKUP_RESTRICTED_STATUS]);

/**
 * The person of a guarantee (spec §3 Person): the asking shop's own view pre-fills wizard step 2
 * (never another shop's, decision 104); the analysis shows the snapshot of what the guarantee's
 * shop typed in this request.
 */
const garantiaPessoaJson = pessoaDadosJson;

/** The snapshot as typed in the request, or copied from the shop's view by migration 0101 for older guarantees. */
export const GARANTIA_PESSOA_ORIGENS = ['solicitacao', 'migracao'] as const;

/** A row of the admin list (spec §2: Protocolo, Data, Loja, Pessoa, Cpf/Cnpj, Qtd., Situação, Possui Duplicata?). */
const garantiaRowJson = z.object({
  id,
  digito: z.number().int(),
  protocolo: z.string(),
  data: timestamp,
  loja: z.string(),
  pessoa: z.string(),
  cpf_cnpj: z.string(),
  qtd_titulo: z.number().int(),
  status: garantiaStatusSchema,
  libera_boleto: sn,
  possui_duplicata: sn,
});

/** A boleto of the guarantee (analysis table and the Acerto de Atendimento modal). */
const garantiaBoletoJson = z.object({
  id,
  digito: z.number().int(),
  protocolo: z.string(),
  parcela: z.number().int(),
  valor: money,
  vencimento: calendarDate,
  situacao: situacaoSchema.nullable(),
});

/** A boleto of one of the person's older guarantees (Boletos Anteriores, within the reader's scope). */
const boletoAnteriorJson = garantiaBoletoJson.extend({
  garantia_id: id,
  garantia_protocolo: z.string(),
  /** The guarantee's status as users see it (PRÉ APROVADO for APROVADO before release). */
  garantia_status: z.string(),
  data: timestamp,
  loja: z.string(),
});

/** A stored file as an expiring link: never its storage key. */
const arquivoLinkJson = z.object({
  id: z.string().meta({ description: 'id do arquivo (o mesmo do link)' }),
  nome: z.string(),
  url: z.string().meta({ description: 'link assinado e expirável (/api/arquivo/...?exp=&sig=)' }),
});

/** A person's document in the analysis: marked by the view (shop) it belongs to. */
const documentoLinkJson = arquivoLinkJson.extend(visaoMarkShape);

/**
 * A Consulta Restritiva or Analítica as the analysis shows it: the report (HTML built and escaped
 * by the server), who ran it and when. The provider's raw answer stays on the server.
 */
const consultaBureauJson = z.object({
  html: z.string(),
  usuario: z.string(),
  created_at: timestamp,
});

/** Everything "Análise da Garantia" shows (spec §2, §3 Guarantee). */
const garantiaDetailJson = z.object({
  id,
  digito: z.number().int(),
  protocolo: z.string(),
  data: timestamp,
  status: garantiaStatusSchema,
  /** What users see: PRÉ APROVADO for APROVADO with libera_boleto N (spec §4). */
  status_label: z.string(),
  libera_boleto: sn,
  motivo: z.string().nullable(),
  observacao: z.string().nullable(),
  qtd_titulo: z.number().int(),
  possui_duplicata: sn,
  decidido_por_nome: z.string().nullable(),
  decidido_em: timestamp.nullable(),
  empresa: z.object({ id, fantasia: z.string(), razao: z.string() }),
  usuario: z.object({ id, name: z.string(), empresa: z.object({ fantasia: z.string(), razao: z.string() }) }),
  /**
   * What the guarantee's shop typed in this request (its snapshot), the extra phones of the views
   * the reader may read (marked by shop), and for administradores the shared identity and the
   * identity fields this snapshot holds differently.
   */
  pessoa: garantiaPessoaJson.extend({
    origem: z.enum(GARANTIA_PESSOA_ORIGENS),
    telefones: z.array(z.object({ id, telefone: z.string(), contato: z.string().nullable(), ...visaoMarkShape })),
    identidade: z.object({ nome_razao: z.string(), data_nascimento: calendarDate.nullable() }).nullable(),
    divergencias: z.array(z.enum(PESSOA_IDENTIDADE_CAMPOS)),
  }),
  boletos: z.array(garantiaBoletoJson),
  boletos_anteriores: z.array(boletoAnteriorJson),
  /** The person's documents in the views the reader may read (an administrador: every view), marked by shop. */
  documentacao: z.array(documentoLinkJson),
  duplicatas: z.array(arquivoLinkJson),
  /** Administradores only; null until run (and always null for other levels). */
  consultas: z.object({ restritiva: consultaBureauJson.nullable(), analitica: consultaBureauJson.nullable() }),
  /** the credit policy's evaluation at submission (issue 29); null before policies or with none published */
  avaliacao: avaliacaoJson.nullable(),
  /** the LGPD art. 20 review of an automatic denial, when asked */
  revisao: revisaoJson.nullable(),
});

/**
 * Spec §5: signed duplicatas are .jpeg/.jpg/.png, at most 12 files and 50 MB per upload; the 12 are
 * also the guarantee's total (issue 25: the dropzone counts what remains after the files sent).
 */
export const GARANTIA_DUPLICATA_LIMITS = { maxFiles: 12, maxTotalBytes: 50 * 1024 * 1024 } as const;

/** Spec §7 Guarantees, plus the boleto "Acerto de Atendimento" of the analysis screen. */
export const garantiaContracts = {
  consultaDocumento: defineContract({
    // POST: the CPF/CNPJ travels in the body, never in the URL (logs, history; docs/security.md)
    method: 'POST', path: '/api/garantia/consultaDocumento', access: 'authenticated', tags,
    summary: 'Consulta do CPF/CNPJ (passo 1 da solicitação)',
    body: consultaDocumentoSchema,
    rateLimit: 'bureau',
    // 200: no restriction (obj.pessoa pre-fills step 2, consulta is empty); 900: restrictions
    // listed in consulta (HTML), obj.pessoa null. The limit refusal is an HTTP 409 error.
    response: ok({
      obj: z.object({ pessoa_id: id.nullable(), pessoa: garantiaPessoaJson.nullable() }),
      consulta: z.string().meta({ description: 'HTML (escapado no servidor) com as restrições; vazio sem restrição' }),
      empresa: z.object({ id, fantasia: z.string(), qtd_max_parcelas: z.number().int() }),
    }).extend({ status: lookupStatus }),
  }),
  solicitaGarantia: defineContract({
    method: 'POST', path: '/api/garantia/solicitaGarantia', access: 'authenticated', tags,
    summary: 'Solicitação de garantia',
    body: solicitaGarantiaSchema(),
    // Both answers are HTTP 200: status 200 with data (the protocol), or status 900 with title,
    // msg and consulta (the restrictions found since the lookup).
    response: ok({
      data: z.object({ id, digito: z.number().int(), protocolo: z.string(), pessoa_id: id, avaliacao: avaliacaoJson.nullable().optional() }).optional(),
      title: z.string().optional(),
      consulta: z.string().optional(),
    }).extend({ status: lookupStatus }),
  }),
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/garantia/getAllPaginate', access: 'admin', tags,
    summary: 'Lista de garantias',
    query: garantiaListQuerySchema,
    response: pagedOf(garantiaRowJson),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/garantia/getById/:id', access: 'authenticated', tags,
    summary: 'Garantia com pessoa, boletos e consultas',
    params: idParamSchema,
    response: okData(garantiaDetailJson),
  }),
  consultaRestritiva: defineContract({
    method: 'GET', path: '/api/garantia/consultaRestritiva/:id', access: 'admin', tags,
    summary: 'Consulta Restritiva',
    params: idParamSchema,
    rateLimit: 'bureau',
    response: okData(consultaBureauJson),
  }),
  consultaAnalitica: defineContract({
    method: 'GET', path: '/api/garantia/consultaAnalitica/:id', access: 'admin', tags,
    summary: 'Consulta Analítica',
    params: idParamSchema,
    rateLimit: 'bureau',
    response: okData(consultaBureauJson),
  }),
  aprovar: defineContract({
    method: 'POST', path: '/api/garantia/aprovar/:id', access: 'admin', tags,
    summary: 'Aprovar garantia',
    params: idParamSchema,
    response: okOnly,
  }),
  negar: defineContract({
    method: 'POST', path: '/api/garantia/negar/:id/:motivo/:observacao', access: 'admin', tags,
    summary: 'Negar garantia',
    params: negarGarantiaParamsSchema,
    response: okOnly,
  }),
  cancelar: defineContract({
    method: 'POST', path: '/api/garantia/cancelar/:id', access: 'admin', tags,
    summary: 'Cancelar garantia',
    params: idParamSchema,
    response: okOnly,
  }),
  liberaBoleto: defineContract({
    method: 'POST', path: '/api/garantia/liberaBoleto/:id', access: 'admin', tags,
    summary: 'Libera Boleto(s)',
    params: idParamSchema,
    response: okOnly,
  }),
  uploadDuplicata: defineContract({
    method: 'POST', path: '/api/garantia/uploadDuplicata', access: 'authenticated', tags,
    summary: 'Envio de duplicatas assinadas (.jpeg, .jpg ou .png; até 12 arquivos e 50 MB)',
    multipart: { fields: ['garantia_id'], files: 'arquivo', maxFiles: GARANTIA_DUPLICATA_LIMITS.maxFiles },
    response: okData(z.object({ garantia_id: id, arquivos: z.number().int() })),
  }),
  getDuplicatas: defineContract({
    method: 'GET', path: '/api/garantia/getDuplicatas/:id', access: 'authenticated', tags,
    summary: 'Duplicatas já enviadas da garantia: nome, data, quem enviou e link expirável',
    params: idParamSchema,
    response: okData(z.array(arquivoLinkJson.extend({ enviado_em: timestamp, enviado_por: z.string().nullable() }))),
  }),
  // Registered with the guarantee routes by agreement with the boletos feature.
  updateBoleto: defineContract({
    method: 'POST', path: '/api/boleto/update/:id', access: 'admin', tags: ['boletos'],
    summary: 'Acerto de Atendimento (vencimento e valor)',
    params: idParamSchema,
    body: acertoAtendimentoSchema,
    response: okData(z.object({ id, vencimento: calendarDate, valor: money })),
  }),
};
