import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addBusinessDays, SITUACAO } from '@bg/domain';
import { acordoParcela, auditLog, boletoHistorico, mensagemOutbox, spcInclusao } from '../../src/db/schema/index.js';
import { localBureau } from '../../src/adapters/bureau/local-bureau.js';
import { systemClock } from '../../src/shared/clock.js';
import { executarExclusoes, solicitarExclusoes, spcExclusaoJob } from '../../src/modules/cobranca/spc-exclusao.js';
import { createTestApp, type TestApp } from '../harness.js';
import { acordoBody, defaulter, get, post, today, until } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const incluir = (boletoId: number) => post(t, '/api/acordo/incluir-spc', admin.token, { boletoId });
const lookup = (documento: string) => t.call({ method: 'POST', url: '/api/garantia/consultaDocumento', payload: { documento }, token: loja.token });
const inclusao = async (id: number) => (await t.database.db.select().from(spcInclusao).where(eq(spcInclusao.id, id)))[0];

describe('POST /api/acordo/incluir-spc', () => {
  it('records the prior notice in the outbox before the inclusion, sends it by the job, and blocks the guarantee lookup (900)', async () => {
    const d = await defaulter(t, [{ cents: 25002, daysAgo: 54 }], { telefone1: '11912345678' });
    expect((await lookup(d.cpf)).json().status).toBe(900); // already: an overdue open boleto

    const res = await incluir(d.boletos[0].id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Boleto incluído no SPC. O aviso prévio ao devedor foi registrado.');
    const data = res.json().data;
    expect(data).toMatchObject({ boleto_id: d.boletos[0].id, status: 'ATIVA' });
    expect(data.protocolo).toMatch(/^LOCAL-/);

    const row = await inclusao(data.id);
    expect(row).toMatchObject({ cpf_cnpj: d.cpf, pessoa_id: d.pessoaId, incluido_por: admin.user.id, valor: '250.02', vencimento: d.boletos[0].vencimento, aviso_mensagem_id: data.aviso_mensagem_id });
    const [aviso] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, data.aviso_mensagem_id));
    expect(aviso).toMatchObject({ channel: 'whatsapp', recipient: '11912345678', entity: 'spc_inclusao', entity_id: String(data.id), created_by: admin.user.id });
    expect(aviso.text).toContain('art. 43, § 2º');
    expect(aviso.text).toContain('R$ 250,02');
    // the notice comes first: recorded no later than the inclusion, in the same transaction
    expect(aviso.created_at.getTime()).toBeLessThanOrEqual(row.incluido_em.getTime());
    // the send job (outbox provider) marks it sent
    const sent = await until(async () => {
      const [m] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, data.aviso_mensagem_id));
      return m.status === 'enviada' ? m : null;
    });
    expect(sent).toMatchObject({ attempts: 1, last_error: null });
    expect(sent.sent_at).toBeInstanceOf(Date);

    // the lookup lists the SPC reason
    const res900 = (await lookup(d.cpf)).json();
    expect(res900.status).toBe(900);
    expect(res900.consulta).toContain('SPC');
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.inclusao'), eq(auditLog.entity_id, String(data.id))));
    expect(audit).toHaveLength(1);

    // the debtor stays on the defaulters list, marked, and the detail shows the record
    const list = (await get(t, `/api/pessoa/getInadimplentes?pesquisa=${d.cpf}`, admin.token)).json();
    expect(list.data).toMatchObject([{ id: d.pessoaId, spc_ativo: true }]);
    const detail = (await get(t, `/api/pessoa/getInadimplenteById/${d.pessoaId}`, admin.token)).json().data;
    expect(detail.boletos[0].spc).toMatchObject({ id: data.id, status: 'ATIVA', exclusao_prazo: null });

    const twice = await incluir(d.boletos[0].id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('Este boleto já está incluído no SPC.');
  });

  it('refuses a boleto not overdue, not pending, or a person without a phone for the notice', async () => {
    const d = await defaulter(t, [
      { cents: 10000, daysAgo: -3 },
      { cents: 10000, daysAgo: 10, situacao: SITUACAO.LIQUIDADO },
    ]);
    expect((await incluir(d.boletos[0].id)).json()).toMatchObject({ status: 409, msg: 'Só é possível incluir no SPC um boleto vencido e em aberto.' });
    expect((await incluir(d.boletos[1].id)).statusCode).toBe(409);
    const semTelefone = await defaulter(t, [{ cents: 10000, daysAgo: 10 }], { telefone1: null });
    const res = await incluir(semTelefone.boletos[0].id);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/CDC art\. 43, § 2º/);
    expect(await t.database.db.select().from(spcInclusao).where(eq(spcInclusao.boleto_id, semTelefone.boletos[0].id))).toEqual([]);
    expect((await incluir(999_999_999)).statusCode).toBe(404);
  });

  it('two operators including the same boleto at once: one record, the other 409', async () => {
    const d = await defaulter(t, [{ cents: 10000, daysAgo: 10 }]);
    const results = await Promise.all([incluir(d.boletos[0].id), incluir(d.boletos[0].id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(spcInclusao).where(eq(spcInclusao.boleto_id, d.boletos[0].id))).toHaveLength(1);
  });
});

describe('exclusion after payment (STJ Súmula 548: within 5 business days)', () => {
  it('a boleto paid to the shop: the sweep requests the exclusion with the deadline and the record becomes REMOVIDA', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const { id } = (await incluir(d.boletos[0].id)).json().data;
    // the shop receives the boleto (Recebimentos): ENVIADO PARA BAIXA
    const baixa = await post(t, `/api/boleto/baixar/${d.boletos[0].id}`, admin.token);
    expect(baixa.statusCode, baixa.body).toBe(200);
    await t.app.jobs.enqueue(t.database.db, spcExclusaoJob, {});
    const removed = await until(async () => {
      const row = await inclusao(id);
      return row.status === 'REMOVIDA' ? row : null;
    });
    expect(removed.exclusao_prazo).toBe(addBusinessDays(today, 5));
    expect(removed.exclusao_motivo).toBe('Boleto ENVIADO PARA BAIXA');
    expect(removed.exclusao_solicitada_em).toBeInstanceOf(Date);
    expect(removed.removido_em).toBeInstanceOf(Date);
    expect(removed.protocolo_exclusao).toMatch(/^LOCAL-EXC-/);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.exclusao'), eq(auditLog.entity_id, String(id))));
    expect(audit).toHaveLength(1);
    expect((await lookup(d.cpf)).json().status).toBe(200);
  });

  it('an acordo that covers the boleto: the last instalment paid enqueues the exclusion at once', async () => {
    const d = await defaulter(t, [
      { cents: 30000, daysAgo: 20 },
      { cents: 10000, daysAgo: 5 },
    ]);
    const { id } = (await incluir(d.boletos[0].id)).json().data;
    const acordoId = (await post(t, '/api/acordo/create', admin.token, acordoBody(d, { qtd: 2, entradaCents: 20000 }))).json().data.id as number;
    const [p1, p2] = await t.database.db.select().from(acordoParcela).where(eq(acordoParcela.acordo_id, acordoId)).orderBy(acordoParcela.parcela);
    await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p1.id });
    // ATIVO is not yet payment of the debt: the record stays
    expect((await inclusao(id)).exclusao_solicitada_em).toBeNull();
    expect((await lookup(d.cpf)).json().status).toBe(900);
    await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p2.id });
    const removed = await until(async () => {
      const row = await inclusao(id);
      return row.status === 'REMOVIDA' ? row : null;
    });
    expect(removed.exclusao_motivo).toBe(`Acordo nº ${acordoId} quitado`);
    expect(removed.exclusao_prazo).toBe(addBusinessDays(today, 5));
    expect((await lookup(d.cpf)).json().status).toBe(200);
  });

  it('a bureau failure is kept on the record and retried at the next run', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const { id } = (await incluir(d.boletos[0].id)).json().data;
    await post(t, `/api/boleto/baixar/${d.boletos[0].id}`, admin.token);
    await solicitarExclusoes(t.database.db, systemClock);
    const down = { ...localBureau(), name: 'fora-do-ar', excluirSpc: async () => { throw new Error('bureau indisponível'); } };
    const warn = vi.fn();
    const first = await executarExclusoes(t.database.db, down, systemClock, { log: { info: vi.fn(), warn, error: vi.fn() }, throwIfInterrupted: () => undefined });
    expect(first.falhas).toBeGreaterThanOrEqual(1);
    expect(await inclusao(id)).toMatchObject({ status: 'ATIVA', exclusao_tentativas: 1, exclusao_erro: 'bureau indisponível' });
    expect(warn).toHaveBeenCalled();
    await executarExclusoes(t.database.db, localBureau(), systemClock);
    expect(await inclusao(id)).toMatchObject({ status: 'REMOVIDA', exclusao_tentativas: 2, exclusao_erro: null });
  });

  it('a boleto QUITADO by the guarantor is not a payment by the debtor: the record stays', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const { id } = (await incluir(d.boletos[0].id)).json().data;
    const q = await post(t, `/api/boleto/quitar/${d.boletos[0].id}`, admin.token);
    expect(q.statusCode, q.body).toBe(200);
    const [h] = await t.database.db.select().from(boletoHistorico).where(and(eq(boletoHistorico.boleto_id, d.boletos[0].id), eq(boletoHistorico.para, 'QUITADO')));
    expect(h).toBeDefined();
    // the sweep's two steps, run here directly
    await solicitarExclusoes(t.database.db, systemClock);
    await executarExclusoes(t.database.db, localBureau(), systemClock);
    expect(await inclusao(id)).toMatchObject({ status: 'ATIVA', exclusao_solicitada_em: null });
  });
});
