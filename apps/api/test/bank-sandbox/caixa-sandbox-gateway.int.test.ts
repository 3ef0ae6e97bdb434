import { afterEach, describe, expect, it } from 'vitest';
import {
  buildCaixaRegistroBody,
  buildCaixaTokenForm,
  CAIXA_TOKEN_PATH,
  caixaNossoNumero,
  caixaPaths,
  isCaixaTituloNaoEncontrado,
  parseCaixaConsulta,
  parseCaixaErros,
  parseCaixaToken,
} from '@bg/domain';
import { createRateLimiter } from '../../src/modules/banco/throttle.js';
import { CLIENT, startCaixaSandbox, tituloCaixa, type CaixaTestServer } from './caixa-test-server.js';

let caixa: CaixaTestServer | undefined;
afterEach(async () => {
  await caixa?.close();
  caixa = undefined;
});

const BENEFICIARIO = '1100000';

async function tokenRequest(server: CaixaTestServer, form = buildCaixaTokenForm(CLIENT), apiKey = CLIENT.apiKey) {
  const response = await fetch(`${server.base}${CAIXA_TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', apikey: apiKey },
    body: form,
  });
  return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
}

describe('Caixa sandbox — the SSO token (one per minute per client)', () => {
  it('issues a 15-minute Bearer token, then 429 until a minute has passed', async () => {
    caixa = await startCaixaSandbox();
    const first = await tokenRequest(caixa);
    expect(first.status).toBe(200);
    expect(parseCaixaToken(first.text)).toMatchObject({ tokenType: 'Bearer', expiresInSeconds: 900 });

    caixa.advance(59_000);
    const second = await tokenRequest(caixa);
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBe('1');
    expect(parseCaixaErros(429, second.text)[0].codigo).toBe('too_many_requests');

    caixa.advance(1_000);
    expect((await tokenRequest(caixa)).status).toBe(200);
  });

  it('refuses wrong credentials with the SSO error shape, and a grant other than client_credentials', async () => {
    caixa = await startCaixaSandbox({ credentials: [CLIENT] });
    const wrong = await tokenRequest(caixa, buildCaixaTokenForm({ clientId: CLIENT.clientId, clientSecret: 'outro' }));
    expect(wrong.status).toBe(401);
    expect(parseCaixaErros(401, wrong.text)).toEqual([
      { codigo: 'unauthorized_client', mensagem: 'INVALID_CREDENTIALS: Invalid client credentials' },
    ]);
    const grant = await tokenRequest(caixa, 'grant_type=password&client_id=a&client_secret=b');
    expect(grant.status).toBe(400);
    expect((await tokenRequest(caixa)).status).toBe(200);
  });

  it('a token expires after its lifetime', async () => {
    caixa = await startCaixaSandbox();
    const token = await caixa.token();
    const nn = caixaNossoNumero(1);
    expect((await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { token })).status).toBe(404);
    caixa.advance(900_000);
    const expired = await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { token });
    expect(expired.status).toBe(401);
    expect(parseCaixaErros(401, expired.text)[0].codigo).toBe('401');
  });
});

describe('Caixa sandbox — the gateway (apikey, Bearer, 5 requests per second)', () => {
  const nn = caixaNossoNumero(1);

  it('wants the apikey header and a Bearer token it issued', async () => {
    caixa = await startCaixaSandbox({ credentials: [CLIENT] });
    const noKey = await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { apiKey: null });
    expect(noKey.status).toBe(401);
    expect(parseCaixaErros(401, noKey.text)[0].codigo).toBe('RA01');
    const otherKey = await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { apiKey: 'chave-de-outro' });
    expect(otherKey.status).toBe(401);
    const noToken = await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { token: 'inventado' });
    expect(noToken.status).toBe(401);
    expect((await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn))).status).toBe(404);
  });

  it('answers 429 to the sixth request within a second, and serves again a second later', async () => {
    caixa = await startCaixaSandbox();
    const token = await caixa.token();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { token })).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    caixa.advance(1_000);
    expect((await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { token })).status).toBe(404);
  });

  it('our client throttle keeps twelve calls under the limit: none is refused', async () => {
    // real time on both sides: the sandbox counts by its clock, the limiter waits by its own
    caixa = await startCaixaSandbox({ now: () => new Date() });
    const token = await caixa.token();
    const limiter = createRateLimiter({ perSecond: 5 });
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => limiter.schedule(async () => (await caixa!.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { token })).status)),
    );
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });
});

describe('Caixa sandbox — faults for the retry and reconciliation paths', () => {
  const falha = (server: CaixaTestServer, body: unknown) =>
    fetch(`${server.base}/sandbox/falhas`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registrar = (server: CaixaTestServer) =>
    server.call('POST', caixaPaths.registrar(BENEFICIARIO), { body: buildCaixaRegistroBody(tituloCaixa()) });
  const nn = caixaNossoNumero(42);

  it('erro500 before processing: 500 in the gateway shape, nothing registered; the next call works', async () => {
    caixa = await startCaixaSandbox({ requestsPerSecond: null });
    expect((await falha(caixa, { rota: 'registrar', tipo: 'erro500' })).status).toBe(200);
    const failed = await registrar(caixa);
    expect(failed.status).toBe(500);
    expect(parseCaixaErros(500, failed.text)[0].codigo).toBe('BK01');
    expect(isCaixaTituloNaoEncontrado(parseCaixaErros(404, (await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn))).text))).toBe(true);
    expect((await registrar(caixa)).status).toBe(200);
  });

  it('a timeout after processing: no answer reaches the client, yet consultar finds the title', async () => {
    caixa = await startCaixaSandbox({ requestsPerSecond: null });
    await falha(caixa, { rota: 'registrar', tipo: 'timeout', aposProcessar: true, atrasoMs: 50 });
    await expect(registrar(caixa)).rejects.toThrow();
    const consulta = await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn));
    expect(consulta.status).toBe(200);
    expect(parseCaixaConsulta(consulta.text).estado).toBe('REGISTRADO');
  });

  it('a timeout before processing: the client gives up, nothing is registered, and closing does not wait for it', async () => {
    caixa = await startCaixaSandbox({ requestsPerSecond: null });
    await falha(caixa, { rota: 'registrar', tipo: 'timeout', atrasoMs: 60_000 });
    const token = await caixa.token();
    const body = JSON.stringify({ dados_cadastrais: {} });
    const hung = fetch(`${caixa.apiBase}${caixaPaths.registrar(BENEFICIARIO)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: CLIENT.apiKey, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(200),
    });
    await expect(hung).rejects.toThrow();
    expect(caixa.state.boletos.size).toBe(0);
    const closing = Date.now();
    await caixa.close();
    caixa = undefined;
    expect(Date.now() - closing).toBeLessThan(5_000);
  });

  it('indisponivel: 503 with a body that is not Caixa JSON, read as one generic error', async () => {
    caixa = await startCaixaSandbox({ requestsPerSecond: null });
    await falha(caixa, { rota: 'consultar', tipo: 'indisponivel', vezes: 2 });
    for (let i = 0; i < 2; i++) {
      const down = await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn));
      expect(down.status).toBe(503);
      expect(parseCaixaErros(503, down.text)).toEqual([{ codigo: 'HTTP_503', mensagem: 'Resposta inesperada da Caixa (HTTP 503): Service Unavailable' }]);
    }
    expect((await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn))).status).toBe(404);
  });

  it('a fault on the token endpoint', async () => {
    caixa = await startCaixaSandbox();
    await falha(caixa, { rota: 'token', tipo: 'erro500' });
    expect((await tokenRequest(caixa)).status).toBe(500);
    expect((await tokenRequest(caixa)).status).toBe(200);
  });

  it('refuses a fault it does not know', async () => {
    caixa = await startCaixaSandbox();
    expect((await falha(caixa, { rota: 'pagar', tipo: 'erro500' })).status).toBe(400);
  });
});
