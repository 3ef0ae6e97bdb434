import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSINATURA_MSG } from '@bg/domain';
import { auditLog, mensagemOutbox, mensagemReenvio } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { aprovada, enviado, mensagensDa } from './support.js';

// JOBS off: nothing is sent by itself, so each message's status is what the test sets
let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'off' });
  loja = await t.userWithToken();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const reenviar = (id: number, token = admin.token) => t.call({ method: 'POST', url: `/api/mensagem/reenviar/${id}`, token });
const setStatus = (id: number, status: 'sent' | 'failed') =>
  t.database.db
    .update(mensagemOutbox)
    .set(status === 'sent' ? { status, sent_at: new Date(), attempts: 1 } : { status, attempts: 5, last_error: 'webhook: HTTP 502' })
    .where(eq(mensagemOutbox.id, id));

describe('POST /api/mensagem/reenviar/{id}', () => {
  it('queues a failed message again as a new message linked to the original, once at a time', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const { id: solicitacaoId } = await enviado(t, loja.token, garantia.id);
    const [whatsapp] = await mensagensDa(t, solicitacaoId);

    expect((await reenviar(whatsapp.id, loja.token)).statusCode).toBe(403);
    expect((await reenviar(2_000_000_000)).json()).toEqual({ status: 404, msg: 'Mensagem não encontrada.' });
    const pending = await reenviar(whatsapp.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().msg).toBe(ASSINATURA_MSG.reenvioSomenteFinal);

    await setStatus(whatsapp.id, 'failed');
    const res = await reenviar(whatsapp.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(ASSINATURA_MSG.reenviada);
    const { id: copyId, reenvio_de } = res.json().data;
    expect(reenvio_de).toBe(whatsapp.id);
    const [copy] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, copyId));
    expect(copy).toMatchObject({
      status: 'queued', attempts: 0, channel: 'whatsapp', recipient: whatsapp.recipient, text: whatsapp.text, link: whatsapp.link,
      entity: 'assinatura', entity_id: String(solicitacaoId), created_by: admin.user.id,
    });
    // the original keeps its own outcome
    const [original] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, whatsapp.id));
    expect(original).toMatchObject({ status: 'failed', last_error: 'webhook: HTTP 502' });
    expect(await t.database.db.select().from(mensagemReenvio).where(eq(mensagemReenvio.mensagem_id, whatsapp.id))).toEqual([
      expect.objectContaining({ nova_mensagem_id: copyId, usuario_id: admin.user.id }),
    ]);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'mensagem.reenviar'), eq(auditLog.entity_id, String(whatsapp.id))));
    expect(audit.summary).toMatchObject({ nova_mensagem_id: copyId, status_anterior: 'failed' });

    // a second click while the copy is still queued does not queue another
    const twice = await reenviar(whatsapp.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(ASSINATURA_MSG.reenvioPendente);
    // once the copy went out, it may be resent again
    await setStatus(copyId, 'sent');
    expect((await reenviar(whatsapp.id)).statusCode).toBe(200);
  });

  it('a sent message may be resent; two resends at once queue one copy', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const { id: solicitacaoId } = await enviado(t, loja.token, garantia.id);
    const [, email] = await mensagensDa(t, solicitacaoId);
    await setStatus(email.id, 'sent');
    const results = await Promise.all([reenviar(email.id), reenviar(email.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const list = await t.call({ method: 'GET', url: '/api/mensagem/getAllPaginate', query: { pesquisa: email.recipient }, token: admin.token });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.filter((m: { entity_id: string }) => m.entity_id === String(solicitacaoId));
    expect(rows.filter((m: { channel: string }) => m.channel === 'email')).toHaveLength(2);
  });
});
