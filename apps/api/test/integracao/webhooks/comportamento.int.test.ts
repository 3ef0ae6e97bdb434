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

// backoff base 0: a failed delivery is due again at once, so 15 failures take milliseconds
beforeAll(async () => {
  t = await createTestApp({ webhooks: { privateUrls: true, timeoutMs: 2000, tickSeconds: 1, retryBaseSeconds: 0 } });
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

async function novaLoja() {
  const empresa = await createEmpresa(t.database.db);
  const user = await createUsuario(t.database.db, { nivel: '1', empresa_id: empresa.id });
  return { empresa, user, token: await t.login(user.login, user.password) };
}

async function criarWebhook(token: string, empresaId: number, url: string, eventos: string[] = ['*']) {
  const res = await t.call({ method: 'POST', url: '/api/integracao/webhooks', token, payload: { empresa_id: empresaId, url, eventos } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; segredo: string };
}

async function entregas(token: string, id: number, query = '') {
  const res = await t.call({ method: 'GET', url: `/api/integracao/webhooks/${id}/entregas${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('webhooks: retries, pause, order', () => {
  it('retries a receiver that fails and then succeeds; every attempt is in the log', async () => {
    const rx = await startReceiver((_r, n) => (n <= 2 ? 503 : 200));
    try {
      const loja = await novaLoja();
      const hook = await criarWebhook(loja.token, loja.empresa.id, rx.url);
      const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
      expect((await t.call({ method: 'POST', url: `/api/garantia/aprovar/${garantia.id}`, token: admin })).statusCode).toBe(200);
      await waitFor('3 tentativas', () => rx.recebidos.length >= 3);
      // the same event id and body each time (only the signature's t may change)
      expect(new Set(rx.recebidos.map((r) => r.json.id)).size).toBe(1);
      expect(new Set(rx.recebidos.map((r) => r.body)).size).toBe(1);
      const log = await waitFor('entregue', async () => {
        const l = await entregas(loja.token, hook.id);
        return l.data[0]?.status === 'entregue' && l;
      });
      expect(log.data[0].tentativas).toBe(3);
      expect(log.data[0].historico.map((h: { status_http: number }) => h.status_http)).toEqual([503, 503, 200]);
      // the answer's excerpt is cut at 1 KB
      expect(log.data[0].historico[0].resposta.length).toBeLessThanOrEqual(1024);
      const w = (await t.call({ method: 'GET', url: `/api/integracao/webhooks/${hook.id}`, token: loja.token })).json().data;
      expect(w).toMatchObject({ status: 'ativo', falhas_consecutivas: 0, entregas_pendentes: 0 });
    } finally {
      await rx.close();
    }
  });

  it('an endpoint failing 15 times in a row is paused and the shop is told; reactivated, the event goes', async () => {
    let up = false;
    const rx = await startReceiver(() => (up ? 200 : 500));
    try {
      const loja = await novaLoja();
      const hook = await criarWebhook(loja.token, loja.empresa.id, rx.url);
      const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
      expect((await t.call({ method: 'POST', url: `/api/garantia/aprovar/${garantia.id}`, token: admin })).statusCode).toBe(200);
      const w = await waitFor('pausado', async () => {
        const r = (await t.call({ method: 'GET', url: `/api/integracao/webhooks/${hook.id}`, token: loja.token })).json().data;
        return r.status === 'pausado' && r;
      });
      expect(w.falhas_consecutivas).toBe(15);
      expect(w.pausado_motivo).toMatch(/15 falhas seguidas/);
      expect(rx.recebidos.length).toBe(15);
      // the shop's e-mail, once
      const msgs = await waitFor('aviso por e-mail', async () => {
        const m = rowsOf<{ channel: string; recipient: string; subject: string }>(
          await t.database.db.execute(sql`select channel, recipient, subject from mensagem_outbox where entity = 'integracao_webhook' and entity_id = ${String(hook.id)}`),
        );
        return m.length > 0 && m;
      });
      expect(msgs).toHaveLength(1);
      expect(msgs[0]).toMatchObject({ channel: 'email', recipient: loja.empresa.email });
      // Início tells the shop and the administradores, until it is reactivated
      const inicioLoja = (await t.call({ method: 'GET', url: '/api/dashboard/getResumo', token: loja.token })).json().data;
      expect(inicioLoja.webhooksPausados).toEqual([expect.objectContaining({ id: hook.id, url: rx.url, motivo: expect.stringMatching(/15 falhas/) })]);
      const inicioAdmin = (await t.call({ method: 'GET', url: '/api/dashboard/getResumo', token: admin })).json().data;
      expect(inicioAdmin.webhooksPausados).toEqual(expect.arrayContaining([expect.objectContaining({ id: hook.id, empresa_id: loja.empresa.id })]));
      // paused: nothing more is tried
      await new Promise((r) => setTimeout(r, 1500));
      expect(rx.recebidos.length).toBe(15);
      up = true;
      const re = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/reativar`, token: loja.token });
      expect(re.statusCode, re.body).toBe(200);
      await waitFor('entregue após reativar', async () => (await entregas(loja.token, hook.id)).data[0]?.status === 'entregue');
      expect((await t.call({ method: 'GET', url: '/api/dashboard/getResumo', token: loja.token })).json().data.webhooksPausados).toBeUndefined();
      expect((await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/reativar`, token: loja.token })).statusCode).toBe(409);
    } finally {
      await rx.close();
    }
  });

  it('delivers the events of a resource in sequence order: a later one waits for a failing earlier one', async () => {
    let falhasPrimeiro = 3;
    const rx = await startReceiver((r) => (r.json.sequencia === 1 && falhasPrimeiro-- > 0 ? 500 : 200));
    try {
      const loja = await novaLoja();
      await criarWebhook(loja.token, loja.empresa.id, rx.url);
      const { boletos } = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
      const b = boletos[0];
      await t.database.db.transaction(async (tx) => {
        for (const tipo of ['boleto.registrado', 'boleto.pago', 'boleto.baixado']) await emitirEvento(tx, 'boleto', { tipo, recursoId: b.id });
      });
      await waitFor('3 eventos entregues', () => rx.recebidos.filter((r) => r.json.sequencia === 3).length === 1);
      const ordem = rx.recebidos.map((r) => r.json.sequencia);
      expect(ordem).toEqual([1, 1, 1, 1, 2, 3]);
      expect(rx.recebidos.map((r) => r.json.tipo).slice(3)).toEqual(['boleto.registrado', 'boleto.pago', 'boleto.baixado']);
      expect(rx.recebidos[5].json.dados.boleto).toMatchObject({ id: b.id, empresa_id: loja.empresa.id });
    } finally {
      await rx.close();
    }
  });
});

describe('webhooks: tenancy', () => {
  it('shop A never sees, changes or resends B\'s endpoints; a franqueado manages none; administradores all', async () => {
    const a = await novaLoja();
    const b = await novaLoja();
    const hookB = await criarWebhook(b.token, b.empresa.id, 'http://127.0.0.1:9/b');
    const hookA = await criarWebhook(a.token, a.empresa.id, 'http://127.0.0.1:9/a');
    for (const [method, url, payload] of [
      ['GET', `/api/integracao/webhooks/${hookB.id}`, undefined],
      ['GET', `/api/integracao/webhooks/${hookB.id}/entregas`, undefined],
      ['POST', `/api/integracao/webhooks/${hookB.id}`, { descricao: 'x' }],
      ['POST', `/api/integracao/webhooks/${hookB.id}/reenviar`, { desde: '2026-01-01' }],
      ['POST', `/api/integracao/webhooks/${hookB.id}/teste`, undefined],
      ['POST', `/api/integracao/webhooks/${hookB.id}/pausar`, undefined],
      ['POST', `/api/integracao/webhooks/${hookB.id}/rotacionar-segredo`, {}],
      ['DELETE', `/api/integracao/webhooks/${hookB.id}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: a.token, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const criar = await t.call({ method: 'POST', url: '/api/integracao/webhooks', token: a.token, payload: { empresa_id: b.empresa.id, url: 'https://x.example.com/', eventos: ['*'] } });
    expect(criar.statusCode).toBe(404);
    const lista = (await t.call({ method: 'GET', url: '/api/integracao/webhooks?per_page=100', token: a.token })).json();
    expect(lista.data.map((w: { id: number }) => w.id)).toEqual([hookA.id]);
    expect(JSON.stringify(lista)).not.toMatch(/segredo"|whsec_/);

    // a franqueado manages its own shop's endpoints only, never a franchisee's
    const franqueado = await t.userWithToken({ nivel: '3' });
    const f = await t.call({ method: 'POST', url: '/api/integracao/webhooks', token: franqueado.token, payload: { empresa_id: a.empresa.id, url: 'https://x.example.com/', eventos: ['*'] } });
    expect(f.statusCode).toBe(404);
    // without the Integrações permission (an administrador withdrew it), a shop's user manages nothing
    await t.database.db.execute(sql`update usuario set permissoes = array_remove(permissoes, 'integracao.chaves') where id = ${a.user.id}`);
    const semPermissao = await t.login(a.user.login, a.user.password);
    const p = await t.call({ method: 'POST', url: '/api/integracao/webhooks', token: semPermissao, payload: { empresa_id: a.empresa.id, url: 'https://x.example.com/', eventos: ['*'] } });
    expect(p.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/integracao/webhooks/${hookA.id}`, token: semPermissao })).statusCode).toBe(404);

    const todas = (await t.call({ method: 'GET', url: `/api/integracao/webhooks?per_page=100&empresa_id=${b.empresa.id}`, token: admin })).json();
    expect(todas.data.map((w: { id: number }) => w.id)).toEqual([hookB.id]);
    expect((await t.call({ method: 'GET', url: `/api/integracao/webhooks/${hookB.id}/entregas`, token: admin })).statusCode).toBe(200);
  });

  it('bad input answers 422 in Portuguese, never a 500', async () => {
    const a = await novaLoja();
    const cases = [
      { empresa_id: a.empresa.id, url: 'ftp://x', eventos: ['*'] },
      { empresa_id: a.empresa.id, url: 'https://x.example.com/', eventos: [] },
      { empresa_id: a.empresa.id, url: 'https://x.example.com/', eventos: ['boleto.inventado'] },
      { empresa_id: 'x', url: 'https://x.example.com/', eventos: ['*'] },
    ];
    for (const payload of cases) {
      const res = await t.call({ method: 'POST', url: '/api/integracao/webhooks', token: a.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const hook = await criarWebhook(a.token, a.empresa.id, 'http://127.0.0.1:9/a');
    for (const payload of [{}, { evento_id: 'nao-uuid' }, { evento_id: '00000000-0000-4000-8000-000000000000', desde: '2026-01-01' }, { desde: 'ontem' }]) {
      const res = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/reenviar`, token: a.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const outro = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/reenviar`, token: a.token, payload: { evento_id: '00000000-0000-4000-8000-000000000000' } });
    expect(outro.statusCode).toBe(404);
  });
});

describe('webhooks: resend, test event, rotation', () => {
  it('resends one event, and everything since a moment, with the same ids; the test event arrives signed', async () => {
    const rx = await startReceiver();
    try {
      const loja = await novaLoja();
      const hook = await criarWebhook(loja.token, loja.empresa.id, rx.url);
      const g1 = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
      const g2 = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
      for (const g of [g1, g2]) expect((await t.call({ method: 'POST', url: `/api/garantia/aprovar/${g.garantia.id}`, token: admin })).statusCode).toBe(200);
      await waitFor('2 eventos', () => rx.recebidos.length === 2);
      const primeiro = rx.recebidos.find((r) => (r.json.dados.garantia as { id: number }).id === g1.garantia.id)!;

      const um = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/reenviar`, token: loja.token, payload: { evento_id: primeiro.json.id } });
      expect(um.statusCode, um.body).toBe(200);
      expect(um.json().data.entregas).toBe(1);
      await waitFor('reenvio de um', () => rx.recebidos.length === 3);
      expect(rx.recebidos[2].body).toBe(primeiro.body);

      const desde = new Date(Date.now() - 60_000).toISOString();
      const todos = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/reenviar`, token: loja.token, payload: { desde } });
      expect(todos.json().data.entregas).toBe(2);
      await waitFor('reenvio desde', () => rx.recebidos.length === 5);
      expect(new Set(rx.recebidos.slice(3).map((r) => r.json.id))).toEqual(new Set(rx.recebidos.slice(0, 2).map((r) => r.json.id)));
      const futuro = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/reenviar`, token: loja.token, payload: { desde: new Date(Date.now() + 3600_000).toISOString() } });
      expect(futuro.json().data.entregas).toBe(0);

      const teste = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/teste`, token: loja.token });
      expect(teste.statusCode, teste.body).toBe(200);
      const chegou = await waitFor('evento de teste', () => rx.recebidos.find((r) => r.json.tipo === 'webhook.teste'));
      expect(chegou.json.id).toBe(teste.json().data.evento_id);
      expect(assinaturaConfere(chegou.headers['x-assinatura'], chegou.body, hook.segredo)).toBe(true);
      const log = await entregas(loja.token, hook.id, '?tipo=webhook.teste');
      expect(log.data).toHaveLength(1);
      expect((await entregas(loja.token, hook.id, '?status=falhou')).data).toHaveLength(0);
    } finally {
      await rx.close();
    }
  });

  it('during a rotation both secrets sign (two v1=); without overlap only the new one', async () => {
    const rx = await startReceiver();
    try {
      const loja = await novaLoja();
      const hook = await criarWebhook(loja.token, loja.empresa.id, rx.url);
      const rot = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/rotacionar-segredo`, token: loja.token, payload: { horas_sobreposicao: 2 } });
      expect(rot.statusCode, rot.body).toBe(200);
      const novo = rot.json().data.segredo as string;
      expect(novo).not.toBe(hook.segredo);
      await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/teste`, token: loja.token });
      const a = await waitFor('teste 1', () => rx.recebidos[0]);
      expect(String(a.headers['x-assinatura']).match(/v1=/g)).toHaveLength(2);
      expect(assinaturaConfere(a.headers['x-assinatura'], a.body, hook.segredo)).toBe(true);
      expect(assinaturaConfere(a.headers['x-assinatura'], a.body, novo)).toBe(true);

      const rot2 = await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/rotacionar-segredo`, token: loja.token, payload: { horas_sobreposicao: 0 } });
      const terceiro = rot2.json().data.segredo as string;
      await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/teste`, token: loja.token });
      const b = await waitFor('teste 2', () => rx.recebidos[1]);
      expect(String(b.headers['x-assinatura']).match(/v1=/g)).toHaveLength(1);
      expect(assinaturaConfere(b.headers['x-assinatura'], b.body, terceiro)).toBe(true);
      expect(assinaturaConfere(b.headers['x-assinatura'], b.body, novo)).toBe(false);
    } finally {
      await rx.close();
    }
  });

  it('a removed endpoint gets nothing more and its pending deliveries are cancelled', async () => {
    const loja = await novaLoja();
    const hook = await criarWebhook(loja.token, loja.empresa.id, 'http://127.0.0.1:9/x');
    expect((await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/pausar`, token: loja.token })).statusCode).toBe(200);
    await t.call({ method: 'POST', url: `/api/integracao/webhooks/${hook.id}/teste`, token: loja.token });
    expect((await t.call({ method: 'DELETE', url: `/api/integracao/webhooks/${hook.id}`, token: loja.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/integracao/webhooks/${hook.id}`, token: loja.token })).statusCode).toBe(404);
    const st = rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from integracao_entrega where webhook_id = ${hook.id}`));
    expect(st.map((s) => s.status)).toEqual(['cancelada']);
    const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id });
    await t.call({ method: 'POST', url: `/api/garantia/aprovar/${garantia.id}`, token: admin });
    const ev = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from integracao_evento where recurso = 'garantia' and recurso_id = ${garantia.id}`));
    expect(ev[0].n).toBe(0);
  });
});
