import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addMonthsClamped } from '@bg/domain';
import { agendamento, auditLog } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { defaulter, get, post, today } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let other: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2', name: 'Operadora Ana Cobrança' });
  other = await t.userWithToken({ nivel: '2', name: 'Operador Bruno Cobrança' });
});
afterAll(async () => t?.close());

const mes = today.slice(0, 7);

describe('agendamentos (notes)', () => {
  it('createNote requires data and descrição (422 per field), needs a known person, registers who and when', async () => {
    const d = await defaulter(t, [{ cents: 10000, daysAgo: 10 }]);
    const empty = await post(t, '/api/pessoa/createNote', admin.token, { data: '', descricao: ' ', pessoa_id: d.pessoaId });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ data: 'Campo obrigatório', descricao: 'Campo obrigatório' });
    expect((await post(t, '/api/pessoa/createNote', admin.token, { data: today, descricao: 'x', pessoa_id: 999_999_999 })).statusCode).toBe(404);

    const res = await post(t, '/api/pessoa/createNote', admin.token, { data: today, descricao: 'Ligar às 14h', pessoa_id: d.pessoaId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Agendamento registrado!');
    const [row] = await t.database.db.select().from(agendamento).where(eq(agendamento.id, res.json().data.id));
    expect(row).toMatchObject({ pessoa_id: d.pessoaId, data: today, descricao: 'Ligar às 14h', status: 'PENDENTE', usuario_id: admin.user.id });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'agendamento.create'), eq(auditLog.entity_id, String(row.id))))).toHaveLength(1);
  });

  it('getAllNotesPaginate: month required; filters by operator, status and name/document; the log shows who registered', async () => {
    const d = await defaulter(t, [{ cents: 10000, daysAgo: 10 }], { nome: 'Renato Agenda Teste' });
    const nextMonth = addMonthsClamped(today, 1);
    const a = (await post(t, '/api/pessoa/createNote', admin.token, { data: today, descricao: 'Primeiro contato', pessoa_id: d.pessoaId })).json().data.id;
    const b = (await post(t, '/api/pessoa/createNote', other.token, { data: today, descricao: 'Retorno do cliente', pessoa_id: d.pessoaId })).json().data.id;
    await post(t, '/api/pessoa/createNote', admin.token, { data: nextMonth, descricao: 'Mês que vem', pessoa_id: d.pessoaId });

    const noMonth = await get(t, '/api/pessoa/getAllNotesPaginate?page=1', admin.token);
    expect(noMonth.statusCode).toBe(422);
    expect(noMonth.json().errors.mes).toBe('Campo obrigatório');

    const all = (await get(t, `/api/pessoa/getAllNotesPaginate?mes=${mes}&pesquisa=${d.cpf}`, admin.token)).json();
    expect(all.total).toBe(2);
    expect(all.data.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());
    const first = all.data.find((r: { id: number }) => r.id === a);
    expect(first).toMatchObject({ data: today, descricao: 'Primeiro contato', nome_razao: 'Renato Agenda Teste', cpf_cnpj: d.cpf, status: 'PENDENTE', usuario_id: admin.user.id, usuario: 'Operadora Ana Cobrança', realizado_em: null });
    expect(typeof first.created_at).toBe('string');

    const byOperator = (await get(t, `/api/pessoa/getAllNotesPaginate?mes=${mes}&pesquisa=Renato Agenda&usuario_id=${other.user.id}`, admin.token)).json();
    expect(byOperator.data.map((r: { id: number }) => r.id)).toEqual([b]);
    const later = (await get(t, `/api/pessoa/getAllNotesPaginate?mes=${nextMonth.slice(0, 7)}&pesquisa=${d.cpf}`, admin.token)).json();
    expect(later.data.map((r: { descricao: string }) => r.descricao)).toEqual(['Mês que vem']);

    // mark done (guarded), then filter by status
    const done = await post(t, `/api/pessoa/concluirNote/${a}`, other.token);
    expect(done.json()).toMatchObject({ status: 200, msg: 'Agendamento marcado como realizado!', data: { id: a, status: 'REALIZADO' } });
    const again = await post(t, `/api/pessoa/concluirNote/${a}`, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Este agendamento já foi marcado como realizado.');
    expect((await post(t, '/api/pessoa/concluirNote/999999999', admin.token)).statusCode).toBe(404);
    const pendentes = (await get(t, `/api/pessoa/getAllNotesPaginate?mes=${mes}&pesquisa=${d.cpf}&status=PENDENTE`, admin.token)).json();
    expect(pendentes.data.map((r: { id: number }) => r.id)).toEqual([b]);
    const realizados = (await get(t, `/api/pessoa/getAllNotesPaginate?mes=${mes}&pesquisa=${d.cpf}&status=REALIZADO`, admin.token)).json();
    expect(realizados.data[0]).toMatchObject({ id: a, realizado_por: 'Operador Bruno Cobrança' });

    // the person's schedules (modal): every month, latest date first
    const byPessoa = (await get(t, `/api/pessoa/getNotesByPessoaId/${d.pessoaId}`, admin.token)).json();
    expect(byPessoa.data.map((r: { descricao: string }) => r.descricao)[0]).toBe('Mês que vem');
    expect(byPessoa.data).toHaveLength(3);
    expect((await get(t, '/api/pessoa/getNotesByPessoaId/999999999', admin.token)).statusCode).toBe(404);
  });

  it('getOperadores answers the administradores as options', async () => {
    const res = (await get(t, '/api/pessoa/getOperadores', admin.token)).json();
    expect(res.data).toEqual(expect.arrayContaining([{ value: admin.user.id, label: 'Operadora Ana Cobrança' }, { value: other.user.id, label: 'Operador Bruno Cobrança' }]));
  });
});
