import { isBbNossoNumeroJaIncluido, parseBbErros, parseBbRegistroResposta, bbRegistroBodySchema } from '@bg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bbClient, call, registroBody, requestToken, startBbSandbox } from './bb-sandbox-helpers.js';

describe('BB sandbox: OAuth and registration over HTTP', () => {
  let sandbox: Awaited<ReturnType<typeof startBbSandbox>>;
  beforeAll(async () => {
    sandbox = await startBbSandbox({ credentials: [{ clientId: 'cliente-teste', clientSecret: 'segredo-teste', appKey: 'chave-app-teste' }] });
  });
  afterAll(async () => {
    await sandbox.app.close();
  });

  it('issues a token for Basic client credentials and refuses wrong ones with the OAuth error shape', async () => {
    const ok = await requestToken(sandbox.bb);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'cobrancas.boletos-requisicao cobrancas.boletos-info' });
    expect((ok.json as { access_token: string }).access_token.length).toBeGreaterThan(20);

    const wrong = await requestToken(sandbox.bb, 'cliente-teste', 'errado');
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Bad Credentials', attributes: { error: 'Bad Credentials' } });
    expect(parseBbErros(wrong.status, wrong.json)).toEqual([{ codigo: 'Unauthorized', mensagem: 'Bad Credentials' }]);

    const noBasic = await call(`${sandbox.bb}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    expect(noBasic.status).toBe(401);
  });

  it('checks the Bearer token and gw-dev-app-key on every call (401/403 in BB shapes)', async () => {
    const body = registroBody(900);
    const noToken = await call(`${sandbox.bb}/cobrancas/v2/boletos?gw-dev-app-key=chave-app-teste`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(noToken.status).toBe(401);
    expect(noToken.json).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    const client = await bbClient(sandbox.bb);
    const noKey = await call(`${sandbox.bb}/cobrancas/v2/boletos`, { method: 'POST', headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(noKey.status).toBe(401);
    expect(noKey.json).toMatchObject({ errors: [{ code: '401' }] });

    const otherKey = await bbClient(sandbox.bb, 'chave-de-outra-aplicacao');
    const refused = await otherKey.post('/boletos', body);
    expect(refused.status).toBe(403);
    expect(parseBbErros(refused.status, refused.json)[0]?.mensagem).toMatch(/gw-dev-app-key/);
  });

  it('registers a valid body: 201 with numero, linha digitável, código de barras and the Pix QR', async () => {
    const client = await bbClient(sandbox.bb);
    const res = await client.post('/boletos', registroBody(1));
    expect(res.status).toBe(201);
    const r = parseBbRegistroResposta(res.json);
    expect(r.numero).toBe('00031285570000000001');
    expect(r.codigoBarraNumerico).toBe('00191165600000100000000003128557000000000117');
    expect(r.linhaDigitavel).toBe('00190000090312855700000000001172116560000010000');
    expect(r.qrCode?.emv).toMatch(/^000201.*br\.gov\.bcb\.pix/);
    expect(r.qrCode?.emv).toContain('5406100.00');

    const semPix = await client.post('/boletos', registroBody(2, { pix: false }));
    expect(parseBbRegistroResposta(semPix.json).qrCode).toBeNull();
  });

  it('answers an invalid body with BB\'s erros shape, one entry per broken rule', async () => {
    const client = await bbClient(sandbox.bb);
    const body = { ...registroBody(3), dataVencimento: '2026-12-10', pagador: { ...registroBody(3).pagador, nome: '' } };
    expect(bbRegistroBodySchema.safeParse(body).success).toBe(false);
    const res = await client.post('/boletos', body);
    expect(res.status).toBe(400);
    const erros = (res.json as { erros: { codigo: string; versao: string; mensagem: string; ocorrencia: string }[] }).erros;
    expect(erros.map((e) => e.mensagem).join(' | ')).toMatch(/dataVencimento.*pagador\.nome|pagador\.nome.*dataVencimento/);
    for (const e of erros) expect(e).toMatchObject({ codigo: '9000001', versao: '1' });

    const notJson = await call(`${sandbox.bb}/cobrancas/v2/boletos?gw-dev-app-key=chave-app-teste`, { method: 'POST', headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' }, body: '{"numeroConvenio":' });
    expect(notJson.status).toBe(400);
    expect(parseBbErros(notJson.status, notJson.json)[0]?.codigo).toBe('9000006');
  });

  it('refuses a repeated numeroTituloCliente with BB\'s "Nosso Número já incluído anteriormente."', async () => {
    const client = await bbClient(sandbox.bb);
    expect((await client.post('/boletos', registroBody(4))).status).toBe(201);
    const again = await client.post('/boletos', registroBody(4, { valorCents: 999 }));
    expect(again.status).toBe(400);
    const erros = parseBbErros(again.status, again.json);
    expect(erros[0]).toMatchObject({ codigo: '4874915', mensagem: 'Nosso Número já incluído anteriormente.' });
    expect(isBbNossoNumeroJaIncluido(erros)).toBe(true);
  });

  it('answers unknown BB paths with BB\'s error shape', async () => {
    const res = await call(`${sandbox.bb}/cobrancas/v3/nada`);
    expect(res.status).toBe(404);
    expect(parseBbErros(404, res.json)[0]?.codigo).toBe('9000002');
  });
});
