import { z } from 'zod';
import { cpfCnpjSchema, idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, pagedOf, timestamp } from './envelope.js';

/**
 * LGPD (Lei 13.709/2018) — docs/decisions/095-two-factor-and-lgpd.md: who viewed a person's
 * documents, income or bureau results, and the export of everything held about one CPF/CNPJ
 * (a data subject's request). Administradores only.
 */
const tags = ['lgpd'];

/** What was viewed: the person's documents, income (renda), bureau results, or the whole export. */
export const LGPD_RECURSOS = ['documentos', 'renda', 'consulta_bureau', 'exportacao'] as const;
export type LgpdRecurso = (typeof LGPD_RECURSOS)[number];

export const LGPD_RECURSO_LABEL: Record<LgpdRecurso, string> = {
  documentos: 'Documentos',
  renda: 'Renda',
  consulta_bureau: 'Consulta de crédito',
  exportacao: 'Exportação (LGPD)',
};

/** The access log is kept at least this long (months), whatever LGPD_ACCESS_LOG_RETENTION_MONTHS says. */
export const LGPD_MIN_RETENTION_MONTHS = 6;

export const acessoDadosJson = z.object({
  id,
  created_at: timestamp,
  usuario_id: id.nullable(),
  usuario_nome: z.string().nullable(),
  usuario_login: z.string().nullable(),
  recurso: z.enum(LGPD_RECURSOS),
  /** `METHOD /api/path/:param` of the call that answered the data. */
  rota: z.string().nullable(),
  ip: z.string().nullable(),
});

/** The document travels in the body, never in the URL (logs, history; docs/security.md). */
export const lgpdExportSchema = z.object({ cpf_cnpj: cpfCnpjSchema });

export const lgpdContracts = {
  getAcessos: defineContract({
    method: 'GET', path: '/api/pessoa/getAcessos/:id', access: 'admin', tags,
    summary: 'Registro de acessos aos dados pessoais da pessoa (documentos, renda, consultas), mais recentes primeiro',
    params: idParamSchema,
    query: pagingQuerySchema,
    response: pagedOf(acessoDadosJson),
  }),
  exportar: defineContract({
    method: 'POST', path: '/api/lgpd/exportar', access: 'admin', tags,
    summary: 'Tudo o que há sobre um CPF/CNPJ (pedido do titular), em JSON para download',
    body: lgpdExportSchema,
    file: { contentTypes: ['application/json'], description: 'JSON (attachment): titular (identificação), visões de cada loja, telefones e documentos marcados pela loja, garantias com os dados informados, boletos, acordos, anotações, SPC, assinaturas, mensagens, consultas e acessos' },
  }),
  exportarPdf: defineContract({
    method: 'POST', path: '/api/lgpd/exportar/pdf', access: 'admin', tags,
    summary: 'O mesmo relatório do titular em PDF',
    body: lgpdExportSchema,
    file: { contentTypes: ['application/pdf'], description: 'Relatório de dados pessoais (PDF)' },
  }),
};
