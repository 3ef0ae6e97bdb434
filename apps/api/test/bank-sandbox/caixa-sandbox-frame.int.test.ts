import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildCaixaRegistroBody,
  buildCaixaTokenForm,
  CAIXA_TOKEN_PATH,
  caixaNossoNumero,
  caixaPaths,
  parseCaixaConsulta,
  parseCaixaRegistroResposta,
  parseCaixaToken,
  stringifyCaixaJson,
} from '@bg/domain';
import { bankSandboxPlugin, buildBankSandbox } from '../../src/bank-sandbox/build-bank-sandbox.js';
import { tituloCaixa } from './caixa-test-server.js';

const CREDENTIAL = { clientId: 'cli-caixa', clientSecret: 'segredo', appKey: 'chave-caixa' };
const opened: FastifyInstance[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  opened.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Token, then one call, as our client does; answers the response text. */
async function caixaCall(base: string, method: string, apiPath: string, body?: unknown) {
  const tokenAnswer = await fetch(`${base}${CAIXA_TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', apikey: CREDENTIAL.appKey },
    body: buildCaixaTokenForm(CREDENTIAL),
  });
  const token = parseCaixaToken(await tokenAnswer.text()).accessToken;
  const response = await fetch(`${base}/cobranca-bancaria${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, apikey: CREDENTIAL.appKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? stringifyCaixaJson(body) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

describe('Caixa in the bank sandbox frame', () => {
  it('buildBankSandbox serves Caixa under /caixa with the frame credentials, and its state file keeps the titles', async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caixa-sandbox-')), 'state.json');
    const first = await listen(buildBankSandbox({ credentials: [CREDENTIAL], stateFile }));
    const registered = await caixaCall(`${first}/caixa`, 'POST', caixaPaths.registrar('1100000'), buildCaixaRegistroBody(tituloCaixa()));
    expect(registered.status).toBe(200);
    const { codigoBarras } = parseCaixaRegistroResposta(registered.text);
    await opened.pop()!.close();

    const second = await listen(buildBankSandbox({ credentials: [CREDENTIAL], stateFile }));
    const consulta = await caixaCall(`${second}/caixa`, 'GET', caixaPaths.consultar('1100000', caixaNossoNumero(42)));
    expect(consulta.status).toBe(200);
    expect(parseCaixaConsulta(consulta.text)).toMatchObject({ estado: 'REGISTRADO', codigoBarras, valorCents: 15_000 });
  });

  it('mounted in-process under a prefix of our own server, beside routes that parse JSON as usual', async () => {
    const app = Fastify();
    app.post('/api/eco', async (request) => request.body);
    await app.register(bankSandboxPlugin, { prefix: '/sandbox-banco', credentials: [CREDENTIAL] });
    const base = await listen(app);
    const registered = await caixaCall(`${base}/sandbox-banco/caixa`, 'POST', caixaPaths.registrar('1100000'), buildCaixaRegistroBody(tituloCaixa()));
    expect(registered.status).toBe(200);
    expect(parseCaixaRegistroResposta(registered.text).url).toMatch(new RegExp(`^${base}/sandbox-banco/caixa/sandbox/boletos/14000000000000042`));
    const eco = await fetch(`${base}/api/eco`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":14000000000000042}' });
    expect(await eco.json()).toEqual({ n: 14000000000000042 });
  });
});
