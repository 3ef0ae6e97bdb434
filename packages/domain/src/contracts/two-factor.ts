import { z } from 'zod';
import { MSG } from '../schemas/messages.js';
import { defineContract } from './contract.js';
import { ok, okData, okOnly, timestamp } from './envelope.js';
import { accessTokenAnswer, sessionContracts } from './session.js';

/**
 * Two-factor sign-in with TOTP (RFC 6238) — docs/decisions/095-two-factor-and-lgpd.md. Any user
 * may turn it on from the user menu; REQUIRE_ADMIN_2FA=true makes it mandatory for administradores.
 */
const tags = ['sessão'];

/** The name authenticator apps show beside the account (otpauth:// issuer). */
export const TWO_FACTOR_ISSUER = 'Boleto Garantido';
/** Single-use recovery codes given when two-factor sign-in is turned on (shown once). */
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MSG = {
  codeInvalid: 'Código de verificação inválido.',
  totpFormat: 'Informe os 6 dígitos do aplicativo autenticador.',
  codeFormat: 'Informe os 6 dígitos do aplicativo ou um código de recuperação.',
  challengeExpired: 'A verificação expirou. Entre novamente com login e senha.',
  setupRequired: 'Ative a verificação em duas etapas para continuar.',
  alreadyOn: 'A verificação em duas etapas já está ativa.',
  notStarted: 'Inicie a configuração da verificação em duas etapas primeiro.',
  notOn: 'A verificação em duas etapas não está ativa.',
  mandatory: 'A verificação em duas etapas é obrigatória para administradores.',
  passwordWrong: 'Senha incorreta.',
} as const;

const TOTP_RE = /^\d{6}$/;
/** A recovery code: 10 characters of the base32 alphabet, shown as `xxxxx-xxxxx`. */
const RECOVERY_RE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;
const compact = (v: string) => v.replace(/\s+/g, '');

/** The 6 digits of the authenticator app (spaces allowed: "123 456"). */
export const totpCodeSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(20, TWO_FACTOR_MSG.totpFormat)
  .refine((v) => TOTP_RE.test(compact(v)), TWO_FACTOR_MSG.totpFormat)
  .transform(compact);

/** Either the 6 digits or a recovery code (answered lower case, without the hyphen or spaces). */
export const secondFactorCodeSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(30, TWO_FACTOR_MSG.codeFormat)
  .refine((v) => TOTP_RE.test(compact(v)) || RECOVERY_RE.test(compact(v)), TWO_FACTOR_MSG.codeFormat)
  .transform((v) => compact(v).replace('-', '').toLowerCase());

export const login2faSchema = z.object({
  challenge: z.string({ error: MSG.required }).min(1, MSG.required).max(1000),
  code: secondFactorCodeSchema,
});
export type Login2faInput = z.infer<typeof login2faSchema>;

export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
  code: secondFactorCodeSchema,
});

export const twoFactorStatusJson = z.object({
  ativo: z.boolean(),
  ativado_em: timestamp.nullable(),
  /** Recovery codes not used yet. */
  codigos_restantes: z.number().int(),
  /** Mandatory for this user (REQUIRE_ADMIN_2FA and administrador): it cannot be turned off. */
  obrigatorio: z.boolean(),
});

export const twoFactorContracts = {
  /** Second step of the login: the challenge of POST /api/login and a code; opens the session as login does. */
  login2fa: defineContract({
    method: 'POST', path: '/api/login/2fa', access: 'public', tags,
    summary: 'Entrar: segunda etapa (código do aplicativo ou de recuperação); define o cookie de renovação',
    body: login2faSchema,
    response: accessTokenAnswer,
  }),
  status: defineContract({
    method: 'GET', path: '/api/usuario/doisFatores', access: 'authenticated', tags: ['usuários'],
    summary: 'Verificação em duas etapas do usuário logado',
    response: okData(twoFactorStatusJson),
  }),
  /** A new secret waiting for its first code: answered only here, never again (stored encrypted). */
  iniciar: defineContract({
    method: 'POST', path: '/api/usuario/doisFatores/iniciar', access: 'authenticated', tags: ['usuários'],
    summary: 'Iniciar a configuração: segredo, URI otpauth:// e QR code (exibidos só agora)',
    response: okData(
      z.object({
        segredo: z.string().meta({ description: 'base32, para digitar no aplicativo' }),
        otpauth_url: z.string(),
        qr_code: z.string().meta({ description: 'data:image/png;base64,… do otpauth_url' }),
      }),
    ),
  }),
  confirmar: defineContract({
    method: 'POST', path: '/api/usuario/doisFatores/confirmar', access: 'authenticated', tags: ['usuários'],
    summary: 'Ativar com o primeiro código; responde os códigos de recuperação (exibidos uma única vez)',
    body: confirmTwoFactorSchema,
    response: ok({ codigos_recuperacao: z.array(z.string()) }),
  }),
  desativar: defineContract({
    method: 'POST', path: '/api/usuario/doisFatores/desativar', access: 'authenticated', tags: ['usuários'],
    summary: 'Desativar (senha e código)',
    body: disableTwoFactorSchema,
    response: okOnly,
  }),
};

/**
 * The calls an administrador who must still set up two-factor sign-in may make (logout and refresh
 * are public); the API refuses every other with 403 `mfa: 'setup-required'`.
 */
export const TWO_FACTOR_SETUP_PATHS: readonly string[] = [
  sessionContracts.getUserCurrent.path,
  twoFactorContracts.status.path,
  twoFactorContracts.iniciar.path,
  twoFactorContracts.confirmar.path,
];
