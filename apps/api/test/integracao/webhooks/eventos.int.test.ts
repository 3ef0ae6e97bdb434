import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DENY_REASONS, todayInSaoPaulo } from '@bg/domain';
import { createGarantia } from '../../../src/factories/garantia.js';
import { emitirEvento } from '../../../src/modules/eventos/emitir-evento.js';
import { tickWebhooks } from '../../../src/modules/integracao/webhooks/tick-webhooks.js';
import { webhookVencidosJob } from '../../../src/modules/integracao/webhooks/vencidos-job.js';
import { createTestApp, type TestApp } from '../../harness.js';
import { waitFor } from './receiver.js';
import { acordoBody, defaulter } from '../../cobranca/support.js';
import { lojaQueAntecipa } from '../../financeiro/support.js';

/**
 * Each use-case that emits writes its event in its own transaction, with the facts the issue lists:
 * guarantee denied/cancelled, boletos released, acordo created/paid/cancelled (each shop its own
 * boletos), advance approved. The deliveries are the delivery job's (entrega/comportamento tests):
 * here the ticker is slow and the outbox is read.
 */
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ webhooks: { privateUrls: true, timeoutMs: 1000, tickSeconds: 3600, retryBaseSeconds: 0 } });
  admin = (await t.userWithToken({ nivel: '2' })).token;
});
afterAll(async () => t?.close());

const assinar = (empresaId: number) =>
  t.call({ method: 'POST', url: '/api/integracao/webhooks', token: admin, payload: { empresa_id: empresaId, url: 'http://127.0.0.1:9/x', eventos: ['*'] } }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
  });
const eventosDe = async (recurso: string, id: number) =>
  rowsOf<{ tipo: string; sequencia: number; empresa_id: number; dados: Record<string, Record<string, unknown>> }>(
    await t.database.db.execute(sql`select tipo, sequencia, empresa_id, dados from integracao_evento where recurso = ${recurso} and recurso_id = ${id} order by sequencia, empresa_id`),
  );
const post = (url: string, payload: object = {}) => t.call({ method: 'POST', url, token: admin, payload });

describe('events of the use-cases', () => {
  it('guarantee denied; another approved, released and cancelled: one event each, in sequence', async () => {
    const { user } = await t.userWithToken({ nivel: '1' });
    await assinar(user.empresa_id!);
    const negada = await createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id });
    const negar = await post(`/api/garantia/negar/${negada.garantia.id}/${encodeURIComponent(DENY_REASONS[0])}/${encodeURIComponent('Renda insuficiente')}`);
    expect(negar.statusCode, negar.body).toBe(200);
    const g = await createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id });
    for (const step of ['aprovar', 'liberaBoleto', 'cancelar']) expect((await post(`/api/garantia/${step}/${g.garantia.id}`)).statusCode).toBe(200);
    expect((await eventosDe('garantia', g.garantia.id)).map((e) => [e.tipo, e.sequencia])).toEqual([
      ['garantia.aprovada', 1],
      ['boletos.liberados', 2],
      ['garantia.cancelada', 3],
    ]);
    const n = await eventosDe('garantia', negada.garantia.id);
    expect(n.map((e) => e.tipo)).toEqual(['garantia.negada']);
    expect(n[0].dados).toMatchObject({ motivo: DENY_REASONS[0], observacao: 'Renda insuficiente' });
  });

  it('acordo created, paid and another cancelled: the shop gets its own boletos in each', async () => {
    const d = await defaulter(t, [{ cents: 25000, daysAgo: 40 }, { cents: 18000, daysAgo: 20 }]);
    await assinar(d.empresaId);
    const criado = await post('/api/acordo/create', acordoBody(d, { qtd: 1, entradaCents: 50000, boletoIds: [d.boletos[0].id] }));
    expect(criado.statusCode, criado.body).toBe(200);
    const acordoId = criado.json().data.id as number;
    const detalhe = (await t.call({ method: 'GET', url: `/api/acordo/getById/${acordoId}`, token: admin })).json().data;
    const parcelaId = detalhe.parcelas[0].id as number;
    expect((await post('/api/acordo/baixar-parcela', { parcelaId })).statusCode).toBe(200);
    const ev = await eventosDe('acordo', acordoId);
    expect(ev.map((e) => [e.tipo, e.sequencia, e.empresa_id])).toEqual([
      ['acordo.criado', 1, d.empresaId],
      ['acordo.pago', 2, d.empresaId],
    ]);
    expect(ev[0].dados.acordo).toMatchObject({ id: acordoId, status: 'Aguardando Ativação', numero_parcelas: 1, boletos: [expect.objectContaining({ id: d.boletos[0].id })] });
    expect(ev[1].dados.acordo).toMatchObject({ status: 'QUITADO' });

    const outro = await post('/api/acordo/create', acordoBody(d, { qtd: 2, entradaCents: 10000, boletoIds: [d.boletos[1].id] }));
    expect(outro.statusCode, outro.body).toBe(200);
    const outroId = outro.json().data.id as number;
    expect((await post('/api/acordo/cancelar', { acordoId: outroId })).statusCode).toBe(200);
    expect((await eventosDe('acordo', outroId)).map((e) => e.tipo)).toEqual(['acordo.criado', 'acordo.cancelado']);
  });

  it('advance approved', async () => {
    const loja = await lojaQueAntecipa(t);
    await assinar(loja.empresa.id);
    await createGarantia(t.database.db, { empresa_id: loja.empresa.id, usuario_id: loja.user.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas: [30000, 30000], primeiroVencimento: addDays(todayInSaoPaulo(), 40) });
    const sim = (await t.call({ method: 'GET', url: '/api/relatorio/simulaAntecipacao', token: loja.token })).json();
    const criada = await t.call({
      method: 'POST', url: '/api/relatorio/createAntecipacao', token: loja.token,
      payload: { data_simulacao: sim.totais.data_simulacao, boletos: sim.boletos.map((b: { id: number; valor: number; vencimento: string; prorata: number }) => ({ id: b.id, valor: b.valor, vencimento: b.vencimento, prorata: b.prorata })), totais: sim.totais },
    });
    expect(criada.statusCode, criada.body).toBe(200);
    const id = criada.json().data.id as number;
    expect((await post(`/api/relatorio/aprovaAntecipacao/${id}`)).statusCode).toBe(200);
    const ev = await eventosDe('antecipacao', id);
    expect(ev.map((e) => [e.tipo, e.sequencia])).toEqual([['antecipacao.aprovada', 1]]);
    expect(ev[0].dados.antecipacao).toMatchObject({ id, situacao: 'APROVADA', qtd_boletos: 2, total_boletos: 600 });
  });
});

describe('boleto.vencido (the daily scan)', () => {
  it('announces each open boleto once after its due date, not a paid or not yet due one; a second run adds nothing', async () => {
    const { user } = await t.userWithToken({ nivel: '1' });
    await assinar(user.empresa_id!);
    const hoje = todayInSaoPaulo();
    const vencida = await createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas: [10000], primeiroVencimento: addDays(hoje, -2) });
    const paga = await createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'LIQUIDADO', parcelas: [10000], primeiroVencimento: addDays(hoje, -2) });
    const aVencer = await createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas: [10000], primeiroVencimento: hoje });
    const rodar = async () => {
      const job = await t.app.jobs.enqueue(t.database.db, webhookVencidosJob, {});
      await waitFor('o job', async () => {
        const [r] = rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from background_job where id = ${job!.id}`));
        return r?.status === 'done';
      });
    };
    await rodar();
    expect((await eventosDe('boleto', vencida.boletos[0].id)).map((e) => [e.tipo, e.dados.vencimento])).toEqual([['boleto.vencido', addDays(hoje, -2)]]);
    expect(await eventosDe('boleto', paga.boletos[0].id)).toEqual([]);
    expect(await eventosDe('boleto', aVencer.boletos[0].id)).toEqual([]);
    await rodar();
    expect(await eventosDe('boleto', vencida.boletos[0].id)).toHaveLength(1);
  });
});

describe('the ticker', () => {
  it('enqueues an endpoint only when a delivery may go now: not while it waits behind an earlier event in backoff', async () => {
    const { user } = await t.userWithToken({ nivel: '1' });
    await assinar(user.empresa_id!);
    const g = await createGarantia(t.database.db, { empresa_id: user.empresa_id!, usuario_id: user.id });
    await t.database.db.transaction(async (tx) => {
      await emitirEvento(tx, 'boleto', { tipo: 'boleto.registrado', recursoId: g.boletos[0].id });
      await emitirEvento(tx, 'boleto', { tipo: 'boleto.pago', recursoId: g.boletos[0].id });
    });
    const primeira = sql`update integracao_entrega set proxima_tentativa = now() + ${sql.raw("interval '1 hour'")}
      where evento_id = (select id from integracao_evento where recurso = 'boleto' and recurso_id = ${g.boletos[0].id} and sequencia = 1)`;
    await t.database.db.execute(primeira);
    // every other endpoint of this app is idle or paused; ours has seq 2 due but held behind seq 1
    await t.database.db.execute(sql`update integracao_entrega set status = 'cancelada' where status = 'pendente' and evento_id not in (select id from integracao_evento where recurso = 'boleto' and recurso_id = ${g.boletos[0].id})`);
    expect(await tickWebhooks(t.database.db, t.app.jobs)).toBe(0);
    await t.database.db.execute(sql`update integracao_entrega set proxima_tentativa = now() where evento_id in (select id from integracao_evento where recurso = 'boleto' and recurso_id = ${g.boletos[0].id})`);
    expect(await tickWebhooks(t.database.db, t.app.jobs)).toBe(1);
  });
});
