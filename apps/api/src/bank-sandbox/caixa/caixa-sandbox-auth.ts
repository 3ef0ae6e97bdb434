import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAIXA_ERROS_INTEGRACAO } from '@bg/domain';
import { caixaReply, integracao, type CaixaAnswer } from './caixa-sandbox-replies.js';
import { allowRequest, type CaixaSandboxState } from './caixa-sandbox-state.js';

/**
 * Caixa's two gates, as MO 38.431 describes them: the SSO (Keycloak realm "internet") issues
 * client-credentials tokens — one request per minute per client, then 429 —, and the API gateway
 * wants the `apikey` header and a valid Bearer token on every call, at most 5 requests a second.
 */

export type CaixaSandboxCredential = { clientId: string; clientSecret: string; apiKey: string };

export type CaixaSandboxAuthOptions = {
  credentials: readonly CaixaSandboxCredential[] | null;
  nowMs: () => number;
  tokenTtlSeconds: number;
  tokenMinIntervalMs: number;
  requestsPerSecond: number | null;
};

function oauthError(status: number, error: string, description: string, headers?: Record<string, string>): CaixaAnswer {
  return { status, body: { error, error_description: description }, headers };
}

function apiKeyOf(request: FastifyRequest): string {
  const value = request.headers.apikey;
  return (Array.isArray(value) ? value[0] : value ?? '').trim();
}

/** POST …/protocol/openid-connect/token, form body grant_type/client_id/client_secret. */
export function issueToken(state: CaixaSandboxState, options: CaixaSandboxAuthOptions, request: FastifyRequest): CaixaAnswer {
  const form = (request.body ?? {}) as Record<string, unknown>;
  const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  if (field('grant_type') !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
  }
  const clientId = field('client_id');
  const secret = field('client_secret');
  const apiKey = apiKeyOf(request);
  const known = options.credentials;
  const valid = known
    ? known.some((c) => c.clientId === clientId && c.clientSecret === secret && (apiKey === '' || c.apiKey === apiKey))
    : clientId !== '' && secret !== '';
  if (!valid) return oauthError(401, 'unauthorized_client', 'INVALID_CREDENTIALS: Invalid client credentials');

  const now = options.nowMs();
  const last = state.ultimoToken.get(clientId);
  if (last !== undefined && now - last < options.tokenMinIntervalMs) {
    const waitSeconds = Math.ceil((last + options.tokenMinIntervalMs - now) / 1000);
    return oauthError(429, 'too_many_requests', 'SSO CAIXA: limite de 1 requisicao de token por minuto excedido', {
      'retry-after': String(waitSeconds),
    });
  }
  state.ultimoToken.set(clientId, now);
  const accessToken = randomBytes(24).toString('base64url');
  state.tokens.set(accessToken, { clientId, expiresAt: now + options.tokenTtlSeconds * 1000 });
  return {
    status: 200,
    body: {
      access_token: accessToken,
      expires_in: options.tokenTtlSeconds,
      refresh_expires_in: options.tokenTtlSeconds * 2,
      refresh_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      'not-before-policy': 0,
      scope: 'openid',
    },
  };
}

const TOKEN_INVALIDO = { codigo: '401', mensagem: 'TOKEN NAO ENCONTRADO, INVALIDO OU EXPIRADO' };
const LIMITE = { codigo: '429', mensagem: 'LIMITE DE 5 REQUISICOES POR SEGUNDO EXCEDIDO' };

/**
 * The gateway's checks before any boleto operation; answers and returns false when one fails.
 * Order: the API key (who calls), the 5-per-second counter of that key, then the token.
 */
export function checkGateway(
  state: CaixaSandboxState,
  options: CaixaSandboxAuthOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const apiKey = apiKeyOf(request);
  const credential = options.credentials?.find((c) => c.apiKey === apiKey);
  if (apiKey === '' || (options.credentials && !credential)) {
    caixaReply(reply, integracao(401, CAIXA_ERROS_INTEGRACAO.NAO_AUTORIZADO));
    return false;
  }
  const now = options.nowMs();
  if (!allowRequest(state, apiKey, now, options.requestsPerSecond)) {
    caixaReply(reply, integracao(429, LIMITE, { 'retry-after': '1' }));
    return false;
  }
  const auth = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1] ?? '';
  const issued = state.tokens.get(token);
  if (!issued || issued.expiresAt <= now) {
    if (issued) state.tokens.delete(token);
    caixaReply(reply, integracao(401, TOKEN_INVALIDO));
    return false;
  }
  if (credential && credential.clientId !== issued.clientId) {
    caixaReply(reply, integracao(403, { codigo: 'RA03', mensagem: 'USUARIO NAO AUTORIZADO A EXECUTAR A TRANSACAO' }));
    return false;
  }
  return true;
}
