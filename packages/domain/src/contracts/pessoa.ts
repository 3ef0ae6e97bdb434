import { z } from 'zod';
import { idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import { pessoaSchema, telefoneSchema } from '../schemas/pessoa.js';
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
 * Spec §5 "person documents: max 3 files": a person keeps at most 3 documents, whichever way they
 * came in (the wizard sends them after the request, the person screen on its own), so one request
 * carries at most 3 as well (decision 010: JPEG/PNG/PDF, 10 MB each).
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
 * A person as getById answers it (spec §3 Person). Address fields may be empty for a person
 * recorded before the update form required them; socio_avalista and cpf_avalista only for a CNPJ.
 */
export const pessoaJson = pessoaRowJson.extend({
  data_nascimento: calendarDate.nullable(),
  ...personAddressShape,
  ref_comercial: z.string().nullable(),
  tel_ref_comercial: z.string().nullable(),
  ref_pessoal: z.string().nullable(),
  tel_ref_pessoal: z.string().nullable(),
  ocupacao: z.string().nullable(),
  renda: money.nullable(),
  socio_avalista: z.string().nullable(),
  cpf_avalista: z.string().nullable(),
});
export type PessoaJson = z.output<typeof pessoaJson>;

/** An extra phone (spec §3: id, telefone, contato, created_at, pessoa_id). */
export const pessoaTelefoneJson = z.object({
  id,
  telefone: z.string(),
  contato: z.string().nullable(),
  created_at: timestamp,
  pessoa_id: id,
});

/** A person's document: never the storage key, only a signed link that expires. */
export const pessoaDocumentoJson = z.object({
  id,
  nome: z.string(),
  content_type: z.string(),
  created_at: timestamp,
  url: z.string().meta({ description: 'link assinado e expirável (/api/arquivo/...?exp=&sig=)' }),
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
  getTelefones: defineContract({
    method: 'GET', path: '/api/pessoa/getTelefones/:id', access: 'authenticated', tags,
    summary: 'Telefones da pessoa',
    params: idParamSchema,
    response: okData(z.array(pessoaTelefoneJson)),
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
    multipart: { fields: ['pessoa_id'], files: 'arquivo', maxFiles: PESSOA_DOCUMENTO_MAX_FILES },
    response: okData(z.array(z.object({ id }))),
  }),
};
