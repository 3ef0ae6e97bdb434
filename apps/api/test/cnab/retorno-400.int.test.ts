import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { cnabAccountFromConta, writeRetorno400 } from '@bg/domain';
import { boleto } from '../../src/db/schema/index.js';
import { boletoExtra } from '../../src/db/schema/boleto-extra.js';
import { createCnabTestApp, gerarRemessa, get, post, releasedBoletos, uploadRetorno, waitForRetorno, type CnabTestApp } from './support.js';

/**
 * An Itaú 341 CNAB 400 retorno through the API (decision 121): upload (checked as CNAB 400),
 * preview and apply → GARANTIDO and LIQUIDADO, valor pago, tarifa and líquido kept apart on the
 * retorno item and posted to the ledger. Gerar Remessa writes CNAB 240 only until remessas per
 * conta (issue 30, part 2), so the boletos are sent by the demo Caixa conta and the conta is then
 * turned into an Itaú one in this file's own database — the retorno is matched by its header
 * (bank 341 + conta) and each title by its nosso número, as a real Itaú conta's would be.
 */
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());

const ITAU = { banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109', nome: 'Boleto Garantido', cnpj: '11222333000181' };

describe('retorno CNAB 400 (Itaú 341)', () => {
  it('confirms the entradas and settles one: GARANTIDO, LIQUIDADO, pago/tarifa/líquido apart and in the ledger', async () => {
    const boletos = await releasedBoletos(t, [10000, 20000]);
    const { remessa } = await gerarRemessa(t);
    expect(remessa).toBeTruthy();
    const ids = boletos.map((b) => b.id);
    const extra = await t.db.select({ id: boletoExtra.id, conta: boletoExtra.conta_cobranca_id }).from(boletoExtra).where(inArray(boletoExtra.id, ids));
    const contaId = extra[0].conta;
    expect(contaId).toBeTruthy();
    await t.db.execute(sql`update conta_cobranca set banco = '341', agencia = '0810', conta = '53678', codigo_beneficiario = '53678', carteira = '109' where id = ${contaId}`);
    const numbered = await t.db.select({ id: boleto.id, nn: boleto.nosso_numero, vencimento: boleto.vencimento }).from(boleto).where(inArray(boleto.id, ids)).orderBy(boleto.parcela);

    const account = cnabAccountFromConta(ITAU);
    const title = (b: (typeof numbered)[number], amount: number) => ({ ourNumber: String(b.nn), documentNumber: String(b.id), dueDate: String(b.vencimento), amountCents: amount });
    const answer = writeRetorno400({
      account,
      fileNumber: 12,
      generatedAt: new Date(),
      titles: [
        { ...title(numbered[0], 10000), movement: '02', occurrenceDate: '2026-01-05' },
        { ...title(numbered[1], 20000), movement: '02', occurrenceDate: '2026-01-05' },
        { ...title(numbered[0], 10000), movement: '06', paidCents: 10150, interestCents: 150, feeCents: 210, occurrenceDate: '2026-01-20', creditDate: '2026-01-21', channel: 'B1' },
      ],
    });
    const up = await uploadRetorno(t, 'ITAU0012.RET', answer);
    expect(up.statusCode, up.body).toBe(200);
    const { id } = up.json().data;
    await waitForRetorno(t.db, id, (r) => r.status === 'PRONTO');
    const detail = (await get(t, `/api/retorno/getById/${id}`)).json().data;
    expect(detail).toMatchObject({ banco: '341', quantidade_titulos: 3 });
    expect(detail.previa).toMatchObject({ conta_encontrada: true, entrada: { quantidade: 2, valor: 300 }, liquidacao: { quantidade: 1, valor: 101.5 }, nao_encontrado: { quantidade: 0 } });

    const res = await post(t, `/api/retorno/aplicar/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    await waitForRetorno(t.db, id, (r) => r.status === 'PROCESSADO');
    const after = await t.db.select({ situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, ids)).orderBy(boleto.parcela);
    expect(after.map((b) => b.situacao)).toEqual(['LIQUIDADO', 'GARANTIDO']);

    const itens = (await get(t, `/api/retorno/getItens/${id}?per_page=100`)).json();
    const liq = itens.data.find((i: { movimento: string }) => i.movimento === '06');
    expect(liq).toMatchObject({ resultado: 'APLICADO', situacao_para: 'LIQUIDADO', valor_titulo: 100, valor_pago: 101.5, valor_juros: 1.5, valor_tarifa: 2.1 });
    const stored = (await t.db.execute(sql`select valor_pago::text, valor_tarifa::text, valor_liquido::text from retorno_item where retorno_id = ${id} and movimento = '06'`)) as { rows: Record<string, string>[] };
    expect(stored.rows).toEqual([{ valor_pago: '101.50', valor_tarifa: '2.10', valor_liquido: '99.40' }]);

    // the ledger: the liquidação's transaction carries the amount paid and the fee as separate entries
    const entries = (await t.db.execute(sql`
      select e.side, e.amount_cents::int as cents, a.code
        from ledger_transaction x join ledger_entry e on e.transaction_id = x.id join ledger_account a on a.id = e.account_id
       where x.boleto_id = ${numbered[0].id} order by e.id`)) as { rows: { side: string; cents: number; code: string }[] };
    const amounts = entries.rows.map((r) => r.cents);
    expect(amounts).toContain(10150);
    expect(amounts).toContain(210);
  });
});
