import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { cnabAccountFromConta, readRemessa240, todayInSaoPaulo, writeRemessa240, writeRetorno240, type RemessaEntryRead, type RetornoTitleInput } from '@bg/domain';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { boleto, boletoHistorico, retorno, retornoItem } from '../../src/db/schema/index.js';
import { DEMO_CONTA } from '../../src/seed/seed-boletos.js';
import {
  bankAnswer,
  createCnabTestApp,
  download,
  gerarRemessa,
  get,
  historyCount,
  nonAdminTokens,
  post,
  releasedBoletos,
  uploadRetorno,
  waitForRetorno,
  type CnabTestApp,
} from './support.js';

/**
 * Retornos: upload (stored, hashed, checked), preview, apply — the money loop from a remessa we
 * generated to GARANTIDO and LIQUIDADO — idempotency (same file, same movement, two uploads at
 * once), titles of another account, and access.
 */
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());

/** Remessa of freshly released boletos, downloaded as the admin would. */
async function remessaOf(parcelas: number[]) {
  const boletos = await releasedBoletos(t, parcelas);
  const { remessa } = await gerarRemessa(t);
  expect(remessa).toBeTruthy();
  return { boletos, bytes: await download(t, remessa.link) };
}

async function uploadAndPreview(name: string, bytes: Buffer) {
  const res = await uploadRetorno(t, name, bytes);
  expect(res.statusCode, res.body).toBe(200);
  const { id, duplicado } = res.json().data;
  expect(duplicado).toBe(false);
  await waitForRetorno(t.db, id, (r) => r.status === 'PRONTO');
  return { id, detail: (await get(t, `/api/retorno/getById/${id}`)).json().data };
}

async function apply(id: number) {
  const res = await post(t, `/api/retorno/aplicar/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return waitForRetorno(t.db, id, (r) => r.status === 'PROCESSADO');
}

describe('retorno', () => {
  it('answers a remessa we generated: entrada confirmada → GARANTIDO, liquidação → LIQUIDADO, with amounts and dates stored', async () => {
    const { boletos, bytes } = await remessaOf([10000, 20000, 30000]);
    const answer = await bankAnswer(bytes, { liquidar: (i) => i === 0 });
    const { id, detail } = await uploadAndPreview('RET0001.ret', answer);
    expect(detail).toMatchObject({ status: 'PRONTO', quantidade_titulos: 4, banco: '104', tamanho_bytes: answer.length });
    expect(detail.previa).toMatchObject({
      titulos: 4,
      conta_encontrada: true,
      entrada: { quantidade: 3, valor: 600 },
      liquidacao: { quantidade: 1, valor: 101.5 },
      nao_encontrado: { quantidade: 0 },
      ja_aplicado: { quantidade: 0 },
    });
    expect(detail.previa.por_situacao).toEqual(expect.arrayContaining([{ situacao: 'GARANTIDO', quantidade: 3, valor: 600 }, { situacao: 'LIQUIDADO', quantidade: 1, valor: 101.5 }]));
    expect(detail.job).toMatchObject({ kind: 'cnab.retorno-previa', status: 'done', progress_done: answer.length, progress_total: answer.length, progress_unit: 'bytes' });
    // the preview changed nothing
    const before = await t.db.select({ situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, boletos.map((b) => b.id)));
    expect(before.every((b) => b.situacao === 'ENVIADO PARA REGISTRO')).toBe(true);

    const done = await apply(id);
    expect(done).toMatchObject({ quantidade_entrada: 3, total_valor_entrada: '600.00', quantidade_liquidado: 1, total_valor_liquidado: '101.50', quantidade_processada: 4 });
    const after = await t.db.select({ id: boleto.id, situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, boletos.map((b) => b.id))).orderBy(boleto.id);
    expect(after.map((b) => b.situacao)).toEqual(['LIQUIDADO', 'GARANTIDO', 'GARANTIDO']);
    const hist = await t.db.select().from(boletoHistorico).where(eq(boletoHistorico.boleto_id, boletos[0].id)).orderBy(boletoHistorico.id);
    expect(hist.slice(-2)).toMatchObject([
      { de: 'ENVIADO PARA REGISTRO', para: 'GARANTIDO', usuario_id: t.admin.id },
      { de: 'GARANTIDO', para: 'LIQUIDADO', usuario_id: t.admin.id },
    ]);
    expect(hist[hist.length - 1].motivo).toMatch(new RegExp(`^Retorno nº ${id} \\(arquivo 1\\), linha \\d+: Liquidação`));

    const itens = (await get(t, `/api/retorno/getItens/${id}?per_page=100`)).json();
    expect(itens.total).toBe(4);
    const liq = itens.data.find((i: { movimento: string }) => i.movimento === '06');
    expect(liq).toMatchObject({ resultado: 'APLICADO', situacao_de: 'GARANTIDO', situacao_para: 'LIQUIDADO', valor_titulo: 100, valor_pago: 101.5, valor_juros: 1.5, valor_tarifa: 2.5, data_credito: expect.any(String) });

    const list = (await get(t, '/api/retorno/getAllPaginate')).json();
    expect(list.data.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'PROCESSADO',
      quantidade_liquidado: 1,
      total_valor_liquidado: 101.5,
      quantidade_baixa: 0,
      total_valor_baixa: 0,
      quantidade_entrada: 3,
      total_valor_entrada: 600,
      arquivo: 'RET0001.ret',
      usuario: expect.any(String),
    });
  });

  it('the same file twice, or two uploads of it at once, is taken once; the same movement in another file changes nothing', async () => {
    const { boletos, bytes } = await remessaOf([5000, 6000]);
    const answer = await bankAnswer(bytes);
    const [a, b] = await Promise.all([uploadRetorno(t, 'a.ret', answer), uploadRetorno(t, 'b.ret', answer)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const answers = [a.json(), b.json()];
    expect(answers.map((x) => x.data.duplicado).sort()).toEqual([false, true]);
    expect(answers[0].data.id).toBe(answers[1].data.id);
    const dup = answers.find((x) => x.data.duplicado);
    expect(dup.msg).toMatch(/já foi enviado.*nada foi alterado/);
    const id = answers[0].data.id;
    const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from retorno where sha256 = (select sha256 from retorno where id = ${id})`)) as { rows: { n: number }[] }).rows;
    expect(Number(n)).toBe(1);
    await waitForRetorno(t.db, id, (r) => r.status === 'PRONTO');
    await apply(id);
    const again = await uploadRetorno(t, 'c.ret', answer);
    expect(again.json().data).toMatchObject({ id, duplicado: true, status: 'PROCESSADO' });

    // the bank sends the same movements again in a new file (another NSA): already applied
    const resent = await bankAnswer(bytes, { fileNumber: 99 });
    const second = await uploadAndPreview('resent.ret', resent);
    expect(second.detail.previa).toMatchObject({ ja_aplicado: { quantidade: 2 }, entrada: { quantidade: 0 } });
    const done = await apply(second.id);
    expect(done).toMatchObject({ quantidade_ja_aplicado: 2, quantidade_entrada: 0 });
    const itens = await t.db.select().from(retornoItem).where(eq(retornoItem.retorno_id, second.id));
    expect(itens.map((i) => i.resultado)).toEqual(['JA_APLICADO', 'JA_APLICADO']);
    for (const bol of boletos) expect(await historyCount(t.db, bol.id, 'GARANTIDO')).toBe(1);
    // applying again is refused
    expect((await post(t, `/api/retorno/aplicar/${second.id}`)).statusCode).toBe(409);
  });

  it("lists another account's titles and unknown nosso números as not found and changes nothing", async () => {
    const { boletos, bytes } = await remessaOf([7000]);
    const other = cnabAccountFromConta({ ...DEMO_CONTA, codigo_beneficiario: '654321' });
    const foreign = await bankAnswer(bytes, { account: other });
    const { id, detail } = await uploadAndPreview('outra-conta.ret', foreign);
    expect(detail.previa).toMatchObject({ conta_encontrada: false, nao_encontrado: { quantidade: 1, valor: 70 }, entrada: { quantidade: 0 } });
    expect(detail.previa.amostras[0]).toMatchObject({ resultado: 'NAO_ENCONTRADO', mensagem: expect.stringMatching(/não é uma conta de cobrança cadastrada/) });
    await apply(id);
    const [row] = await t.db.select().from(boleto).where(eq(boleto.id, boletos[0].id));
    expect(row.situacao).toBe('ENVIADO PARA REGISTRO');
    const itens = (await get(t, `/api/retorno/getItens/${id}?resultado=NAO_ENCONTRADO`)).json();
    expect(itens.data).toMatchObject([{ resultado: 'NAO_ENCONTRADO', boleto_id: null }]);

    const unknown = await bankAnswer(bytes, {
      fileNumber: 7,
      extra: [{ movement: '06', ourNumber: 99_999_999, documentNumber: 'X', dueDate: todayInSaoPaulo(), amountCents: 1234, paidCents: 1234, occurrenceDate: todayInSaoPaulo() }],
    });
    const mixed = await uploadAndPreview('mixed.ret', unknown);
    expect(mixed.detail.previa).toMatchObject({ conta_encontrada: true, entrada: { quantidade: 1 }, nao_encontrado: { quantidade: 1, valor: 12.34 } });
    expect(mixed.detail.previa.amostras).toMatchObject([{ resultado: 'NAO_ENCONTRADO', mensagem: 'Nosso número não encontrado nesta conta.' }]);
  });

  it('confirms each pending request as its own BAIXADO, and records a rejected entrada with its reasons (the boleto goes back to the next remessa)', async () => {
    const registered = await releasedBoletos(t, [11000, 12000, 13000], ['remessa', 'confirmarEntrada']);
    const [baixa, cancel, remocao] = registered;
    await post(t, `/api/boleto/baixar/${baixa.id}`, t.admin.token, {});
    await post(t, `/api/boleto/cancelar/${cancel.id}`, t.admin.token, {});
    await t.db.transaction((tx) => changeSituacao(tx, remocao.id, 'remover', { id: t.admin.id, ip: null }, 'acordo'));
    const [rejected] = await releasedBoletos(t, [14000]);
    const { remessa: rem } = await gerarRemessa(t);
    expect(rem).toMatchObject({ quantidade_baixa: 3, quantidade_entrada: 1 });
    const entries: RemessaEntryRead[] = [];
    for await (const e of readRemessa240([await download(t, rem.link)])) entries.push(e);
    const today = todayInSaoPaulo();
    const titles: RetornoTitleInput[] = entries.map((e) => ({
      movement: e.kind === 'baixa' ? '09' : '03',
      ourNumber: e.ourNumber,
      documentNumber: e.documentNumber,
      dueDate: e.dueDate ?? today,
      amountCents: e.amountCents,
      occurrenceDate: today,
      reasons: e.kind === 'baixa' ? [] : ['45'],
    }));
    const answer = writeRetorno240({ account: cnabAccountFromConta(DEMO_CONTA), fileNumber: 55, generatedAt: new Date(), titles });
    const { id, detail } = await uploadAndPreview('baixas.ret', answer);
    expect(detail.previa).toMatchObject({ baixa: { quantidade: 3, valor: 360 }, rejeitado: { quantidade: 1, valor: 140 } });
    const done = await apply(id);
    expect(done).toMatchObject({ quantidade_baixa: 3, total_valor_baixa: '360.00', quantidade_rejeitado: 1 });
    const rows = await t.db.select({ id: boleto.id, situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, [baixa.id, cancel.id, remocao.id, rejected.id])).orderBy(boleto.id);
    expect(rows.map((r) => r.situacao)).toEqual(['BAIXADO', 'BAIXADO (CANCELADO)', 'BAIXADO (REMOVIDO)', 'DISPONÍVEL PARA PAGAMENTO']);
    const itens = (await get(t, `/api/retorno/getItens/${id}?resultado=REJEITADO`)).json();
    expect(itens.data).toMatchObject([{ movimento: '03', situacao_de: 'ENVIADO PARA REGISTRO', situacao_para: 'DISPONÍVEL PARA PAGAMENTO', motivos: expect.stringMatching(/^45 /) }]);
    // the rejected boleto is sent again by the next remessa
    const next = await gerarRemessa(t);
    expect(next.remessa).toMatchObject({ quantidade_entrada: 1, quantidade_baixa: 0 });
  });

  it('refuses binary files, remessas and other extensions before storing anything', async () => {
    const count = async () => Number(((await t.db.execute(sql`select count(*)::int as n from retorno`)) as { rows: { n: number }[] }).rows[0].n);
    const before = await count();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const bin = await uploadRetorno(t, 'x.ret', png);
    expect(bin.statusCode).toBe(415);
    expect(bin.json().msg).toMatch(/binário/);
    const remessaFile = writeRemessa240({ account: cnabAccountFromConta(DEMO_CONTA), fileNumber: 1, generatedAt: new Date(), entries: [] });
    const rem = await uploadRetorno(t, 'remessa.txt', remessaFile);
    expect(rem.statusCode).toBe(415);
    expect(rem.json().msg).toMatch(/é uma remessa/);
    const text = await uploadRetorno(t, 'notas.txt', Buffer.from('isto não é um arquivo CNAB\r\nsegunda linha\r\n', 'latin1'));
    expect(text.statusCode).toBe(415);
    const ext = await uploadRetorno(t, 'retorno.pdf', Buffer.from('%PDF-1.4'));
    expect(ext.statusCode).toBe(415);
    expect(await count()).toBe(before);
  });

  it("shows the last remessa and the last retorno applied on the administrador's Início", async () => {
    const [lastRemessa] = (await get(t, '/api/boleto/getRemessas')).json().data;
    const lastRetorno = (await get(t, '/api/retorno/getAllPaginate')).json().data.find((r: { status: string }) => r.status === 'PROCESSADO');
    const res = (await get(t, '/api/dashboard/getResumo')).json().data;
    expect(res.ultimaRemessa).toMatchObject({ id: lastRemessa.id, quantidade_entrada: lastRemessa.quantidade_entrada, total_valor_baixa: lastRemessa.total_valor_baixa });
    expect(res.ultimoRetorno).toMatchObject({ quantidade_entrada: expect.any(Number), total_valor_liquidado: expect.any(Number) });
    expect(lastRetorno).toBeTruthy();
  });

  it('is for administradores only', async () => {
    const { usuario, franqueado } = await nonAdminTokens(t);
    const [r] = await t.db.select({ id: retorno.id }).from(retorno).limit(1);
    for (const token of [usuario, franqueado]) {
      expect((await uploadRetorno(t, 'r.ret', Buffer.from('x'), token)).statusCode).toBe(403);
      expect((await get(t, '/api/retorno/getAllPaginate', token)).statusCode).toBe(403);
      expect((await get(t, `/api/retorno/getById/${r.id}`, token)).statusCode).toBe(403);
      expect((await get(t, `/api/retorno/getItens/${r.id}`, token)).statusCode).toBe(403);
      expect((await post(t, `/api/retorno/aplicar/${r.id}`, token)).statusCode).toBe(403);
    }
  });
});
