import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, readRemessa240, todayInSaoPaulo, type RemessaEntryRead } from '@bg/domain';
import { boleto, boletoHistorico, remessaItem } from '../../src/db/schema/index.js';
import { createCnabTestApp, download, gerarRemessa, get, historyCount, post, releasedBoletos, type CnabTestApp } from './support.js';

/**
 * Issue 23: one boleto due 9999-12-31 made every Gerar Remessa fail, for every shop. A title that
 * cannot be written is now left out — listed in the job's result with its reason — and stays
 * pending; the others go to the bank (decision 105). The bad rows are written straight into the
 * database, as one stored before the dates were checked would be.
 */
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());

async function readFile(bytes: Buffer): Promise<RemessaEntryRead[]> {
  const out: RemessaEntryRead[] = [];
  for await (const e of readRemessa240([bytes])) out.push(e);
  return out;
}

/** The payer's CEP blanked wherever the schema keeps it (the person's row, or the shops' views of the person). */
async function semCep(boletoId: number) {
  const pessoaId = sql`(select g.pessoa_id from boleto b join garantia g on g.id = b.garantia_id where b.id = ${boletoId})`;
  const colunas = (await t.db.execute(sql`select table_name from information_schema.columns where column_name = 'cep' and table_name in ('pessoa', 'pessoa_visao')`)) as {
    rows: { table_name: string }[];
  };
  for (const { table_name } of colunas.rows) {
    await t.db.execute(sql`update ${sql.identifier(table_name)} set cep = null where ${sql.identifier(table_name === 'pessoa' ? 'id' : 'pessoa_id')} = ${pessoaId}`);
  }
}

describe('Gerar Remessa leaves out a title it cannot write', () => {
  it('a boleto already stored due 9999-12-31 stays DISPONÍVEL and listed; the others go to the bank', async () => {
    const [ruim, bom] = await releasedBoletos(t, [10000, 20000]);
    await t.db.execute(sql`update boleto set vencimento = '9999-12-31' where id = ${ruim.id}`);
    // and one released before any account existed (not numbered yet), due in 2050
    const [semNumero] = await releasedBoletos(t, [30000]);
    await t.db.execute(sql`update boleto set vencimento = '2050-01-10', nosso_numero = null, codigo_barras = null, linha_digitavel = null where id = ${semNumero.id}`);

    const { res, job, result, remessa: r } = await gerarRemessa(t);
    expect(res.statusCode, res.body).toBe(200);
    expect(job.status, job.error).toBe('done');
    expect(result).toMatchObject({ quantidade_entrada: 1, total_valor_entrada: 200, quantidade_fora: 2 });
    expect(result!.mensagem).toMatch(/2 título\(s\) deixado\(s\) de fora/);
    expect(result!.titulos_fora).toEqual([
      expect.objectContaining({ boleto_id: ruim.id, vencimento: '9999-12-31', valor: 100, nosso_numero: String(ruim.nosso_numero), motivo: expect.stringMatching(/^Vencimento 31\/12\/9999 fora do intervalo/) }),
      expect.objectContaining({ boleto_id: semNumero.id, vencimento: '2050-01-10', nosso_numero: null, motivo: expect.stringContaining('Acerto de Atendimento') }),
    ]);

    const entries = await readFile(await download(t, r.link));
    expect(entries.map((e) => Number(e.ourNumber))).toEqual([bom.nosso_numero]);
    const depois = await t.db.select().from(boleto).where(inArray(boleto.id, [ruim.id, bom.id, semNumero.id])).orderBy(boleto.id);
    expect(depois.map((b) => [b.id, b.situacao])).toEqual([
      [ruim.id, 'DISPONÍVEL PARA PAGAMENTO'],
      [bom.id, 'ENVIADO PARA REGISTRO'],
      [semNumero.id, 'DISPONÍVEL PARA PAGAMENTO'],
    ]);
    expect(depois[2].nosso_numero).toBeNull();
    expect(await t.db.select().from(remessaItem).where(inArray(remessaItem.boleto_id, [ruim.id, semNumero.id]))).toEqual([]);

    // fixed by an Acerto de Atendimento, it goes in the next remessa
    const acerto = await post(t, `/api/boleto/update/${ruim.id}`, t.admin.token, { vencimento: addDays(todayInSaoPaulo(), 20), valor: 100 });
    expect(acerto.statusCode, acerto.body).toBe(200);
    const next = await gerarRemessa(t);
    expect(next.result).toMatchObject({ quantidade_entrada: 1, quantidade_fora: 1 });
    expect(next.result!.titulos_fora.map((f) => f.boleto_id)).toEqual([semNumero.id]);
    await t.db.execute(sql`update boleto set vencimento = ${addDays(todayInSaoPaulo(), 30)}::date where id = ${semNumero.id}`);
  });

  it('a title the writer refuses (payer without CEP) is given back: DISPONÍVEL again, no item, no history, the totals without it', async () => {
    const [ruim] = await releasedBoletos(t, [11100]);
    const [bom] = await releasedBoletos(t, [22200]);
    await semCep(ruim.id);
    const { job, result, remessa: r } = await gerarRemessa(t);
    expect(job.status, job.error).toBe('done');
    expect(result).toMatchObject({ quantidade_fora: 1, titulos_fora: [expect.objectContaining({ boleto_id: ruim.id, motivo: 'CEP do pagador inválido: "".' })] });
    expect(r.quantidade_entrada).toBe(result!.quantidade_entrada);
    const entries = await readFile(await download(t, r.link));
    expect(entries.map((e) => Number(e.ourNumber))).toContain(bom.nosso_numero);
    expect(entries.map((e) => Number(e.ourNumber))).not.toContain(ruim.nosso_numero);
    expect(entries.filter((e) => e.kind === 'entrada')).toHaveLength(r.quantidade_entrada);
    const [b] = await t.db.select().from(boleto).where(eq(boleto.id, ruim.id));
    expect(b.situacao).toBe('DISPONÍVEL PARA PAGAMENTO');
    expect(await historyCount(t.db, ruim.id, 'ENVIADO PARA REGISTRO')).toBe(0);
    expect(await t.db.select().from(remessaItem).where(eq(remessaItem.boleto_id, ruim.id))).toEqual([]);
  });

  it('when every title is left out, no remessa and no file number: the result lists them', async () => {
    const [ruim] = await releasedBoletos(t, [5000]);
    await t.db.execute(sql`update boleto set situacao = 'LIQUIDADO' where situacao = 'DISPONÍVEL PARA PAGAMENTO' and id <> ${ruim.id}`);
    await semCep(ruim.id);
    const antes = (await get(t, '/api/boleto/getRemessas?page=1')).json().total;
    const { job, result } = await gerarRemessa(t);
    expect(job.status, job.error).toBe('done');
    expect(result).toMatchObject({ remessa_id: null, quantidade_entrada: 0, quantidade_fora: 1, titulos_fora: [expect.objectContaining({ boleto_id: ruim.id })] });
    expect(result!.mensagem).toMatch(/Nenhum título para o banco\. 1 título\(s\) deixado\(s\) de fora/);
    expect((await get(t, '/api/boleto/getRemessas?page=1')).json().total).toBe(antes);
    const [b] = await t.db.select().from(boleto).where(eq(boleto.id, ruim.id));
    expect(b.situacao).toBe('DISPONÍVEL PARA PAGAMENTO');
  });

  it('an alteração to a date the bank cannot take (stored before the checks) stays pending and listed', async () => {
    const [b] = await releasedBoletos(t, [7700], ['remessa', 'confirmarEntrada']);
    await t.db.execute(sql`update boleto set vencimento = '9999-12-31' where id = ${b.id}`);
    await t.db.insert(boletoHistorico).values({ boleto_id: b.id, de: 'GARANTIDO', para: 'GARANTIDO', motivo: 'Acerto de atendimento', usuario_id: t.admin.id });
    const { job, result } = await gerarRemessa(t);
    expect(job.status, job.error).toBe('done');
    expect(result!.titulos_fora).toEqual(expect.arrayContaining([expect.objectContaining({ boleto_id: b.id, motivo: expect.stringMatching(/^Vencimento 31\/12\/9999/) })]));
    const [depois] = await t.db.select().from(boleto).where(eq(boleto.id, b.id));
    expect(depois.situacao).toBe('GARANTIDO');
    // still pending: the next remessa tries it again (and leaves it out again until it is fixed)
    const again = await gerarRemessa(t);
    expect(again.result!.titulos_fora.map((f) => f.boleto_id)).toContain(b.id);
  });
});
