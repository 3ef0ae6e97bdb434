import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { acordo, acordoBoleto, acordoParcela, agendamento, boletoHistorico } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { acordoBody, defaulter, post, today } from './support.js';

let t: TestApp;
let a1: Awaited<ReturnType<TestApp['userWithToken']>>;
let a2: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  a1 = await t.userWithToken({ nivel: '2' });
  a2 = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

describe('concurrent operators', () => {
  it('two Efetivar of the same boletos at once: one acordo, the other gets 409', async () => {
    const d = await defaulter(t, [
      { cents: 30000, daysAgo: 35 },
      { cents: 25000, daysAgo: 5 },
    ]);
    const body = acordoBody(d, { qtd: 2, entradaCents: 20000 });
    // the second request covers the same boletos in the other order: locks are taken by id, no deadlock
    const reversed = { ...body, boletoIds: [...body.boletoIds].reverse() };
    const results = await Promise.all([post(t, '/api/acordo/create', a1.token, body), post(t, '/api/acordo/create', a2.token, reversed)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().msg).toMatch(/não está mais pendente \(ENVIADO PARA REMOÇÃO\)|já fazem parte de outro acordo/);
    const stored = await t.database.db.select().from(acordo).where(eq(acordo.pessoa_id, d.pessoaId));
    expect(stored).toHaveLength(1);
    const covered = await t.database.db.select().from(acordoBoleto).where(eq(acordoBoleto.acordo_id, stored[0].id));
    expect(covered).toHaveLength(2);
    // each boleto moved once
    const moves = await t.database.db.select().from(boletoHistorico).where(inArray(boletoHistorico.boleto_id, d.boletos.map((b) => b.id)));
    expect(moves.filter((m) => m.para === 'ENVIADO PARA REMOÇÃO')).toHaveLength(2);
  });

  it('two operators paying the last two instalments at once: both paid, the acordo QUITADO once', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 35 }]);
    const id = (await post(t, '/api/acordo/create', a1.token, acordoBody(d, { qtd: 2, entradaCents: 20000 }))).json().data.id as number;
    const [p1, p2] = await t.database.db.select().from(acordoParcela).where(eq(acordoParcela.acordo_id, id)).orderBy(acordoParcela.parcela);
    const results = await Promise.all([
      post(t, '/api/acordo/baixar-parcela', a1.token, { parcelaId: p1.id }),
      post(t, '/api/acordo/baixar-parcela', a2.token, { parcelaId: p2.id }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().data.acordo_status).sort()).toEqual(['ATIVO', 'QUITADO']);
    const [a] = await t.database.db.select().from(acordo).where(eq(acordo.id, id));
    expect(a.status).toBe('QUITADO');
  });

  it('the same instalment paid twice at once: one 200, one 409', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 35 }]);
    const id = (await post(t, '/api/acordo/create', a1.token, acordoBody(d, { qtd: 3, entradaCents: 20000 }))).json().data.id as number;
    const [p1] = await t.database.db.select().from(acordoParcela).where(eq(acordoParcela.acordo_id, id)).orderBy(acordoParcela.parcela);
    const results = await Promise.all([
      post(t, '/api/acordo/baixar-parcela', a1.token, { parcelaId: p1.id }),
      post(t, '/api/acordo/baixar-parcela', a2.token, { parcelaId: p1.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a schedule marked done twice at once: one 200, one 409', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 35 }]);
    const [note] = await t.database.db.insert(agendamento).values({ pessoa_id: d.pessoaId, data: today, descricao: 'Ligar', usuario_id: a1.user.id }).returning();
    const results = await Promise.all([post(t, `/api/pessoa/concluirNote/${note.id}`, a1.token), post(t, `/api/pessoa/concluirNote/${note.id}`, a2.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
