import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  bancosDeCobranca,
  cnabAccountFromConta,
  readRemessa240,
  readRemessa400,
  todayInSaoPaulo,
  writeRetorno240,
  writeRetorno400,
  type ContaCobrancaForm,
  type RemessaEntryRead,
  type RemessaJobResult,
  type RetornoTitleInput,
} from '@bg/domain';
import { boleto } from '../../src/db/schema/index.js';
import { boletoExtra, boletoX } from '../../src/db/schema/boleto-extra.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { issueBoletosOnRelease } from '../../src/modules/boletos/issue-boletos-on-release.js';
import { createCnabTestApp, download, get, loginWith, post, uploadRetorno, waitForJob, waitForRetorno, type CnabTestApp } from '../cnab/support.js';

/**
 * Several contas de cobrança (issue 30, decision 126), through the API as the screens use it: a
 * Caixa 104 conta by CNAB 240 (the house default, the demo conta) and an Itaú 341 conta by CNAB 400;
 * two shops, one with Itaú as its own conta; release numbers each shop's boletos in its conta; one
 * Gerar Remessa makes one file per conta in its layout; each bank's retorno is matched to its conta
 * by the header and settles its boletos (GARANTIDO, LIQUIDADO, pago/tarifa/líquido in the ledger).
 * Then a money loop over every bank the engine's registries offer.
 */
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());

const BENEFICIARIO = { nome: 'Boleto Garantido Serviços Financeiros Ltda', cnpj: '11222333000181', cep: '01310100', endereco: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', pix_chave: '' };

/**
 * A conta of each bank the registries may offer, with account data its boleto profile accepts (the
 * values of the banks' own tests). A bank registered without a line here fails the money loop below
 * on purpose: every bank offered to an administrador must have gone round the loop once.
 */
const CONTAS_DE_EXEMPLO: Record<string, ContaCobrancaForm> = {
  '104': { ...BENEFICIARIO, banco: '104', agencia: '4321', conta: '', codigo_beneficiario: '654321', carteira: 'RG' },
  '001': { ...BENEFICIARIO, banco: '001', agencia: '4042', conta: '', codigo_beneficiario: '1238798', carteira: '17' },
  '341': { ...BENEFICIARIO, banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109' },
  // the accounts of the other parts' tests and benches (Bradesco: apps/api/bench; Santander, Sicoob,
  // Sicredi: boleto/campo-livre/*.test.ts)
  '237': { ...BENEFICIARIO, banco: '237', agencia: '4042-8', conta: '0061900-0', codigo_beneficiario: '4540691', carteira: '09' },
  '033': { ...BENEFICIARIO, banco: '033', agencia: '3333', conta: '013000123-4', codigo_beneficiario: '1899775', carteira: '101' },
  '756': { ...BENEFICIARIO, banco: '756', agencia: '4327', conta: '229385', codigo_beneficiario: '229385', carteira: '1/01' },
  '748': { ...BENEFICIARIO, banco: '748', agencia: '0710.65', conta: '00129', codigo_beneficiario: '00129', carteira: '1' },
};

type Conta = { id: number; banco: string; agencia: string; conta: string | null; codigo_beneficiario: string; carteira: string; nome: string; cnpj: string; layout_cnab: 240 | 400; padrao: boolean; ativa: boolean };

async function criarConta(form: ContaCobrancaForm): Promise<Conta> {
  const res = await post(t, '/api/contaCobranca/create', t.admin.token, form);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Conta;
}

/** A released guarantee of the shop; answers its boletos with the conta that numbered them. */
async function liberar(empresaId: number, parcelas: number[]) {
  const user = await createUsuario(t.db, { nivel: '1', empresa_id: empresaId });
  const pessoa = await createPessoa(t.db);
  const g = await createGarantia(t.db, { empresa_id: empresaId, usuario_id: user.id, pessoa_id: pessoa.id, status: 'APROVADO', libera_boleto: 'S', parcelas });
  await issueBoletosOnRelease(t.db, g.garantia.id, { id: t.admin.id, ip: null });
  return t.db
    .select({ id: boleto.id, nn: boleto.nosso_numero, valor: boleto.valor, situacao: boleto.situacao, conta: boletoX.conta_cobranca_id })
    .from(boleto)
    .innerJoin(boletoX, eq(boletoX.id, boleto.id))
    .where(eq(boleto.garantia_id, g.garantia.id))
    .orderBy(boleto.parcela);
}

async function gerar(contaId?: number) {
  const res = await post(t, `/api/boleto/gerarRemessa${contaId ? `?conta_cobranca_id=${contaId}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const job = await waitForJob(t, res.json().data.job_id);
  expect(job.status, JSON.stringify(job)).toBe('done');
  return job.result as RemessaJobResult;
}

/** The stored remessa file of a generation, through the list's signed link. */
async function arquivo(remessaId: number): Promise<Buffer> {
  const list = (await get(t, '/api/boleto/getRemessas?per_page=100')).json().data as { id: number; link: string; conta_cobranca_id?: number }[];
  const row = list.find((r) => r.id === remessaId);
  expect(row, `remessa ${remessaId} na lista`).toBeTruthy();
  return download(t, (row as { link: string }).link);
}

async function lerRemessa(layout: 240 | 400, bytes: Buffer): Promise<RemessaEntryRead[]> {
  const out: RemessaEntryRead[] = [];
  for await (const e of layout === 240 ? readRemessa240([bytes]) : readRemessa400([bytes])) out.push(e);
  return out;
}

/** The bank's answer, written from its layout: 02 for every entrada, 06 (paid + R$ 1,50 juros, R$ 2,50 tarifa) for the first. */
function respostaDoBanco(conta: Conta, entradas: RemessaEntryRead[]): Buffer {
  const today = todayInSaoPaulo();
  const titles: RetornoTitleInput[] = [];
  entradas.forEach((e, i) => {
    const base = { ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate ?? today, amountCents: e.amountCents, occurrenceDate: today };
    titles.push({ ...base, movement: '02' });
    if (i === 0) titles.push({ ...base, movement: '06', paidCents: e.amountCents + 150, interestCents: 150, feeCents: 250, creditDate: addDays(today, 1) });
  });
  const input = { account: cnabAccountFromConta(conta), fileNumber: 7, generatedAt: new Date(), titles };
  return conta.layout_cnab === 240 ? writeRetorno240(input) : writeRetorno400(input);
}

/** Upload → preview (which conta) → apply; answers the preview. */
async function aplicarRetorno(nome: string, bytes: Buffer) {
  const up = await uploadRetorno(t, nome, bytes);
  expect(up.statusCode, up.body).toBe(200);
  const { id } = up.json().data;
  await waitForRetorno(t.db, id, (r) => r.status === 'PRONTO');
  const previa = (await get(t, `/api/retorno/getById/${id}`)).json().data.previa;
  const res = await post(t, `/api/retorno/aplicar/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  await waitForRetorno(t.db, id, (r) => r.status === 'PROCESSADO');
  return { id, previa };
}

async function dinheiroDoRetorno(retornoId: number) {
  const res = (await t.db.execute(sql`select valor_pago::text as pago, valor_tarifa::text as tarifa, valor_liquido::text as liquido from retorno_item where retorno_id = ${retornoId} and situacao_para = 'LIQUIDADO'`)) as {
    rows: { pago: string; tarifa: string; liquido: string }[];
  };
  return res.rows;
}

async function lancamentos(boletoId: number): Promise<number[]> {
  const res = (await t.db.execute(sql`
    select e.amount_cents::int as cents from ledger_transaction x join ledger_entry e on e.transaction_id = x.id where x.boleto_id = ${boletoId} order by e.id`)) as { rows: { cents: number }[] };
  return res.rows.map((r) => r.cents);
}

describe('várias contas de cobrança', () => {
  let caixa: Conta;
  let itau: Conta;
  let lojaItau: number;
  let lojaCasa: number;

  it('lists the banks from the engine registries and keeps the demo conta as the house default', async () => {
    const bancos = (await get(t, '/api/contaCobranca/bancos')).json().data;
    expect(bancos).toEqual(bancosDeCobranca());
    expect(bancos).toContainEqual(expect.objectContaining({ codigo: '341', layouts: [400] }));
    const list = (await get(t, '/api/contaCobranca/list')).json().data as Conta[];
    expect(list).toHaveLength(1);
    caixa = list[0];
    expect(caixa).toMatchObject({ banco: '104', padrao: true, ativa: true, layout_cnab: 240 });
  });

  it('creates an Itaú conta (CNAB 400, not the default) and gives one shop its own conta', async () => {
    itau = await criarConta(CONTAS_DE_EXEMPLO['341']);
    expect(itau).toMatchObject({ banco: '341', layout_cnab: 400, padrao: false, ativa: true });
    // a layout the bank does not write is refused on its field, in Portuguese
    const bad = await post(t, '/api/contaCobranca/create', t.admin.token, { ...CONTAS_DE_EXEMPLO['341'], layout_cnab: 240 });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Este banco gera remessas em CNAB 400.');
    lojaItau = (await createEmpresa(t.db)).id;
    lojaCasa = (await createEmpresa(t.db)).id;
    const res = await post(t, `/api/contaCobranca/empresa/${lojaItau}`, t.admin.token, { conta_cobranca_id: itau.id });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await get(t, '/api/contaCobranca/list')).json().data as (Conta & { empresas: { id: number }[] })[];
    expect(list.find((c) => c.id === itau.id)?.empresas.map((e) => e.id)).toEqual([lojaItau]);
  });

  it('numbers each shop’s boletos in its conta, makes one file per conta in its layout, and settles each by its own retorno', async () => {
    const deItau = await liberar(lojaItau, [10000, 20000]);
    const daCasa = await liberar(lojaCasa, [30000]);
    expect(deItau.map((b) => b.conta)).toEqual([itau.id, itau.id]);
    expect(daCasa.map((b) => b.conta)).toEqual([caixa.id]);

    const result = await gerar();
    expect(result.remessas.map((r) => [r.conta_cobranca_id, r.layout_cnab])).toEqual([
      [caixa.id, 240],
      [itau.id, 400],
    ]);
    expect(result.quantidade_entrada).toBe(3);
    for (const r of result.remessas) expect(r.remessa_id, r.mensagem).toBeTruthy();
    // each file holds only its conta's titles, in its layout; the file numbers are per conta
    const [r240, r400] = result.remessas;
    const entradas240 = await lerRemessa(240, await arquivo(r240.remessa_id as number));
    const entradas400 = await lerRemessa(400, await arquivo(r400.remessa_id as number));
    expect(entradas240.map((e) => [e.bank, Number(e.ourNumber), e.amountCents])).toEqual([['104', Number(daCasa[0].nn), 30000]]);
    expect(entradas400.map((e) => [e.bank, Number(e.ourNumber), e.amountCents])).toEqual(deItau.map((b) => ['341', Number(b.nn), Math.round(Number(b.valor) * 100)]));
    expect(r400.numero_arquivo).toBe(1);

    // nothing left: both contas' boletos went
    expect((await post(t, '/api/boleto/gerarRemessa')).statusCode).toBe(409);

    const rc = await aplicarRetorno('CAIXA.RET', respostaDoBanco(caixa, entradas240));
    expect(rc.previa).toMatchObject({ conta_encontrada: true, entrada: { quantidade: 1 }, liquidacao: { quantidade: 1 } });
    expect(rc.previa.conta_descricao).toContain(`conta nº ${caixa.id}`);
    const ri = await aplicarRetorno('ITAU.RET', respostaDoBanco(itau, entradas400));
    expect(ri.previa).toMatchObject({ conta_encontrada: true, entrada: { quantidade: 2 }, liquidacao: { quantidade: 1 }, nao_encontrado: { quantidade: 0 } });
    expect(ri.previa.conta_descricao).toContain(`conta nº ${itau.id}`);

    const ids = [...deItau, ...daCasa].map((b) => b.id);
    const after = await t.db.select({ id: boleto.id, situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, ids)).orderBy(boleto.id);
    expect(Object.fromEntries(after.map((b) => [b.id, b.situacao]))).toEqual({ [deItau[0].id]: 'LIQUIDADO', [deItau[1].id]: 'GARANTIDO', [daCasa[0].id]: 'LIQUIDADO' });
    expect(await dinheiroDoRetorno(ri.id)).toEqual([{ pago: '101.50', tarifa: '2.50', liquido: '99.00' }]);
    expect(await dinheiroDoRetorno(rc.id)).toEqual([{ pago: '301.50', tarifa: '2.50', liquido: '299.00' }]);
    expect(await lancamentos(deItau[0].id)).toEqual(expect.arrayContaining([10150, 250]));
    expect(await lancamentos(daCasa[0].id)).toEqual(expect.arrayContaining([30150, 250]));
  });

  it('Gerar Remessa for one conta writes that conta only', async () => {
    const deItau = await liberar(lojaItau, [5000]);
    await liberar(lojaCasa, [6000]);
    const result = await gerar(itau.id);
    expect(result.remessa_id).toBeTruthy();
    const entradas = await lerRemessa(400, await arquivo(result.remessa_id as number));
    expect(entradas.map((e) => Number(e.ourNumber))).toEqual([Number(deItau[0].nn)]);
    expect(result.numero_arquivo).toBe(2);
    const rest = await gerar(caixa.id);
    expect(rest.quantidade_entrada).toBe(1);
  });

  it('moves the house default, refuses to deactivate it, and sends a deactivated conta’s shops back to the default', async () => {
    expect((await post(t, `/api/contaCobranca/desativar/${caixa.id}`)).json().msg).toBe('Esta é a conta padrão da casa: escolha outra conta padrão antes de desativá-la.');
    const padrao = await post(t, `/api/contaCobranca/padrao/${itau.id}`);
    expect(padrao.statusCode, padrao.body).toBe(200);
    expect((await get(t, '/api/contaCobranca/get')).json().data).toMatchObject({ id: itau.id, padrao: true });
    // the shop without a conta of its own now numbers in Itaú
    expect((await liberar(lojaCasa, [7000])).map((b) => b.conta)).toEqual([itau.id]);
    await post(t, `/api/contaCobranca/empresa/${lojaCasa}`, t.admin.token, { conta_cobranca_id: caixa.id });
    expect((await liberar(lojaCasa, [7000])).map((b) => b.conta)).toEqual([caixa.id]);
    const off = await post(t, `/api/contaCobranca/desativar/${caixa.id}`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ ativa: false, padrao: false });
    // its boletos keep it; the shop falls back to the house default (Itaú)
    expect((await t.db.select({ c: boletoExtra.conta_cobranca_id }).from(boletoExtra).where(eq(boletoExtra.conta_cobranca_id, caixa.id))).length).toBeGreaterThan(0);
    expect((await liberar(lojaCasa, [7000])).map((b) => b.conta)).toEqual([itau.id]);
    // a deactivated conta is neither a default nor a shop's conta
    expect((await post(t, `/api/contaCobranca/padrao/${caixa.id}`)).statusCode).toBe(409);
    expect((await post(t, `/api/contaCobranca/empresa/${lojaCasa}`, t.admin.token, { conta_cobranca_id: caixa.id })).statusCode).toBe(409);
    expect((await post(t, `/api/contaCobranca/reativar/${caixa.id}`)).json().data).toMatchObject({ ativa: true, padrao: false });
    const back = await post(t, `/api/contaCobranca/padrao/${caixa.id}`);
    expect(back.statusCode, back.body).toBe(200);
  });

  it('only administradores manage contas', async () => {
    const emp = await createEmpresa(t.db);
    const user = await createUsuario(t.db, { nivel: '1', empresa_id: emp.id });
    const token = await loginWith(t.app, user.login, user.password);
    for (const [method, url, body] of [
      ['GET', '/api/contaCobranca/list'],
      ['GET', '/api/contaCobranca/bancos'],
      ['POST', '/api/contaCobranca/create', CONTAS_DE_EXEMPLO['001']],
      ['POST', `/api/contaCobranca/padrao/${itau.id}`],
      ['POST', `/api/contaCobranca/desativar/${itau.id}`],
      ['POST', `/api/contaCobranca/empresa/${emp.id}`, { conta_cobranca_id: itau.id }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('money loop per bank offered by the registries', () => {
  const bancos = bancosDeCobranca().filter((b) => b.layouts.length > 0);
  it.each(bancos.flatMap((b) => b.layouts.map((layout) => [b.codigo, layout] as const)))('banco %s, CNAB %s: remessa → retorno → GARANTIDO e LIQUIDADO', async (banco, layout) => {
    const exemplo = CONTAS_DE_EXEMPLO[banco];
    expect(exemplo, `falta uma conta de exemplo do banco ${banco} em CONTAS_DE_EXEMPLO`).toBeTruthy();
    const conta = await criarConta({ ...exemplo, layout_cnab: layout });
    const loja = (await createEmpresa(t.db)).id;
    await post(t, `/api/contaCobranca/empresa/${loja}`, t.admin.token, { conta_cobranca_id: conta.id });
    const boletos = await liberar(loja, [12345, 6789]);
    expect(boletos.map((b) => b.conta)).toEqual([conta.id, conta.id]);
    const result = await gerar(conta.id);
    const entradas = await lerRemessa(layout, await arquivo(result.remessa_id as number));
    expect(entradas.map((e) => [e.bank, Number(e.ourNumber)])).toEqual(boletos.map((b) => [banco, Number(b.nn)]));
    const { id, previa } = await aplicarRetorno(`B${banco}-${layout}.RET`, respostaDoBanco(conta, entradas));
    expect(previa.conta_descricao).toContain(`conta nº ${conta.id}`);
    const after = await t.db.select({ situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, boletos.map((b) => b.id))).orderBy(boleto.parcela);
    expect(after.map((b) => b.situacao)).toEqual(['LIQUIDADO', 'GARANTIDO']);
    expect(await dinheiroDoRetorno(id)).toEqual([{ pago: '124.95', tarifa: '2.50', liquido: '122.45' }]);
    expect(await lancamentos(boletos[0].id)).toEqual(expect.arrayContaining([12495, 250]));
  });
});
