import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '@bg/domain';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { postAntecipacaoAprovada } from '../../src/modules/ledger/post-antecipacao.js';
import { postConsulta } from '../../src/modules/ledger/post-servicos.js';
import { openTestDatabase, type TestDatabase } from '../test-database.js';
import { balanceOf, ledgerFailures, ledgerSnapshot, rowsOf, runBackfill } from './backfill-support.js';

/**
 * A database from before the ledger: boletos, their history, an approved advance, an acordo with
 * paid instalments, a retorno's lines and consultas, written straight into the business tables
 * (as the code before decision 109 left them) while the ledger is empty. The backfill migration
 * (0133) posts what the live code would have, the balances are the hand-computed ones, every
 * invariant holds, and the live code then posts nothing twice.
 */
describe('ledger backfill of a database from before the ledger', () => {
  let t: TestDatabase;
  let ids: { e: number; p: number; b: number[]; antecipacao: number; parcelas: number[]; consultas: number[]; item: number; entrada: number; admin: number };
  const today = todayInSaoPaulo();
  const ts = (day: string, hour = 12) => `${day}T${String(hour).padStart(2, '0')}:00:00-03:00`;
  const d1 = addDays(today, -40);
  const d2 = addDays(today, -30);
  const d3 = addDays(today, -20);
  const d4 = addDays(today, -10);

  beforeAll(async () => {
    t = await openTestDatabase();
    const db = t.database.db;
    const run = (q: ReturnType<typeof sql>) => db.execute(q);
    const e = await createEmpresa(db, { valor_consulta: '3.50', antecipa: 'S' });
    const loja = await createUsuario(db, { nivel: '1', empresa_id: e.id });
    const admin = await createUsuario(db, { nivel: '2', empresa_id: null });
    // b1 100,00 paid at the bank by a retorno line; b2 200,00 and b5 500,00 advanced, then b2 LIQUIDADO with no
    // retorno line and b5 received by the shop; b3 300,00 quitado; b4 400,00 in an acordo of two paid instalments
    const g = await createGarantia(db, { empresa_id: e.id, usuario_id: loja.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas: [10000, 20000, 30000, 40000, 50000], primeiroVencimento: addDays(today, -60) });
    const [b1, b2, b3, b4, b5] = g.boletos.map((b) => b.id);
    const p = g.garantia.pessoa_id;
    const hist = (boleto: number, de: string, para: string, day: string, hour = 12) =>
      run(sql`insert into boleto_historico (boleto_id, de, para, motivo, usuario_id, created_at) values (${boleto}, ${de}, ${para}, 'antes do razão', ${admin.id}, ${ts(day, hour)})`);
    const situacao = (boleto: number, s: string) => run(sql`update boleto set situacao = ${s} where id = ${boleto}`);

    // the advance: 700,00 of boletos, prorata 20,00, taxa 14,00, taxa básica 6,00 → 660,00 paid to the shop on d1
    const [a] = await rowsOf<{ id: number }>(
      t.database,
      sql`insert into antecipacao (empresa_id, usuario_id, data_simulacao, taxa_prorrata, taxa_antecipacao, qtd_boletos, total_boletos, total_prorata, total_taxa_antecipacao, taxa_basica, total_antecipacao, situacao, decidido_por, decidido_em)
          values (${e.id}, ${loja.id}, ${d1}, 1, 2, 2, 700, 20, 14, 6, 660, 'APROVADA', ${admin.id}, ${ts(d1)}) returning id`,
    );
    for (const [b, valor] of [[b2, 200], [b5, 500]]) {
      await run(sql`insert into antecipacao_boleto (antecipacao_id, boleto_id, valor, vencimento, qtd_dias, prorata) values (${a.id}, ${b}, ${valor}, ${today}, 30, 10)`);
    }

    // a retorno: b1's liquidação (paid 103,50: 3,50 of encargos; tarifa 2,00; credited on d3) and an entrada with a fee of 1,50
    const fileId = '00000000-0000-4000-8000-000000000133';
    await run(sql`insert into stored_file (id, storage_key, original_name, content_type, size_bytes, sha256) values (${fileId}, 'retornos/antes.ret', 'antes.ret', 'text/plain', 480, ${'a'.repeat(64)})`);
    const [r] = await rowsOf<{ id: number }>(t.database, sql`insert into retorno (arquivo, file_id, sha256, tamanho_bytes, status) values ('antes.ret', ${fileId}, ${'a'.repeat(64)}, 480, 'PROCESSADO') returning id`);
    const item = async (linha: number, boleto: number, movimento: string, categoria: string, para: string | null, pago: number, tarifa: number, credito: string | null, ocorrencia: string) => {
      const [row] = await rowsOf<{ id: number }>(
        t.database,
        sql`insert into retorno_item (retorno_id, linha, boleto_id, nosso_numero, movimento, movimento_descricao, categoria, resultado, situacao_de, situacao_para, data_ocorrencia, data_credito, valor_titulo, valor_pago, valor_tarifa, created_at)
            values (${r.id}, ${linha}, ${boleto}, ${String(linha)}, ${movimento}, 'movimento', ${categoria}, 'APLICADO', 'GARANTIDO', ${para}, ${ocorrencia}, ${credito}, 100, ${pago}, ${tarifa}, ${ts(d3, 15)}) returning id`,
      );
      return Number(row.id);
    };
    const entrada = await item(1, b1, '02', 'entrada', null, 0, 1.5, null, d2);
    const liquidacao = await item(3, b1, '06', 'liquidacao', 'LIQUIDADO', 103.5, 2, d3, addDays(d3, -1));
    await situacao(b1, 'LIQUIDADO');
    await hist(b1, 'GARANTIDO', 'LIQUIDADO', d3, 15);

    await situacao(b2, 'LIQUIDADO');
    await hist(b2, 'GARANTIDO', 'LIQUIDADO', d2);
    await situacao(b3, 'QUITADO');
    await hist(b3, 'GARANTIDO', 'QUITADO', d2);
    await situacao(b5, 'ENVIADO PARA BAIXA');
    await hist(b5, 'GARANTIDO', 'ENVIADO PARA BAIXA', d3);

    // the acordo over b4: 250,00 paid on d3 and 250,00 on d4 → 400,00 to the shop, 100,00 the acordo's revenue
    const [ac] = await rowsOf<{ id: number }>(
      t.database,
      sql`insert into acordo (pessoa_id, descricao, valor, valor_sem_juros, multa, juros, taxa, valor_atualizado, valor_entrada, numero_parcelas, ultimo_vencimento, data_simulacao, user_id, status, ativado_em, quitado_em, created_at)
          values (${p}, 'Acordo antes do razão', 500, 400, 8, 42, 50, 500, 250, 2, ${d4}, ${d2}, ${admin.id}, 'QUITADO', ${ts(d3)}, ${ts(d4)}, ${ts(d2)}) returning id`,
    );
    await run(sql`insert into acordo_boleto (acordo_id, boleto_id, valor, vencimento, dias_atraso, situacao_anterior) values (${ac.id}, ${b4}, 400, ${addDays(today, -30)}, 0, 'GARANTIDO')`);
    await situacao(b4, 'ENVIADO PARA REMOÇÃO');
    await hist(b4, 'GARANTIDO', 'ENVIADO PARA REMOÇÃO', d2);
    const parcelas: number[] = [];
    for (const [n, day] of [[1, d3], [2, d4]] as const) {
      const [row] = await rowsOf<{ id: number }>(
        t.database,
        sql`insert into acordo_parcela (acordo_id, parcela, vencimento, valor, situacao, pago_em, pago_por) values (${ac.id}, ${n}, ${day}, 250, 'Paga', ${ts(day, 10)}, ${admin.id}) returning id`,
      );
      parcelas.push(row.id);
    }

    // two consultas at the shop's valor_consulta (3,50)
    const consultas: number[] = [];
    for (const day of [d1, d4]) {
      const [c] = await rowsOf<{ id: number }>(t.database, sql`insert into consulta_documento (cpf_cnpj, usuario_id, empresa_id, motivo, status, created_at) values ('52998224725', ${loja.id}, ${e.id}, 'solicitacao_garantia', 200, ${ts(day, 9)}) returning id`);
      consultas.push(c.id);
    }
    expect((await ledgerSnapshot(t.database)).size).toBe(0);
    ids = { e: e.id, p, b: [b1, b2, b3, b4, b5], antecipacao: a.id, parcelas, consultas, item: liquidacao, entrada, admin: admin.id };

    await runBackfill(t.database);
  }, 120_000);
  afterAll(() => t?.drop());

  it('posts each past event under the live code’s key, dated by the business date', async () => {
    const rows = await rowsOf<{ key: string; kind: string; occurred_on: string }>(t.database, sql`select idempotency_key as key, kind, occurred_on::text from ledger_transaction order by key`);
    const [, b2, b3, , b5] = ids.b;
    expect(rows).toEqual(
      [
        { key: `acordo-parcela:${ids.parcelas[0]}`, kind: 'acordo_pagamento', occurred_on: d3 },
        { key: `acordo-parcela:${ids.parcelas[1]}`, kind: 'acordo_pagamento', occurred_on: d4 },
        { key: `antecipacao-aprovada:${ids.antecipacao}`, kind: 'antecipacao', occurred_on: d1 },
        { key: `consulta:${ids.consultas[0]}`, kind: 'consulta', occurred_on: d1 },
        { key: `consulta:${ids.consultas[1]}`, kind: 'consulta', occurred_on: d4 },
        { key: `liquidacao:${b2}`, kind: 'liquidacao', occurred_on: d2 },
        { key: `quitar:${b3}`, kind: 'honra', occurred_on: d2 },
        { key: `recebido-loja:${b5}`, kind: 'recebido_loja', occurred_on: d3 },
        { key: `retorno-item:${ids.entrada}`, kind: 'tarifa', occurred_on: d2 },
        { key: `retorno-item:${ids.item}`, kind: 'liquidacao', occurred_on: d3 },
      ].sort((x, y) => (x.key < y.key ? -1 : 1)),
    );
  });

  it('gives the hand-computed balances, and every invariant holds', async () => {
    const e = ids.e;
    // bank: +103,50 −2,00 (b1) +200,00 (b2 at face value) −660,00 (advance) +500,00 (acordo) −1,50 (entrada's fee)
    expect(await balanceOf(t.database, 'banco')).toBe(14000);
    // owed to the shop: b1's 100,00, b3's 300,00 paid by the guarantee, b4's 400,00 collected by the acordo
    expect(await balanceOf(t.database, `loja_a_pagar:e${e}`)).toBe(80000);
    // the advance: 700,00 recovered by b2's payment (200,00) and taken back by the shop's Receber of b5 (500,00)
    expect(await balanceOf(t.database, `antecipacao_a_recuperar:e${e}`)).toBe(0);
    expect(await balanceOf(t.database, `loja_a_receber:e${e}`)).toBe(50000 + 700);
    expect(await balanceOf(t.database, `devedor_a_recuperar:p${ids.p}`)).toBe(30000);
    expect(await balanceOf(t.database, `receita_encargos:e${e}`)).toBe(350);
    expect(await balanceOf(t.database, `despesa_tarifa:e${e}`)).toBe(350);
    expect(await balanceOf(t.database, 'receita_acordo')).toBe(10000);
    expect(await balanceOf(t.database, `receita_consulta:e${e}`)).toBe(700);
    expect(await balanceOf(t.database, `memo_recebido_loja:e${e}`)).toBe(50000);
    expect(await balanceOf(t.database, `cobranca_liquidada:e${e}`)).toBe(0);
    expect(await ledgerFailures(t.database)).toEqual([]);
  });

  it('the live code posts nothing twice: the same causes answer the backfilled transactions, and it goes on from the backfilled positions', async () => {
    const db = t.database.db;
    const before = await ledgerSnapshot(t.database);
    // position-free causes: the live drafts are the backfilled ones, hash included
    expect(await postAntecipacaoAprovada(db, ids.antecipacao, ids.admin, addDays(today, -40))).toMatchObject({ created: false });
    expect(await postConsulta(db, { consultaId: ids.consultas[0], empresaId: ids.e, createdAt: new Date(ts(d1, 9)) })).toMatchObject({ created: false });
    // the migration again posts nothing
    await runBackfill(t.database);
    expect(Object.fromEntries(await ledgerSnapshot(t.database))).toEqual(Object.fromEntries(before));
    // the quitado b3 paid at the bank now: the live liquidação reads the backfilled honra and recovers the debtor's debt
    await db.transaction((tx) => changeSituacao(tx, ids.b[2], 'liquidar', { id: ids.admin, ip: null }, 'pago depois do razão'));
    expect(await balanceOf(t.database, `devedor_a_recuperar:p${ids.p}`)).toBe(0);
    expect(await balanceOf(t.database, `loja_a_pagar:e${ids.e}`)).toBe(80000);
    expect(await ledgerFailures(t.database)).toEqual([]);
  });
});
