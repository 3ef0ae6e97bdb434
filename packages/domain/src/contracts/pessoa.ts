import { z } from 'zod';
import { PESSOA_IDENTIDADE_CAMPOS } from '../pessoa/visao.js';
import { idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import { pessoaIdentidadeSchema, pessoaSchema, telefoneSchema } from '../schemas/pessoa.js';
import { defineContract } from './contract.js';
import { calendarDate, createdId, id, money, okData, pagedOf, personAddressShape, timestamp } from './envelope.js';

const tags = ['pessoas'];

/** tipo_pessoa (spec §3 Person): F for a CPF, J for a CNPJ. */
export const TIPOS_PESSOA = ['F', 'J'] as const;
export type TipoPessoa = (typeof TIPOS_PESSOA)[number];
export const tipoPessoaSchema = z.enum(TIPOS_PESSOA);

/** The spec shows every person as ATIVO (§2 People list); nothing sets another value. */
export const PESSOA_SITUACOES = ['ATIVO'] as const;
export type PessoaSituacao = (typeof PESSOA_SITUACOES)[number];
export const pessoaSituacaoSchema = z.enum(PESSOA_SITUACOES);

/**
 * Spec §5 "person documents: max 3 files": a shop's view of a person keeps at most 3 documents,
 * whichever way they came in (the wizard sends them after the request, the person screen on its
 * own), so one request carries at most 3 as well (decision 010: JPEG/PNG/PDF, 10 MB each). Other
 * shops' documents never count (decision 104).
 */
export const PESSOA_DOCUMENTO_MAX_FILES = 3;

/** A row of the people list (spec §2: ID, Nome/Razão, CPF/CNPJ, Telefone 1, Telefone 2, Situação). */
export const pessoaRowJson = z.object({
  id,
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  tipo_pessoa: tipoPessoaSchema,
  telefone1: z.string().nullable(),
  telefone2: z.string().nullable(),
  situacao: pessoaSituacaoSchema,
});

/**
 * What a shop typed about a person (spec §3 Person, decision 104): its view, and the snapshot each
 * guarantee keeps. Address fields may be empty for a person recorded before the forms required
 * them; socio_avalista and cpf_avalista only for a CNPJ.
 */
export const pessoaDadosShape = {
  nome_razao: z.string(),
  data_nascimento: calendarDate.nullable(),
  ...personAddressShape,
  telefone1: z.string().nullable(),
  telefone2: z.string().nullable(),
  ref_comercial: z.string().nullable(),
  tel_ref_comercial: z.string().nullable(),
  ref_pessoal: z.string().nullable(),
  tel_ref_pessoal: z.string().nullable(),
  ocupacao: z.string().nullable(),
  renda: money.nullable(),
  socio_avalista: z.string().nullable(),
  cpf_avalista: z.string().nullable(),
};

/** The person's data as one reader sees it: document and kind, plus one view's fields. */
export const pessoaDadosJson = z.object({ id, tipo_pessoa: tipoPessoaSchema, cpf_cnpj: z.string(), ...pessoaDadosShape });
export type PessoaDadosJson = z.output<typeof pessoaDadosJson>;

/** Which view a record belongs to: the shop (empresa_id, its fantasia) or, null, the administradores'. */
export const visaoMarkShape = {
  empresa_id: id.nullable(),
  loja: z.string().meta({ description: 'fantasia da loja dona do dado; "Administração" para a visão dos administradores' }),
};

/** A shop's view of the person (decision 104), as its readers may see it. */
export const pessoaVisaoJson = z.object({
  ...visaoMarkShape,
  /** May the reader change this view (its own shop's, or any for an administrador)? */
  editavel: z.boolean(),
  ...pessoaDadosShape,
  /** Identity fields this view holds differently (administradores only; empty for others). */
  divergencias: z.array(z.enum(PESSOA_IDENTIDADE_CAMPOS)),
  updated_at: timestamp,
});
export type PessoaVisaoJson = z.output<typeof pessoaVisaoJson>;

/**
 * A person as getById answers it (decision 104). The flat fields are the reader's own view (its
 * shop's; for a reader without one — an administrador, a franqueado reading a franchisee's
 * customer — the most recently updated view it may read), for an administrador with the shared
 * identity's name and birth date. `visoes` lists every view the reader may read, marked by shop;
 * `identidade` is the shared identity, for administradores only.
 */
export const pessoaJson = pessoaDadosJson.extend({
  situacao: pessoaSituacaoSchema,
  identidade: z.object({ nome_razao: z.string(), data_nascimento: calendarDate.nullable() }).nullable(),
  visoes: z.array(pessoaVisaoJson),
});
export type PessoaJson = z.output<typeof pessoaJson>;

/** An extra phone (spec §3: id, telefone, contato, created_at, pessoa_id), marked by its view. */
export const pessoaTelefoneJson = z.object({
  id,
  telefone: z.string(),
  contato: z.string().nullable(),
  created_at: timestamp,
  pessoa_id: id,
  ...visaoMarkShape,
});

/** A person's document: never the storage key, only a signed link that expires; marked by its view. */
export const pessoaDocumentoJson = z.object({
  id,
  nome: z.string(),
  content_type: z.string(),
  created_at: timestamp,
  url: z.string().meta({ description: 'link assinado e expirável (/api/arquivo/...?exp=&sig=)' }),
  ...visaoMarkShape,
});

export const pessoaListQuery = pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() });

const removedId = okData(z.object({ id }));

/** Spec §7 People (the calls built so far). */
export const pessoaContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/pessoa/getAllPaginate', access: 'authenticated', tags,
    summary: 'Lista de pessoas',
    query: pessoaListQuery,
    response: pagedOf(pessoaRowJson),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/pessoa/getById/:id', access: 'authenticated', tags,
    summary: 'Pessoa por id',
    params: idParamSchema,
    response: okData(pessoaJson),
  }),
  update: defineContract({
    method: 'POST', path: '/api/pessoa/update/:id', access: 'authenticated', tags,
    summary: 'Atualização da Pessoa',
    params: idParamSchema,
    body: pessoaSchema,
    response: createdId,
  }),
  updateIdentidade: defineContract({
    method: 'POST', path: '/api/pessoa/updateIdentidade/:id', access: 'admin', tags,
    summary: 'Identificação da pessoa, comum a todas as lojas (CPF/CNPJ, nome, data de nascimento)',
    params: idParamSchema,
    body: pessoaIdentidadeSchema,
    response: createdId,
  }),
  getTelefones: defineContract({
    method: 'GET', path: '/api/pessoa/getTelefones/:id', access: 'authenticated', tags,
    summary: 'Telefones adicionais da pessoa nas visões que o usuário pode ler (paginado, mais antigos primeiro)',
    params: idParamSchema,
    query: pagingQuerySchema,
    response: pagedOf(pessoaTelefoneJson),
  }),
  adicionaTelefone: defineContract({
    method: 'POST', path: '/api/pessoa/adicionaTelefone', access: 'authenticated', tags,
    summary: 'Adicionar telefone',
    body: telefoneSchema,
    response: createdId,
  }),
  // Spec §7 lists deletaTelefone among the GETs; it changes data, so it answers DELETE (and POST
  // for clients that cannot send DELETE), never GET — docs/decisions/010.
  deletaTelefone: defineContract({
    method: 'DELETE', path: '/api/pessoa/deletaTelefone/:id', access: 'authenticated', tags,
    summary: 'Remover telefone',
    params: idParamSchema,
    response: removedId,
  }),
  deletaTelefonePost: defineContract({
    method: 'POST', path: '/api/pessoa/deletaTelefone/:id', access: 'authenticated', tags,
    summary: 'Remover telefone (POST, para clientes sem DELETE)',
    params: idParamSchema,
    response: removedId,
  }),
  getDocumentacao: defineContract({
    method: 'GET', path: '/api/pessoa/getDocumentacao/:id', access: 'authenticated', tags,
    summary: 'Documentos da pessoa (links expiráveis)',
    params: idParamSchema,
    response: okData(z.array(pessoaDocumentoJson)),
  }),
  uploadDocumento: defineContract({
    method: 'POST', path: '/api/pessoa/uploadDocumento', access: 'authenticated', tags,
    summary: 'Enviar documentos (JPEG, PNG ou PDF)',
    // empresa_id: the shop's view an administrador uploads to (none: the administradores' own)
    multipart: { fields: ['pessoa_id', 'empresa_id'], files: 'arquivo', maxFiles: PESSOA_DOCUMENTO_MAX_FILES },
    response: okData(z.array(z.object({ id }))),
  }),
};
