import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addMonthsClamped, defaultSettlementDueDates, SITUACAO } from '@bg/domain';
import { acordo, acordoBoleto, acordoParcela, auditLog, boleto, boletoHistorico } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { acordoBody, defaulter, get, pdfText, post, today } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const create = (body: object) => post(t, '/api/acordo/create', admin.token, body);
const parcelasOf = (acordoId: number) =>
  t.database.db.select().from(acordoParcela).where(eq(acordoParcela.acordo_id, acordoId)).orderBy(acordoParcela.parcela);

describe('POST /api/acordo/create (Efetivar Acordo)', () => {
  it('stores the acordo Aguardando Ativação, instalments Em Aberto, boletos ENVIADO PARA REMOÇÃO with history and audit', async () => {
    const d = await defaulter(t, [
      { cents: 25002, daysAgo: 54 },
      { cents: 18055, daysAgo: 18, situacao: SITUACAO.QUITADO },
      { cents: 32010, daysAgo: -15 },
    ]);
    const body = acordoBody(d, { qtd: 3, entradaCents: 30000, descontoCents: 586 });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Acordo efetivado! Os boletos foram enviados para remoção.');
    const id = res.json().data.id as number;

    const [a] = await t.database.db.select().from(acordo).where(eq(acordo.id, id));
    expect(a).toMatchObject({
      status: 'Aguardando Ativação',
      pessoa_id: d.pessoaId,
      numero_parcelas: 3,
      valor: body.totalParcelamento.toFixed(2),
      valor_atualizado: body.valor_atualizado.toFixed(2),
      valor_sem_juros: '750.67',
      desconto: '5.86',
      valor_entrada: '300.00',
      data_simulacao: today,
      user_id: admin.user.id,
    });
    // the worked example of docs/financial-math.md with today's delays: base 750,67 and 2% multa 15,01
    expect(a.multa).toBe('15.01');
    expect((await parcelasOf(id)).map((p) => [p.parcela, p.vencimento, p.valor, p.situacao])).toEqual(
      body.parcelas.map((p) => [p.parcela, p.vencimento, p.valor.toFixed(2), 'Em Aberto']),
    );
    for (const b of d.boletos) {
      const [row] = await t.database.db.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, b.id));
      expect(row.situacao).toBe('ENVIADO PARA REMOÇÃO');
      const hist = await t.database.db.select().from(boletoHistorico).where(and(eq(boletoHistorico.boleto_id, b.id), eq(boletoHistorico.para, 'ENVIADO PARA REMOÇÃO')));
      expect(hist).toHaveLength(1);
      expect(hist[0]).toMatchObject({ motivo: `Substituído pelo acordo nº ${id}`, usuario_id: admin.user.id });
    }
    const covered = await t.database.db.select().from(acordoBoleto).where(eq(acordoBoleto.acordo_id, id));
    expect(covered.map((c) => [c.boleto_id, c.situacao_anterior, c.dias_atraso, c.vigente]).sort()).toEqual(
      [
        [d.boletos[0].id, 'GARANTIDO', 54, true],
        [d.boletos[1].id, 'QUITADO', 18, true],
        [d.boletos[2].id, 'GARANTIDO', 0, true],
      ].sort(),
    );
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'acordo.create'), eq(auditLog.entity_id, String(id))));
    expect(audit).toHaveLength(1);

    // the boletos are no longer pending: the person left the defaulters list
    const detail = (await get(t, `/api/pessoa/getInadimplenteById/${d.pessoaId}`, admin.token)).json().data;
    expect(detail.boletos).toEqual([]);
    expect(detail.acordos).toMatchObject([{ id, status: 'Aguardando Ativação', numero_parcelas: 3 }]);
  });

  it('refuses a tampered simulation (409, names what differs) and stores nothing', async () => {
    const d = await defaulter(t, [{ cents: 40000, daysAgo: 30 }]);
    const body = acordoBody(d, { qtd: 2, entradaCents: 10000 });
    const tampered = { ...body, totalParcelamento: body.totalParcelamento - 50, parcelas: [body.parcelas[0], { ...body.parcelas[1], valor: body.parcelas[1].valor - 50 }] };
    const res = await create(tampered);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 409,
      msg: 'Os valores da simulação não conferem com os calculados pelo servidor. Refaça a simulação e confira os valores antes de efetivar.',
      diferencas: ['totalParcelamento', 'parcelas[2].valor'],
    });
    const lowered = await create({ ...body, valor_atualizado: body.valor_atualizado - 10 });
    expect(lowered.json().diferencas).toEqual(['valor_atualizado']);
    expect(await t.database.db.select().from(acordo).where(eq(acordo.pessoa_id, d.pessoaId))).toEqual([]);
    const [b] = await t.database.db.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, d.boletos[0].id));
    expect(b.situacao).toBe('GARANTIDO');
  });

  it('refuses invalid plans (422 with the field) and boletos that are not the person\'s or not pending', async () => {
    const d = await defaulter(t, [{ cents: 40000, daysAgo: 30 }]);
    const other = await defaulter(t, [{ cents: 10000, daysAgo: 5 }]);
    const body = acordoBody(d, { qtd: 2 });
    const disorder = await create({ ...body, vencimentos: [...body.vencimentos].reverse() });
    expect(disorder.statusCode).toBe(422);
    expect(disorder.json().errors).toHaveProperty('vencimentos.1', 'Cada vencimento deve ser posterior ao da parcela anterior.');
    const eleven = await create({ ...body, qtdParcelas: 11 });
    expect(eleven.json().errors.qtdParcelas).toBe('O acordo deve ter de 1 a 10 parcelas.');
    const tooMuchDiscount = await create({ ...body, desconto: body.valor_atualizado + 1 });
    expect(tooMuchDiscount.statusCode).toBe(422);
    expect(tooMuchDiscount.json().errors.desconto).toBe('O desconto não pode ser maior que o valor atualizado.');
    const foreign = await create({ ...body, boletoIds: [d.boletos[0].id, other.boletos[0].id] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().msg).toBe('Um ou mais boletos não pertencem a esta pessoa.');
    const paid = await defaulter(t, [{ cents: 40000, daysAgo: 30, situacao: SITUACAO.LIQUIDADO }]);
    const notPending = await create(acordoBody(paid, { qtd: 1 }));
    expect(notPending.statusCode).toBe(409);
    expect(notPending.json().msg).toMatch(/não está mais pendente \(LIQUIDADO\)/);
  });
});

describe('baixar-parcela and cancelar', () => {
  it('activates on the first payment, refuses paying twice, QUITADO when all are paid; a QUITADO acordo cannot be cancelled', async () => {
    const d = await defaulter(t, [{ cents: 30000, daysAgo: 40 }]);
    const id = (await create(acordoBody(d, { qtd: 2, entradaCents: 15000 }))).json().data.id as number;
    const [p1, p2] = await parcelasOf(id);

    const first = await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p1.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ msg: 'Parcela baixada com sucesso!', data: { id: p1.id, acordo_id: id, situacao: 'Paga', acordo_status: 'ATIVO' } });
    const again = await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p1.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Esta parcela não está em aberto (Paga).');

    const last = await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p2.id });
    expect(last.json().data.acordo_status).toBe('QUITADO');
    const [a] = await t.database.db.select().from(acordo).where(eq(acordo.id, id));
    expect(a.ativado_em).not.toBeNull();
    expect(a.quitado_em).not.toBeNull();
    const cancel = await post(t, '/api/acordo/cancelar', admin.token, { acordoId: id });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().msg).toBe('Um acordo QUITADO não pode ser cancelado.');
    expect((await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: 2_000_000_000 })).statusCode).toBe(404);
  });

  it('cancels with date and user; the debt comes back (boletos keep their bank situação, person a defaulter again); cancelling twice is refused', async () => {
    const d = await defaulter(t, [
      { cents: 30000, daysAgo: 40 },
      { cents: 20000, daysAgo: 10 },
    ]);
    const id = (await create(acordoBody(d, { qtd: 3, entradaCents: 15000 }))).json().data.id as number;
    const [p1] = await parcelasOf(id);
    await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: p1.id });
    // the bank confirmed one removal meanwhile
    await t.database.db.update(boleto).set({ situacao: SITUACAO.BAIXADO_REMOVIDO }).where(eq(boleto.id, d.boletos[1].id));

    const res = await post(t, '/api/acordo/cancelar', admin.token, { acordoId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Acordo cancelado. Os boletos voltaram a ser cobrados do devedor.', data: { id, status: 'CANCELADO' } });
    const [a] = await t.database.db.select().from(acordo).where(eq(acordo.id, id));
    expect(a).toMatchObject({ status: 'CANCELADO', user_cancelamento_id: admin.user.id });
    expect(a.data_cancelamento).toBeInstanceOf(Date);
    expect((await parcelasOf(id)).map((p) => p.situacao)).toEqual(['Paga', 'Cancelada', 'Cancelada']);
    // decision 109: QUITADO only ever means the guarantor paid the shop — a cancelled acordo leaves
    // its boletos removed from the bank, and they are open debt again
    for (const [i, b] of d.boletos.entries()) {
      const [row] = await t.database.db.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, b.id));
      expect(row.situacao).toBe(i === 0 ? SITUACAO.ENVIADO_REMOCAO : SITUACAO.BAIXADO_REMOVIDO);
      expect(await t.database.db.select().from(boletoHistorico).where(and(eq(boletoHistorico.boleto_id, b.id), eq(boletoHistorico.para, 'QUITADO')))).toEqual([]);
    }
    expect((await t.database.db.select().from(acordoBoleto).where(eq(acordoBoleto.acordo_id, id))).every((c) => !c.vigente)).toBe(true);

    const list = (await get(t, `/api/pessoa/getInadimplentes?pesquisa=${d.cpf}`, admin.token)).json();
    expect(list.data).toMatchObject([{ id: d.pessoaId, qtd_boletos: 2, valor_vencido: 500 }]);
    const again = await post(t, '/api/acordo/cancelar', admin.token, { acordoId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Este acordo já está CANCELADO.');
    const pay = await post(t, '/api/acordo/baixar-parcela', admin.token, { parcelaId: (await parcelasOf(id))[1].id });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().msg).toBe('Operação não permitida: o acordo está CANCELADO.');

    // a new acordo may cover the same boletos again; the R$ 150,00 paid is deducted ("Pagamentos anteriores")
    expect((await create(acordoBody(d, { qtd: 1 }))).statusCode).toBe(409);
    const again2 = await create(acordoBody(d, { qtd: 1, anterioresCents: 15000 }));
    expect(again2.statusCode, again2.body).toBe(200);
    const [novo] = await t.database.db.select().from(acordo).where(eq(acordo.id, again2.json().data.id));
    expect(novo.pagamentos_anteriores).toBe('150.00');
  });
});

describe('GET /api/acordo/getAll, getById, getTermo', () => {
  it('lists instalments by month and search, details the acordo and prints its term', async () => {
    const d = await defaulter(t, [{ cents: 45000, daysAgo: 20 }], { nome: 'Lúcia Acordo Lista' });
    const body = acordoBody(d, { qtd: 2, entradaCents: 20000, descontoCents: 500 });
    const id = (await create(body)).json().data.id as number;
    const mes = today.slice(0, 7);
    const list = (await get(t, `/api/acordo/getAll?mes=${mes}&pesquisa=${d.cpf}`, admin.token)).json();
    expect(list).toMatchObject({ status: 200, total: 1, current_page: 1 });
    expect(list.data[0]).toMatchObject({ acordo_id: id, parcela: 1, numero_parcelas: 2, vencimento: today, valor: 200, situacao: 'Em Aberto', acordo_status: 'Aguardando Ativação', nome_razao: 'Lúcia Acordo Lista', cpf_cnpj: d.cpf });
    const nextMonth = addMonthsClamped(today, 1).slice(0, 7);
    const later = (await get(t, `/api/acordo/getAll?mes=${nextMonth}&pesquisa=${d.cpf}`, admin.token)).json();
    expect(later.data.map((r: { parcela: number }) => r.parcela)).toEqual([2]);
    const all = (await get(t, `/api/acordo/getAll?mes=&pesquisa=Lúcia Acordo Lista`, admin.token)).json();
    expect(all.total).toBe(2);
    expect((await get(t, '/api/acordo/getAll?mes=2025-13', admin.token)).statusCode).toBe(422);

    const detail = (await get(t, `/api/acordo/getById/${id}`, admin.token)).json().data;
    expect(detail).toMatchObject({
      id, status: 'Aguardando Ativação', nome_razao: 'Lúcia Acordo Lista', desconto: 5, valor_sem_juros: 450, valor: body.totalParcelamento,
      numero_parcelas: 2, ultimo_vencimento: defaultSettlementDueDates(today, 2)[1], total_pago: 0, usuario: admin.user.name, data_cancelamento: null,
    });
    expect(detail.boletos).toMatchObject([{ id: d.boletos[0].id, dias_atraso: 20, situacao_anterior: 'GARANTIDO', situacao: 'ENVIADO PARA REMOÇÃO', valor: 450 }]);
    expect((await get(t, '/api/acordo/getById/999999999', admin.token)).statusCode).toBe(404);

    const pdf = await t.call({ method: 'GET', url: `/api/acordo/getTermo/${id}`, token: admin.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Termo de Acordo e Confissão de Dívida');
    expect(text).toContain('Lúcia Acordo Lista');
    expect(text).toContain('R$ 450,00');
    expect(text).toContain('0,033% ao dia');
    expect(text).toContain('0,33% ao dia');
    expect(text).toMatch(/5\s+\(cinco\)\s+dias\s+úteis/);
  });
});
