import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BbSandboxContext } from './bb-context.js';
import { answerWithFault } from './bb-fault-step.js';
import { sendGatewayErro, sendOAuthErro } from './bb-sandbox-errors.js';

/** client_id:client_secret of an HTTP Basic header, or null. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The app key a credential set pairs with this client, null when any key is accepted. */
function knownClient(ctx: BbSandboxContext, id: string, secret: string): { appKey: string | null } | null {
  if (!ctx.options.credentials) return id && secret ? { appKey: null } : null;
  const found = ctx.options.credentials.find((c) => c.clientId === id && c.clientSecret === secret);
  return found ? { appKey: found.appKey } : null;
}

/** POST /oauth/token — client credentials in Basic auth, form body grant_type=client_credentials&scope=… */
export function registerBbOAuth(app: FastifyInstance, ctx: BbSandboxContext): void {
  app.post('/oauth/token', async (request, reply) => {
    const creds = basicCredentials(request.headers.authorization);
    const client = creds ? knownClient(ctx, creds.id, creds.secret) : null;
    if (!creds || !client) return sendOAuthErro(reply, 401, 'Bad Credentials');
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (form.grant_type !== 'client_credentials') return sendOAuthErro(reply, 400, 'grant_type deve ser client_credentials.');
    return answerWithFault(ctx, 'token', reply, () => {
      const token = randomBytes(24).toString('base64url');
      const ttl = ctx.options.tokenTtlSeconds;
      ctx.store.tokens.set(token, { clientId: creds.id, appKey: client.appKey, expiresAt: ctx.options.now().getTime() + ttl * 1000 });
      const scope = typeof form.scope === 'string' ? form.scope : '';
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: ttl, scope } };
    });
  });
}

/**
 * Every API call carries `Authorization: Bearer <token>` and the application key in the query
 * (`gw-dev-app-key`; `gw-app-key` is also read, the name BB's docs give for one of the two
 * environments). Answers the refusal and returns false when the call may not go on.
 */
export function checkBbAuth(ctx: BbSandboxContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const token = bearer ? ctx.store.tokens.get(bearer) : undefined;
  if (!bearer || !token) {
    void sendOAuthErro(reply, 401, 'Token de acesso ausente ou inválido.');
    return false;
  }
  if (token.expiresAt <= ctx.options.now().getTime()) {
    ctx.store.tokens.delete(bearer);
    void sendOAuthErro(reply, 401, 'Token de acesso expirado.');
    return false;
  }
  const query = request.query as Record<string, unknown>;
  const appKey = query['gw-dev-app-key'] ?? query['gw-app-key'];
  if (typeof appKey !== 'string' || appKey.trim() === '') {
    void sendGatewayErro(reply, 401, 'Informe a chave da aplicação no parâmetro gw-dev-app-key.');
    return false;
  }
  if (token.appKey !== null && token.appKey !== appKey) {
    void sendGatewayErro(reply, 403, 'A chave da aplicação (gw-dev-app-key) não pertence à aplicação do token.');
    return false;
  }
  return true;
}
