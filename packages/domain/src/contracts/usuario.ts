import { z } from 'zod';
import { NIVEL } from '../access/levels.js';
import { idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import { usuarioCreateSchema, usuarioUpdateSchema } from '../schemas/usuario.js';
import { defineContract } from './contract.js';
import { createdId, id, okData, pagedOf, timestamp } from './envelope.js';

const tags = ['usuários'];

/** A user's level on the wire ('1' Usuário, '2' Administrador, '3' Franqueado). */
export const nivelJson = z.enum([NIVEL.USUARIO, NIVEL.ADMINISTRADOR, NIVEL.FRANQUEADO]);

export const USUARIO_SITUACOES = ['ATIVO', 'BLOQUEADO'] as const;
export type UsuarioSituacao = (typeof USUARIO_SITUACOES)[number];
export const usuarioSituacaoSchema = z.enum(USUARIO_SITUACOES);

/** Who a user is (spec §3 User), as every answer about a user starts. */
export const usuarioIdentityShape = {
  id,
  name: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  nivel: nivelJson,
  setor: z.string().nullable(),
};

/**
 * A user as "Usuários do Sistema" and its form read it (spec §3 User). Never the password hash,
 * the token version or anything of its sessions.
 */
export const usuarioJson = z.object({
  ...usuarioIdentityShape,
  empresa_id: id.nullable(),
  /** The empresa's fantasia (null for an administrador). */
  empresa: z.string().nullable(),
  situacao: usuarioSituacaoSchema,
  created_at: timestamp,
});
export type UsuarioJson = z.output<typeof usuarioJson>;

export const usuarioListQuery = pagingQuerySchema.extend({ filtro: z.string().trim().max(100).optional() });

const situacaoAnswer = okData(z.object({ id, situacao: usuarioSituacaoSchema }));

/**
 * Spec §7 Session and users: Administração > Usuários. The session's own calls (getUserCurrent,
 * updatePassword) are in `sessionContracts` (contracts/session.ts).
 */
export const usuarioContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/usuario/getAllPaginate', access: 'authenticated', tags,
    summary: 'Usuários do Sistema',
    query: usuarioListQuery,
    response: pagedOf(usuarioJson),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/usuario/getById/:id', access: 'authenticated', tags,
    summary: 'Usuário por id',
    params: idParamSchema,
    response: okData(usuarioJson),
  }),
  create: defineContract({
    method: 'POST', path: '/api/usuario/create', access: 'authenticated', tags,
    summary: 'Novo Usuário',
    body: usuarioCreateSchema,
    response: createdId,
  }),
  update: defineContract({
    method: 'POST', path: '/api/usuario/update/:id', access: 'authenticated', tags,
    summary: 'Atualizar usuário',
    params: idParamSchema,
    body: usuarioUpdateSchema,
    response: createdId,
  }),
  disable: defineContract({
    method: 'POST', path: '/api/usuario/disable/:id', access: 'authenticated', tags,
    summary: 'Bloquear usuário (encerra as sessões dele)',
    params: idParamSchema,
    response: situacaoAnswer,
  }),
  enable: defineContract({
    method: 'POST', path: '/api/usuario/enable/:id', access: 'authenticated', tags,
    summary: 'Desbloquear usuário',
    params: idParamSchema,
    response: situacaoAnswer,
  }),
};
