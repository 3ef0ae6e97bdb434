import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITUACAO, settlementUpdatedValue, fromCents } from '@bg/domain';
import { pessoaTelefone } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { acordoBody, defaulter, get, post, today } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const list = (query: string) => get(t, `/api/pessoa/getInadimplentes?${query}`, admin.token);

describe('GET /api/pessoa/getInadimplentes', () => {
  it('lists a person with an overdue open boleto (GARANTIDO, ENVIADO PARA REGISTRO, DISPONÍVEL, QUITADO), with up to four phones', async () => {
    const d = await defaulter(t, [
      { cents: 10000, daysAgo: 30, situacao: SITUACAO.QUITADO },
      { cents: 20000, daysAgo: 3, situacao: SITUACAO.ENVIADO_REGISTRO },
      { cents: 5000, daysAgo: 1, situacao: SITUACAO.DISPONIVEL },
      { cents: 7000, daysAgo: -10 }, // not yet due: pending, but not overdue
      { cents: 9000, daysAgo: 40, situacao: SITUACAO.LIQUIDADO }, // paid
    ]);
    await t.database.db.insert(pessoaTelefone).values(
      ['11911111111', '11922222222', '11933333333', '11987654321'].map((telefone) => ({ pessoa_id: d.pessoaId, telefone })),
    );
    const res = await list(`pesquisa=${d.cpf}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, total: 1, from: 1, to: 1, current_page: 1 });
    expect(body.data[0]).toEqual({
      id: d.pessoaId,
      nome_razao: d.nome,
      cpf_cnpj: d.cpf,
      // telefone1 first, the repeated extra phone once, at most four
      telefones: ['11987654321', '11911111111', '11922222222', '11933333333'],
      qtd_boletos: 3,
      valor_vencido: 350,
      maior_atraso: 30,
      spc_ativo: false,
    });
    // by name too (masked document also works)
    expect((await list(`pesquisa=${encodeURIComponent(d.nome)}`)).json().data.map((r: { id: number }) => r.id)).toEqual([d.pessoaId]);
    const masked = d.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    expect((await list(`pesquisa=${masked}`)).json().total).toBe(1);
  });

  it('leaves out people whose boletos are only due later, paid, or replaced by an acordo', async () => {
    const future = await defaulter(t, [{ cents: 10000, daysAgo: -1 }]);
    const today0 = await defaulter(t, [{ cents: 10000, daysAgo: 0 }]);
    const paid = await defaulter(t, [{ cents: 10000, daysAgo: 9, situacao: SITUACAO.BAIXADO }]);
    for (const d of [future, today0, paid]) expect((await list(`pesquisa=${d.cpf}`)).json().total).toBe(0);
    // a boleto replaced by an acordo is not pending (ENVIADO PARA REMOÇÃO)
    const inAcordo = await defaulter(t, [{ cents: 10000, daysAgo: 9, situacao: SITUACAO.QUITADO }]);
    const acordoId = (await post(t, '/api/acordo/create', admin.token, acordoBody(inAcordo, { qtd: 1 }))).json().data.id as number;
    expect(acordoId).toBeGreaterThan(0);
    expect((await list(`pesquisa=${inAcordo.cpf}`)).json().total).toBe(0);
  });

  it('pages with the shared shape', async () => {
    const res = (await list('page=1&per_page=1')).json();
    expect(res.data).toHaveLength(1);
    expect(res.per_page).toBe(1);
    expect(res.last_page).toBe(res.total);
  });
});

describe('GET /api/pessoa/getInadimplenteById/{id}', () => {
  it('answers the person, every pending boleto (overdue first) and the valor sem juros / atualizado of the overdue ones', async () => {
    const d = await defaulter(t, [
      { cents: 25002, daysAgo: 54 },
      { cents: 18055, daysAgo: 18, situacao: SITUACAO.QUITADO },
      { cents: 32010, daysAgo: -15 },
    ]);
    const res = await get(t, `/api/pessoa/getInadimplenteById/${d.pessoaId}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.hoje).toBe(today);
    expect(data.pessoa).toMatchObject({ id: d.pessoaId, nome_razao: d.nome, cpf_cnpj: d.cpf });
    expect(data.telefones).toEqual(['11987654321']);
    expect(data.boletos.map((b: { id: number; dias_atraso: number; valor: number; situacao: string; spc: null }) => [b.id, b.dias_atraso, b.valor, b.situacao, b.spc])).toEqual([
      [d.boletos[0].id, 54, 250.02, 'GARANTIDO', null],
      [d.boletos[1].id, 18, 180.55, 'QUITADO', null],
      [d.boletos[2].id, 0, 320.1, 'GARANTIDO', null],
    ]);
    expect(data.boletos[0]).toMatchObject({ digito: d.boletos[0].digito, parcela: 1 });
    expect(data.boletos[0].empresa).toMatch(/^Empresa/);
    const expected = settlementUpdatedValue(
      [
        { amountCents: 25002, dueDate: d.boletos[0].vencimento },
        { amountCents: 18055, dueDate: d.boletos[1].vencimento },
      ],
      today,
    );
    expect(data.totais).toEqual({
      valor_sem_juros: 430.57,
      multa: fromCents(expected.fineCents),
      juros: fromCents(expected.interestCents),
      taxa: 14.9,
      pagamentos_anteriores: 0,
      valor_atualizado: fromCents(expected.updatedCents),
    });
    expect(data.acordos).toEqual([]);
  });

  it('answers 404 for an unknown person', async () => {
    expect((await get(t, '/api/pessoa/getInadimplenteById/999999999', admin.token)).statusCode).toBe(404);
  });
});
