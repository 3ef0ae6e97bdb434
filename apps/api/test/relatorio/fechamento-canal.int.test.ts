import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, type IsoDate } from '@bg/domain';
import { boleto, retornoItem } from '../../src/db/schema/index.js';
import { applyBankMovements, type BankMovement } from '../../src/modules/banco/apply-bank-movements.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { bankAnswer, createCnabTestApp, download, gerarRemessa, get, post, releasedBoletos, uploadRetorno, waitForRetorno, type CnabTestApp } from '../cnab/support.js';
import { pdfText } from '../financeiro/support.js';

/**
 * The payment channel in the Fechamento (issue 26): each boleto paid at the bank shows how the
 * customer paid — the channel the bank's API reported, stored on the applied liquidação — and the
 * summary adds "Recebido por canal". One shop, June 2025, by the bank's dates:
 * - CNAB: a retorno file liquidates one boleto (100,00 + 1,50 juros, credited 11/06): no channel, "—";
 * - API (`applyBankMovements`, the webhook's and the listing's path): two by Pix (200,00 + 1,50 and
 *   300,00) and one at a branch (400,00);
 * - one received by the shop (500,00, baixa of 20/06): no channel, outside the breakdown.
 */
let t: CnabTestApp;
let empresaId: number;
const ids: Record<'cnab' | 'pix1' | 'pix2' | 'agencia' | 'loja', number> = { cnab: 0, pix1: 0, pix2: 0, agencia: 0, loja: 0 };
const JUNHO: IsoDate = '2025-06-10';
const cents = (v: number) => Math.round(v * 100);

beforeAll(async () => {
  t = await createCnabTestApp();
  const boletos = await releasedBoletos(t, [10000, 20000, 30000, 40000, 50000]);
  empresaId = boletos[0].empresa_id;

  // the bank's retorno: every entrada confirmed (GARANTIDO), the first entry liquidated (with 1,50 of juros)
  const { remessa } = await gerarRemessa(t);
  const answer = await bankAnswer(await download(t, remessa.link), { liquidar: (i) => i === 0, occurrenceDate: JUNHO });
  const up = await uploadRetorno(t, 'RET-CANAL.ret', answer);
  expect(up.statusCode, up.body).toBe(200);
  const retornoId = up.json().data.id;
  await waitForRetorno(t.db, retornoId, (r) => r.status === 'PRONTO');
  expect((await post(t, `/api/retorno/aplicar/${retornoId}`)).statusCode).toBe(200);
  await waitForRetorno(t.db, retornoId, (r) => r.status === 'PROCESSADO');

  const rows = await t.db.select({ id: boleto.id, situacao: boleto.situacao, nosso_numero: boleto.nosso_numero }).from(boleto).where(inArray(boleto.id, boletos.map((b) => b.id))).orderBy(boleto.id);
  const [liquidado, ...garantidos] = [...rows.filter((b) => b.situacao === 'LIQUIDADO'), ...rows.filter((b) => b.situacao === 'GARANTIDO')];
  expect(garantidos).toHaveLength(4);
  ids.cnab = liquidado.id;
  [ids.pix1, ids.pix2, ids.agencia, ids.loja] = garantidos.map((b) => b.id);
  const valorDe = (id: number) => boletos.find((b) => b.id === id)!;

  // the bank's API reports three payments with their channel (what the BB webhook and listing carry)
  const pago = (id: number, canal: string, dia: number, jurosCents = 0): BankMovement => {
    const b = garantidos.find((g) => g.id === id)!;
    const valor = cents(Number(valorDe(id).valor));
    return {
      movimento: '06',
      descricao: 'Liquidação (API: teste)',
      sequencial: b.nosso_numero!,
      numeroBanco: String(b.nosso_numero),
      dataOcorrencia: addDays(JUNHO, dia),
      dataCredito: addDays(JUNHO, dia + 1),
      valorTituloCents: valor,
      valorPagoCents: valor + jurosCents,
      jurosCents,
      canal,
      idPagamento: `e2e-${id}`,
    };
  };
  await t.db.transaction((tx) =>
    applyBankMovements(tx, t.conta.id, [pago(ids.pix1, 'PIX', 2, 150), pago(ids.pix2, 'PIX', 3), pago(ids.agencia, 'AGENCIA', 4)], { id: null, ip: null }, addDays(JUNHO, 5)),
  );
  // the customer paid the shop: a baixa has no channel
  for (const action of ['baixar', 'confirmarBaixa'] as const) {
    await t.db.transaction((tx) => changeSituacao(tx, ids.loja, action, { id: t.admin.id, ip: null }, 'teste', {}, { data: '2025-06-20' }));
  }
});
afterAll(async () => t?.close());

const fechamento = async () => {
  const res = await get(t, `/api/relatorio/getFechamento?mes=6&ano=2025&empresa_id=${empresaId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('Fechamento: the payment channel', () => {
  it('stores the API channel on the applied liquidação and none on the CNAB line', async () => {
    const liquidacoes = await t.db
      .select({ boleto_id: retornoItem.boleto_id, canal: retornoItem.canal, resultado: retornoItem.resultado })
      .from(retornoItem)
      .where(and(inArray(retornoItem.boleto_id, [ids.cnab, ids.pix1, ids.agencia]), eq(retornoItem.movimento, '06')));
    const liquidacaoDe = (id: number) => liquidacoes.filter((l) => l.boleto_id === id).map(({ canal, resultado }) => ({ canal, resultado }));
    expect(liquidacaoDe(ids.pix1)).toEqual([{ canal: 'PIX', resultado: 'APLICADO' }]);
    expect(liquidacaoDe(ids.agencia)).toEqual([{ canal: 'AGENCIA', resultado: 'APLICADO' }]);
    expect(liquidacaoDe(ids.cnab)).toEqual([{ canal: null, resultado: 'APLICADO' }]);
  });

  it('gives each boleto paid at the bank its channel ("—" for the CNAB one), none to a baixa', async () => {
    const f = await fechamento();
    const byId = (id: number) => f.boletos.find((b: { id: number }) => b.id === id);
    expect(f.boletos).toHaveLength(5);
    expect(byId(ids.cnab)).toMatchObject({ situacao: 'LIQUIDADO', valor_pago: 101.5, canal: null, canal_nome: '—' });
    expect(byId(ids.pix1)).toMatchObject({ situacao: 'LIQUIDADO', valor_pago: 201.5, encargos: 1.5, canal: 'PIX', canal_nome: 'Pix' });
    expect(byId(ids.pix2)).toMatchObject({ situacao: 'LIQUIDADO', valor_pago: 300, canal: 'PIX', canal_nome: 'Pix' });
    expect(byId(ids.agencia)).toMatchObject({ situacao: 'LIQUIDADO', valor_pago: 400, canal: 'AGENCIA', canal_nome: 'Agência' });
    expect(byId(ids.loja)).toMatchObject({ situacao: 'BAIXADO', valor: 500, valor_pago: 0, canal: null, canal_nome: '—' });
  });

  it('sums "Recebido por canal" from the same rows, in centavos, up to Recebido Premium', async () => {
    const f = await fechamento();
    expect(f.recebido_por_canal).toEqual([
      { canal: 'PIX', nome: 'Pix', quantidade: 2, valor_pago: 501.5 },
      { canal: 'AGENCIA', nome: 'Agência', quantidade: 1, valor_pago: 400 },
      { canal: null, nome: '—', quantidade: 1, valor_pago: 101.5 },
    ]);
    expect(f.recebido_por_canal.reduce((s: number, c: { valor_pago: number }) => s + cents(c.valor_pago), 0)).toBe(cents(f.resumo.recebido_premium));
    expect(f.resumo).toMatchObject({ recebido_premium: 1003, recebido_estabelecimento: 500, total_boletos: 1500 });
  });

  it('shows the Canal column and the breakdown in the HTML and the PDF', async () => {
    const f = await fechamento();
    expect(f.html).toContain('<th>Forma</th><th>Canal</th><th>Data</th>');
    const row = (id: number) => {
      const b = f.boletos.find((x: { id: number }) => x.id === id);
      const cells = f.html.split('<tr>').find((tr: string) => tr.includes(`<td>${b.nome_razao}</td>`) && tr.includes(`<td>${String(b.parcela).padStart(2, '0')}</td>`));
      return cells as string;
    };
    expect(row(ids.pix1)).toContain('<td>Pago no banco</td><td>Pix</td>');
    expect(row(ids.agencia)).toContain('<td>Pago no banco</td><td>Agência</td>');
    expect(row(ids.cnab)).toContain('<td>Pago no banco</td><td>—</td>');
    expect(row(ids.loja)).toContain('<td>Recebido pela loja</td><td>—</td>');
    expect(f.html).toContain('<th colspan="8">Totais');
    expect(f.html).toContain('<h3>Recebido por canal</h3><table class="canais">');
    expect(f.html).toContain('<tr><td>Pix</td><td class="valor">2</td><td class="valor">R$ 501,50</td></tr>');
    expect(f.html).toContain('<tr><td>Agência</td><td class="valor">1</td><td class="valor">R$ 400,00</td></tr>');
    expect(f.html).toContain('<tr><td>—</td><td class="valor">1</td><td class="valor">R$ 101,50</td></tr>');
    expect(f.html).toContain('<th>Total (Recebido Premium)</th><td class="valor">4</td><td class="valor">R$ 1.003,00</td>');

    const pdf = await get(t, `/api/relatorio/getFechamentoPdf?mes=6&ano=2025&empresa_id=${empresaId}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Recebido por canal');
    expect(text).toMatch(/Pix\s+2\s+R\$ 501,50/);
    expect(text).toMatch(/Agência\s+1\s+R\$ 400,00/);
    expect(text).toMatch(/Total \(Recebido Premium\)\s+4\s+R\$ 1\.003,00/);
    expect(text).toContain('Forma/canal');
    for (const forma of ['Pix', 'Agência', 'Banco', 'Loja']) expect(text).toContain(forma);
  });

  it('an empresa with no bank payment in the month says so', async () => {
    const res = await get(t, `/api/relatorio/getFechamento?mes=5&ano=2025&empresa_id=${empresaId}`);
    expect(res.json().data.recebido_por_canal).toEqual([]);
    expect(res.json().data.html).toContain('Nenhum boleto pago no banco no mês.');
  });
});
