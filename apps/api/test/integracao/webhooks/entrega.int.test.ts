import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGarantia } from '../../../src/factories/garantia.js';
import { createEmpresa, createUsuario } from '../../../src/factories/foundation.js';
import { emitirEvento } from '../../../src/modules/eventos/emitir-evento.js';
import { createTestApp, type TestApp } from '../../harness.js';
import { assinaturaConfere, startReceiver, waitFor } from './receiver.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ webhooks: { privateUrls: true, timeoutMs: 2000, tickSeconds: 1, retryBaseSeconds: 0 } });
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

async function novaLoja() {
  const empresa = await createEmpresa(t.database.db);
  const user = await createUsuario(t.database.db, { nivel: '1', empresa_id: empresa.id });
  const token = await t.login(user.login, user.password);
  return { empresa, user, token };
}

async function criarWebhook(token: string, empresaId: number, url: string, eventos: string[] = ['*']) {
  const res = await t.call({ method: 'POST', url: '/api/integracao/webhooks', token, payload: { empresa_id: empresaId, url, eventos } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; segredo: string };
}

describe('webhooks: delivery of the outbox', () => {
  it('a guarantee approved reaches the receiver signed (verified independently), with the resource as /api/v1 answers it', async () => {
    const rx = await startReceiver();
    try {
      const loja = await novaLoja();
      const hook = await criarWebhook(loja.token, loja.empresa.id, rx.url, ['garantia.aprovada']);
      expect(hook.segredo).toMatch(/^whsec_/);
      const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
      const res = await t.call({ method: 'POST', url: `/api/garantia/aprovar/${garantia.id}`, token: admin });
      expect(res.statusCode, res.body).toBe(200);

      const got = await waitFor('o evento', () => rx.recebidos.find((r) => r.json.tipo === 'garantia.aprovada'));
      expect(assinaturaConfere(got.headers['x-assinatura'], got.body, hook.segredo)).toBe(true);
      expect(assinaturaConfere(got.headers['x-assinatura'], got.body, 'whsec_outro')).toBe(false);
      expect(assinaturaConfere(got.headers['x-assinatura'], got.body.replace('aprovada', 'negada'), hook.segredo)).toBe(false);
      expect(got.json).toMatchObject({ tipo: 'garantia.aprovada', sequencia: 1 });
      expect(got.json.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(got.headers['x-evento-id']).toBe(got.json.id);
      expect(got.json.dados.garantia).toMatchObject({ id: garantia.id, status: 'APROVADO', empresa_id: loja.empresa.id });

      // the log shows the attempt (status, latency, excerpt)
      await waitFor('entrega registrada', async () => {
        const log = await t.call({ method: 'GET', url: `/api/integracao/webhooks/${hook.id}/entregas`, token: loja.token });
        return log.json().data[0]?.status === 'entregue' && log.json();
      });
      const log = (await t.call({ method: 'GET', url: `/api/integracao/webhooks/${hook.id}/entregas`, token: loja.token })).json();
      expect(log.data[0]).toMatchObject({ tipo: 'garantia.aprovada', status: 'entregue', tentativas: 1, evento_id: got.json.id });
      expect(log.data[0].historico[0]).toMatchObject({ status_http: 200, sucesso: true, resposta: 'ok' });
      expect(log.data[0].historico[0].latencia_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await rx.close();
    }
  });

  it('a type the endpoint did not choose writes no event; a shop without endpoints writes none either', async () => {
    const loja = await novaLoja();
    const semHook = await novaLoja();
    await criarWebhook(loja.token, loja.empresa.id, 'http://127.0.0.1:9/hook', ['boleto.pago']);
    const a = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
    const b = await createGarantia(t.database.db, { empresa_id: semHook.empresa.id, usuario_id: semHook.user.id });
    for (const g of [a, b]) expect((await t.call({ method: 'POST', url: `/api/garantia/aprovar/${g.garantia.id}`, token: admin })).statusCode).toBe(200);
    const n = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from integracao_evento where recurso = 'garantia' and recurso_id in (${a.garantia.id}, ${b.garantia.id})`));
    expect(n[0].n).toBe(0);
  });

  it('rollback emits nothing: an event written in a transaction that fails is never delivered', async () => {
    const loja = await novaLoja();
    await criarWebhook(loja.token, loja.empresa.id, 'http://127.0.0.1:9/hook');
    const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await emitirEvento(tx, 'garantia', { tipo: 'garantia.aprovada', recursoId: garantia.id, empresaId: loja.empresa.id })).toBe(1);
        throw new Error('falha depois do evento');
      }),
    ).rejects.toThrow('falha depois do evento');
    const n = rowsOf<{ n: number }>(await t.database.db.execute(sql`select (select count(*) from integracao_evento where recurso_id = ${garantia.id} and recurso = 'garantia')::int + (select count(*) from integracao_sequencia where recurso_id = ${garantia.id} and recurso = 'garantia')::int as n`));
    expect(n[0].n).toBe(0);
    // and a guarded use-case that refuses (approving twice) adds no second event
    expect((await t.call({ method: 'POST', url: `/api/garantia/aprovar/${garantia.id}`, token: admin })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/garantia/aprovar/${garantia.id}`, token: admin })).statusCode).toBe(409);
    const e = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from integracao_evento where recurso_id = ${garantia.id} and recurso = 'garantia'`));
    expect(e[0].n).toBe(1);
  });
});
