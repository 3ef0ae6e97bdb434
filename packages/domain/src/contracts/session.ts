import { z } from 'zod';
import { changePasswordSchema, loginSchema } from '../schemas/auth.js';
import { idParamSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, ok, okData, okOnly, sn } from './envelope.js';
import { usuarioIdentityShape } from './usuario.js';

const tags = ['sessão'];

/**
 * A new access token (login and refresh). The refresh token never travels in JSON: it is the
 * HttpOnly `bg_refresh` cookie (path /api) that these answers set.
 */
export const accessTokenAnswer = ok({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Lifetime of the access token in seconds; the client renews it before it lapses. */
  expires_in: z.number().int(),
});

/**
 * POST /api/login: a session (the three token fields, as accessTokenAnswer) or, for a user with
 * two-factor sign-in, `requires_2fa: true` and a short-lived signed `challenge` to send with the
 * code to POST /api/login/2fa — no token and no cookie yet (docs/decisions/095). One object with
 * optional fields rather than a union, so the OpenAPI document lists every field.
 */
export const loginAnswer = ok({
  access_token: z.string().optional(),
  token_type: z.literal('bearer').optional(),
  expires_in: z.number().int().optional(),
  requires_2fa: z.boolean().optional(),
  challenge: z.string().optional(),
});

/** The logged-in user (spec §3 User: with its empresa's qtd_max_parcelas, antecipa, simula_venda). */
export const currentUserJson = z.object({
  ...usuarioIdentityShape,
  permissoes: z.array(z.string()),
  /** First and last name, for the user menu. */
  displayName: z.string(),
  avatar: z.string().nullable(),
  empresa: z
    .object({ id, fantasia: z.string(), qtd_max_parcelas: z.number().int(), antecipa: sn, simula_venda: sn })
    .nullable(),
  /**
   * Two-factor sign-in (docs/decisions/095): `ativo` when the user has it on; `configuracao_obrigatoria`
   * when it is mandatory for this user (REQUIRE_ADMIN_2FA, administradores) and not set up yet —
   * until it is, the API answers only the setup calls.
   */
  dois_fatores: z.object({ ativo: z.boolean(), configuracao_obrigatoria: z.boolean() }),
});
export type CurrentUserJson = z.output<typeof currentUserJson>;

/**
 * Spec §7 Session and users: the session itself and the logged-in user's own calls. Error answers
 * (401 with the session-expired message, 429 while a login is locked, and the refresh's 409
 * `{ status, msg, retry: true }` when another tab rotated the cookie a moment ago) come from the
 * error handler, not from these schemas.
 */
export const sessionContracts = {
  login: defineContract({
    method: 'POST', path: '/api/login', access: 'public', tags,
    summary: 'Entrar (define o cookie de renovação; com verificação em duas etapas responde requires_2fa e challenge)',
    body: loginSchema,
    response: loginAnswer,
  }),
  refresh: defineContract({
    method: 'POST', path: '/api/login/refresh', access: 'public', tags,
    summary: 'Renovar o token de acesso com o cookie de renovação (409 com retry: true quando outra aba acabou de renovar)',
    response: accessTokenAnswer,
  }),
  logout: defineContract({
    method: 'POST', path: '/api/logout', access: 'public', tags,
    summary: 'Sair (revoga a sessão e apaga o cookie)',
    response: okOnly,
  }),
  getUserCurrent: defineContract({
    method: 'GET', path: '/api/usuario/getUserCurrent', access: 'authenticated', tags: ['usuários'],
    summary: 'Usuário logado',
    response: okData(currentUserJson),
  }),
  updatePassword: defineContract({
    method: 'POST', path: '/api/usuario/updatePassword/:id', access: 'authenticated', tags: ['usuários'],
    summary: 'Alterar a própria senha (encerra todas as sessões)',
    params: idParamSchema,
    body: changePasswordSchema,
    response: okOnly,
  }),
};

/** The database the server runs on: embedded PGlite or a PostgreSQL server. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

/** Public endpoints of the server itself, callable before login. */
export const systemContracts = {
  /** Liveness probe (scripts, Playwright's webServer): `status` is the text 'ok', not the envelope's number. */
  health: defineContract({
    method: 'GET', path: '/api/health', access: 'public', tags: ['sistema'],
    summary: 'Servidor e banco de dados respondendo',
    // 'degraded' is answered with HTTP 503 and the reason: the database stopped, does not answer, or
    // its disk is too full to write (decision 107)
    response: z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(DATABASE_KINDS), msg: z.string().optional() }),
  }),
  /** Settings the web app needs before login. */
  config: defineContract({
    method: 'GET', path: '/api/config', access: 'public', tags,
    summary: 'Configuração pública do aplicativo',
    response: ok({ chatUrl: z.string() }),
  }),
};
