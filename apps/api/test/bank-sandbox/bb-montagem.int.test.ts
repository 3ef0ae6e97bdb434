import { parseBbBaixaOperacionalListagem, parseBbDetalhe } from '@bg/domain';
import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { bankSandboxPlugin } from '../../src/bank-sandbox/build-bank-sandbox.js';
import { CONVENIO, bbClient, call, registroBody, requestToken, startBbSandbox } from './bb-sandbox-helpers.js';

const ID = `000${CONVENIO}0000000070`;

describe('BB sandbox: mounted in another server, kept in a state file, tokens that expire', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-sandbox-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves the same contract under a prefix of our own server (the in-process demo) and keeps its boletos across restarts', async () => {
    const stateFile = path.join(dir, 'sandbox.json');
    const start = async () => {
      const host = Fastify();
      host.get('/api/health', async () => ({ ok: true }));
      await host.register(bankSandboxPlugin, { prefix: '/sandbox-banco', stateFile });
      await host.listen({ port: 0, host: '127.0.0.1' });
      return { host, bb: `http://127.0.0.1:${(host.server.address() as AddressInfo).port}/sandbox-banco/bb` };
    };
    const first = await start();
    const client = await bbClient(first.bb);
    expect((await client.post('/boletos', registroBody(70))).status).toBe(201);
    await first.host.close();
    expect(fs.existsSync(stateFile)).toBe(true);

    const second = await start();
    try {
      const again = await bbClient(second.bb);
      const detail = await again.get(`/boletos/${ID}`, { numeroConvenio: CONVENIO });
      expect(parseBbDetalhe(detail.json).estado).toBe('REGISTRADO');
      expect((await again.post('/boletos', registroBody(70))).status).toBe(400);
    } finally {
      await second.host.close();
    }
  });

  it('walks the baixa operacional listing page by page with idProximoTitulo', async () => {
    const sandbox = await startBbSandbox({ now: () => new Date('2026-12-01T15:00:00Z'), baixaOperacionalPageSize: 2 });
    try {
      const client = await bbClient(sandbox.bb);
      for (const seq of [80, 81, 82]) {
        await client.post('/boletos', registroBody(seq));
        await call(`${sandbox.bb}/sandbox/boletos/000${CONVENIO}${String(seq).padStart(10, '0')}/pagar`, { method: 'POST' });
      }
      const query = { agencia: 452, conta: 123873, carteira: 17, variacao: 35, dataInicioAgendamentoTitulo: '01.12.2026', dataFimAgendamentoTitulo: '01.12.2026' };
      const first = parseBbBaixaOperacionalListagem((await client.get('/boletos-baixa-operacional', query)).json);
      expect(first.pagamentos).toHaveLength(2);
      expect(first.proximoTitulo).not.toBeNull();
      const second = parseBbBaixaOperacionalListagem((await client.get('/boletos-baixa-operacional', { ...query, idProximoTitulo: first.proximoTitulo ?? '' })).json);
      expect(second.pagamentos.map((p) => p.id)).toEqual([`000${CONVENIO}0000000082`]);
      expect(second.proximoTitulo).toBeNull();
    } finally {
      await sandbox.app.close();
    }
  });

  it('refuses a token past its lifetime', async () => {
    let now = new Date('2026-11-27T12:00:00Z');
    const sandbox = await startBbSandbox({ now: () => now, tokenTtlSeconds: 60 });
    try {
      const client = await bbClient(sandbox.bb);
      expect((await client.post('/boletos', registroBody(71))).status).toBe(201);
      now = new Date('2026-11-27T12:01:00Z');
      const expired = await client.get(`/boletos/000${CONVENIO}0000000071`, { numeroConvenio: CONVENIO });
      expect(expired.status).toBe(401);
      expect(expired.json).toMatchObject({ statusCode: 401, message: 'Token de acesso expirado.' });
      expect((await requestToken(sandbox.bb)).status).toBe(200);
      expect((await call(`${sandbox.root}/bb/sandbox/boletos`)).status).toBe(200);
    } finally {
      await sandbox.app.close();
    }
  });
});
