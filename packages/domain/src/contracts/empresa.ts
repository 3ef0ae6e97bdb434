import { z } from 'zod';
import { idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import { empresaSchema } from '../schemas/empresa.js';
import { defineContract } from './contract.js';
import { createdId, id, money, okData, pagedOf, rate, sn, timestamp } from './envelope.js';

const tags = ['empresas'];

export const EMPRESA_SITUACOES = ['ATIVA', 'BLOQUEADA'] as const;
export type EmpresaSituacao = (typeof EMPRESA_SITUACOES)[number];
export const empresaSituacaoSchema = z.enum(EMPRESA_SITUACOES);

/** An empresa as the API answers it (spec §3 Company). */
export const empresaJson = z.object({
  id,
  cnpj: z.string(),
  razao: z.string(),
  fantasia: z.string(),
  insc_estadual: z.string().nullable(),
  cep: z.string(),
  endereco: z.string(),
  numero: z.string(),
  complemento: z.string().nullable(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  email: z.string().nullable(),
  tel1: z.string().nullable(),
  tel2: z.string().nullable(),
  tel3: z.string().nullable(),
  responsavel: z.string().nullable(),
  franqueado_id: id.nullable(),
  comissao_franqueado: rate,
  limite_cpf_cnpj: money.nullable(),
  limite_boleto: money.nullable(),
  valor_consulta: money,
  mensalidade: money,
  taxa_prorrata: rate,
  antecipa: sn,
  taxa_antecipacao: rate.nullable(),
  qtd_max_parcelas: z.number().int(),
  simula_venda: sn,
  situacao: empresaSituacaoSchema,
  created_at: timestamp,
});
export type EmpresaJson = z.output<typeof empresaJson>;

/** `dataForSelect` option: value and label, plus what the screens filter on. */
export const empresaOption = z.object({
  value: id,
  label: z.string(),
  situacao: empresaSituacaoSchema,
  franqueado_id: id.nullable(),
});

const franqueadaJson = z.object({
  id,
  fantasia: z.string(),
  cnpj: z.string(),
  cidade: z.string(),
  uf: z.string(),
  situacao: empresaSituacaoSchema,
  comissao_franqueado: rate,
  created_at: timestamp,
});
const franqueadoraJson = z.object({
  id,
  fantasia: z.string(),
  razao: z.string(),
  cnpj: z.string(),
  situacao: empresaSituacaoSchema,
  franqueadas: z.array(franqueadaJson),
});

export const empresaListQuery = pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() });

/** Spec §7 Companies. */
export const empresaContracts = {
  dataForSelect: defineContract({
    method: 'GET', path: '/api/empresa/dataForSelect', access: 'authenticated', tags,
    summary: 'Empresas para seleção (value, label)',
    response: okData(z.array(empresaOption)),
  }),
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/empresa/getAllPaginate', access: 'authenticated', tags,
    summary: 'Lista de empresas',
    query: empresaListQuery,
    response: pagedOf(empresaJson),
  }),
  getFranqueados: defineContract({
    method: 'GET', path: '/api/empresa/getFranqueados', access: 'admin', tags,
    summary: 'Franqueadoras e suas franqueadas',
    response: okData(z.array(franqueadoraJson)),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/empresa/getById/:id', access: 'authenticated', tags,
    summary: 'Empresa por id',
    params: idParamSchema,
    // franqueado_fantasia: a franchisee cannot read its franchisor, yet its form shows who it is
    response: okData(empresaJson.extend({ franqueado_fantasia: z.string().nullable() })),
  }),
  create: defineContract({
    method: 'POST', path: '/api/empresa/create', access: 'authenticated', tags,
    summary: 'Cadastrar empresa',
    body: empresaSchema,
    response: createdId,
  }),
  update: defineContract({
    method: 'POST', path: '/api/empresa/update/:id', access: 'authenticated', tags,
    summary: 'Atualizar empresa',
    params: idParamSchema,
    body: empresaSchema,
    response: createdId,
  }),
  enable: defineContract({
    method: 'POST', path: '/api/empresa/enable/:id', access: 'admin', tags,
    summary: 'Ativar empresa',
    params: idParamSchema,
    response: okData(z.object({ id, situacao: empresaSituacaoSchema })),
  }),
  disable: defineContract({
    method: 'POST', path: '/api/empresa/disable/:id', access: 'admin', tags,
    summary: 'Bloquear empresa',
    params: idParamSchema,
    response: okData(z.object({ id, situacao: empresaSituacaoSchema })),
  }),
};

