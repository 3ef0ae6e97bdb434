import { parseBbDetalhe, parseBbErros, parseBbRegistroResposta } from '@bg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVENIO, bbClient, call, registroBody, requestToken, startBbSandbox } from './bb-sandbox-helpers.js';

const ID = (seq: number) => `000${CONVENIO}${String(seq).padStart(10, '0')}`;

function inject(bb: string, falha: Record<string, unknown>) {
  return call(`${bb}/sandbox/falhas`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(falha) });
}

describe('BB sandbox: injected faults', () => {
  let sandbox: Awaited<ReturnType<typeof startBbSandbox>>;
  beforeAll(async () => {
    sandbox = await startBbSandbox();
  });
  afterAll(async () => {
    await sandbox.app.close();
  });

  it('answers 500 and 503 in BB\'s error shape the given number of times, then works', async () => {
    const client = await bbClient(sandbox.bb);
    expect((await inject(sandbox.bb, { rota: 'registrar', tipo: 'erro500', vezes: 1 })).status).toBe(201);
    expect((await inject(sandbox.bb, { rota: 'registrar', tipo: 'indisponivel', vezes: 1 })).status).toBe(201);
    const first = await client.post('/boletos', registroBody(60));
    expect(first.status).toBe(500);
    expect(parseBbErros(500, first.json)[0]?.codigo).toBe('9000500');
    const second = await client.post('/boletos', registroBody(60));
    expect(second.status).toBe(503);
    expect(parseBbErros(503, second.json)[0]?.codigo).toBe('9000503');
    // Failed before the work: nothing was registered, so the third call registers.
    expect((await client.post('/boletos', registroBody(60))).status).toBe(201);
    expect((await call(`${sandbox.bb}/sandbox/falhas`)).json).toEqual({ falhas: [] });
  });

  it('registers and then never answers (aposProcessar): the client times out, the boleto exists', async () => {
    const client = await bbClient(sandbox.bb);
    await inject(sandbox.bb, { rota: 'registrar', tipo: 'timeout', aposProcessar: true });
    const url = `${sandbox.bb}/cobrancas/v2/boletos?gw-dev-app-key=chave`;
    const started = Date.now();
    const outcome = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(registroBody(61)),
      signal: AbortSignal.timeout(300),
    }).then(
      () => 'answered',
      (e: Error) => e.name,
    );
    expect(outcome).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(2_000);
    // What a careful client does next: ask for the boleto before sending it again.
    const detail = await client.get(`/boletos/${ID(61)}`, { numeroConvenio: CONVENIO });
    expect(detail.status).toBe(200);
    expect(parseBbDetalhe(detail.json).estado).toBe('REGISTRADO');
    const again = await client.post('/boletos', registroBody(61));
    expect(parseBbErros(again.status, again.json)[0]?.codigo).toBe('4874915');
  });

  it('never answers before the work: nothing is registered', async () => {
    const client = await bbClient(sandbox.bb);
    await inject(sandbox.bb, { rota: 'registrar', tipo: 'timeout' });
    const outcome = await fetch(`${sandbox.bb}/cobrancas/v2/boletos?gw-dev-app-key=chave`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(registroBody(62)),
      signal: AbortSignal.timeout(300),
    }).then(
      () => 'answered',
      (e: Error) => e.name,
    );
    expect(outcome).toBe('TimeoutError');
    expect((await client.get(`/boletos/${ID(62)}`, { numeroConvenio: CONVENIO })).status).toBe(404);
  });

  it('answers late with atrasoMs, and faults other routes and the token too', async () => {
    const client = await bbClient(sandbox.bb);
    await inject(sandbox.bb, { rota: 'registrar', tipo: 'timeout', atrasoMs: 250 });
    const started = Date.now();
    const slow = await client.post('/boletos', registroBody(63));
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(parseBbRegistroResposta(slow.json).numero).toBe(ID(63));

    await inject(sandbox.bb, { rota: 'consultar', tipo: 'indisponivel', vezes: 2 });
    expect((await client.get(`/boletos/${ID(63)}`, { numeroConvenio: CONVENIO })).status).toBe(503);
    const second = await client.get(`/boletos/${ID(63)}`, { numeroConvenio: CONVENIO });
    expect(second.json).toMatchObject({ errors: [{ code: '9000503' }] });
    expect((await client.get(`/boletos/${ID(63)}`, { numeroConvenio: CONVENIO })).status).toBe(200);

    await inject(sandbox.bb, { rota: 'token', tipo: 'erro500' });
    const token = await requestToken(sandbox.bb);
    expect(token.status).toBe(500);
    expect((await requestToken(sandbox.bb)).status).toBe(200);
  });

  it('refuses an unknown fault and resets everything', async () => {
    expect((await inject(sandbox.bb, { rota: 'pagar', tipo: 'erro500' })).status).toBe(400);
    await inject(sandbox.bb, { rota: 'baixar', tipo: 'erro500', vezes: 3 });
    const reset = await call(`${sandbox.bb}/sandbox/reset`, { method: 'POST' });
    expect(reset.json).toEqual({ boletos: 0 });
    expect((await call(`${sandbox.bb}/sandbox/falhas`)).json).toEqual({ falhas: [] });
    expect((await call(`${sandbox.bb}/sandbox/boletos`)).json).toEqual({ boletos: [] });
  });
});
