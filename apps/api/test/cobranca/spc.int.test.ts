import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addBusinessDays, addDays, formatDateBR, SITUACAO } from '@bg/domain';
import { acordoParcela, auditLog, boletoHistorico, mensagemOutbox, spcInclusao } from '../../src/db/schema/index.js';
import { localBureau } from '../../src/adapters/bureau/local-bureau.js';
import { systemClock } from '../../src/shared/clock.js';
import { executarExclusoes, solicitarExclusoes, spcExclusaoJob } from '../../src/modules/cobranca/spc-exclusao.js';
import { incluirVencidos, spcInclusaoJob } from '../../src/modules/cobranca/spc-inclusao.js';
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
const quiet = { log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() }, throwIfInterrupted: () => undefined };
/** The notice of record `id` delivered by the send job (outbox provider). */
const avisoEnviado = (id: number) =>
  until(async () => {
    const row = await inclusao(id);
    const [m] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, row.aviso_mensagem_id!));
    return m.status === 'sent' ? m : null;
  });
/** The notice period of record `id` over today (as if SPC_AVISO_DIAS had passed). */
const fimDoAviso = (id: number) => t.database.db.update(spcInclusao).set({ inclusao_prevista: today }).where(eq(spcInclusao.id, id));
/** "Incluir no SPC", the notice delivered, the period over and the daily job run: an ATIVA record. */
async function incluirAtiva(boletoId: number) {
  const res = await incluir(boletoId);
  expect(res.statusCode, res.body).toBe(200);
  const { id } = res.json().data as { id: number };
  await avisoEnviado(id);
  await fimDoAviso(id);
  await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
  expect((await inclusao(id)).status).toBe('ATIVA');
  return { id };
}

describe('POST /api/acordo/incluir-spc', () => {
  it('sends the prior notice and waits for the notice period: AVISADA, nothing registered at the bureau yet', async () => {
    const d = await defaulter(t, [{ cents: 25002, daysAgo: 54 }], { telefone1: '11912345678' });
    expect((await lookup(d.cpf)).json().status).toBe(900); // already: an overdue open boleto

    const res = await incluir(d.boletos[0].id);
    expect(res.statusCode, res.body).toBe(200);
    const prevista = addDays(today, 10); // SPC_AVISO_DIAS by default
    expect(res.json().msg).toBe(`Aviso prévio enviado ao devedor. Se o débito continuar em aberto, o boleto será incluído no SPC em ${formatDateBR(prevista)}.`);
    const data = res.json().data;
    expect(data).toMatchObject({ boleto_id: d.boletos[0].id, status: 'AVISADA', protocolo: null, inclusao_prevista: prevista });

    const row = await inclusao(data.id);
    expect(row).toMatchObject({ cpf_cnpj: d.cpf, pessoa_id: d.pessoaId, incluido_por: admin.user.id, valor: '250.02', vencimento: d.boletos[0].vencimento, aviso_mensagem_id: data.aviso_mensagem_id, inclusao_prevista: prevista, protocolo: null });
    expect(row.aviso_em).toBeInstanceOf(Date);
    const [aviso] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, data.aviso_mensagem_id));
    expect(aviso).toMatchObject({ channel: 'whatsapp', recipient: '11912345678', entity: 'spc_inclusao', entity_id: String(data.id), created_by: admin.user.id });
    expect(aviso.text).toContain('art. 43, § 2º');
    expect(aviso.text).toContain('R$ 250,02');
    // the notice says the debt *will be* registered, and from when
    expect(aviso.text).toContain(`será registrado no cadastro de proteção ao crédito (SPC) a partir de ${formatDateBR(prevista)}`);
    const sent = await avisoEnviado(data.id);
    expect(sent).toMatchObject({ attempts: 1, last_error: null });

    // not in the SPC yet: the list does not mark the debtor; the detail shows the notice and the date
    const list = (await get(t, `/api/pessoa/getInadimplentes?pesquisa=${d.cpf}`, admin.token)).json();
    expect(list.data).toMatchObject([{ id: d.pessoaId, spc_ativo: false }]);
    const detail = (await get(t, `/api/pessoa/getInadimplenteById/${d.pessoaId}`, admin.token)).json().data;
    expect(detail.boletos[0].spc).toMatchObject({ id: data.id, status: 'AVISADA', inclusao_prevista: prevista });
    expect(detail.boletos[0].spc.aviso_em).toBeTruthy();
    const twice = await incluir(d.boletos[0].id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(`O aviso prévio deste boleto já foi enviado; a inclusão no SPC está prevista para ${formatDateBR(prevista)}.`);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.aviso'), eq(auditLog.entity_id, String(data.id))))).toHaveLength(1);

    // the daily job before the end of the period: nothing
    await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(await inclusao(data.id)).toMatchObject({ status: 'AVISADA', protocolo: null });
  });

  it('the job registers a still open debt when the notice period ends (once, however often it runs)', async () => {
    const d = await defaulter(t, [{ cents: 25002, daysAgo: 54 }], { telefone1: '11912345678' });
    const { id } = await incluirAtiva(d.boletos[0].id);
    await avisoEnviado(id);
    await fimDoAviso(id);
    await t.app.jobs.enqueue(t.database.db, spcInclusaoJob, {});
    const ativa = await until(async () => {
      const row = await inclusao(id);
      return row.status === 'ATIVA' ? row : null;
    });
    expect(ativa.protocolo).toMatch(/^LOCAL-/);
    expect(ativa.incluido_em.getTime()).toBeGreaterThan(ativa.aviso_em!.getTime());
    // again, and two runs at once: nothing more
    await Promise.all([incluirVencidos(t.database.db, localBureau(), systemClock, quiet), incluirVencidos(t.database.db, localBureau(), systemClock, quiet)]);
    expect(await inclusao(id)).toMatchObject({ status: 'ATIVA', protocolo: ativa.protocolo });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'spc.inclusao'), eq(auditLog.entity_id, String(id))))).toHaveLength(1);

    const res900 = (await lookup(d.cpf)).json();
    expect(res900.status).toBe(900);
    expect(res900.consulta).toContain('SPC');
    const list = (await get(t, `/api/pessoa/getInadimplentes?pesquisa=${d.cpf}`, admin.token)).json();
    expect(list.data).toMatchObject([{ id: d.pessoaId, spc_ativo: true }]);
    const twice = await incluir(d.boletos[0].id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('Este boleto já está incluído no SPC.');
  });

  it('a debt paid or put in an acordo during the notice period is never registered (DESISTIDA)', async () => {
    const pago = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const a = (await incluir(pago.boletos[0].id)).json().data.id as number;
    expect((await post(t, `/api/boleto/baixar/${pago.boletos[0].id}`, admin.token)).statusCode).toBe(200);
    const emAcordo = await defaulter(t, [{ cents: 30000, daysAgo: 20 }]);
    const b = (await incluir(emAcordo.boletos[0].id)).json().data.id as number;
    const acordo = await post(t, '/api/acordo/create', admin.token, acordoBody(emAcordo, { qtd: 2, entradaCents: 10000 }));
    expect(acordo.statusCode, acordo.body).toBe(200);
    await avisoEnviado(a);
    await avisoEnviado(b);
    await fimDoAviso(a);
    await fimDoAviso(b);
    const counts = await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(counts.desistidas).toBeGreaterThanOrEqual(2);
    expect(await inclusao(a)).toMatchObject({ status: 'DESISTIDA', protocolo: null, desistencia_motivo: 'Débito encerrado no aviso prévio (boleto ENVIADO PARA BAIXA)' });
    expect(await inclusao(b)).toMatchObject({ status: 'DESISTIDA', protocolo: null });
    expect((await inclusao(b)).desistencia_motivo).toMatch(/^Débito em acordo \(nº \d+\) no aviso prévio$/);
    expect((await lookup(pago.cpf)).json().status).toBe(200);
  });

  it('a notice that could not be delivered: no inclusion; a bureau failure is kept and retried', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 20 }, { cents: 30000, daysAgo: 15 }]);
    const falhou = (await incluir(d.boletos[0].id)).json().data.id as number;
    const retry = (await incluir(d.boletos[1].id)).json().data.id as number;
    await avisoEnviado(falhou);
    await avisoEnviado(retry);
    const row = await inclusao(falhou);
    await t.database.db.update(mensagemOutbox).set({ status: 'failed', sent_at: null }).where(eq(mensagemOutbox.id, row.aviso_mensagem_id!));
    await fimDoAviso(falhou);
    await fimDoAviso(retry);
    const down = { ...localBureau(), name: 'fora-do-ar', incluirSpc: async () => { throw new Error('bureau indisponível'); } };
    const first = await incluirVencidos(t.database.db, down, systemClock, quiet);
    expect(first.falhas).toBeGreaterThanOrEqual(1);
    expect(await inclusao(falhou)).toMatchObject({ status: 'DESISTIDA', desistencia_motivo: 'Aviso prévio não entregue ao devedor' });
    expect(await inclusao(retry)).toMatchObject({ status: 'AVISADA', inclusao_tentativas: 1, inclusao_erro: 'bureau indisponível' });
    await incluirVencidos(t.database.db, localBureau(), systemClock, quiet);
    expect(await inclusao(retry)).toMatchObject({ status: 'ATIVA', inclusao_tentativas: 2, inclusao_erro: null });
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
    const { id } = await incluirAtiva(d.boletos[0].id);
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
    const { id } = await incluirAtiva(d.boletos[0].id);
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
    const { id } = await incluirAtiva(d.boletos[0].id);
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
    const { id } = await incluirAtiva(d.boletos[0].id);
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
