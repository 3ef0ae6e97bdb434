import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { addDays, cnabAccountFromConta, todayInSaoPaulo, writeRetorno240, type RetornoTitleInput } from '@bg/domain';
import type { Database } from '../../src/db/client.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import type { JobRun } from '../../src/jobs/index.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import { applyRetorno, applyRetornoHooks, type ApplyCheckpoint } from '../../src/modules/cnab/apply-retorno.js';
import { insertContaCobranca } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { activeContaCobranca } from '../../src/modules/conta-cobranca/active-conta-cobranca.js';
import { DEMO_CONTA } from '../../src/seed/seed-boletos.js';
import { openTestDatabase, type TestDatabase } from '../test-database.js';
import { tempStorage } from '../temp-storage.js';

/**
 * A batch whose titles name different boletos is applied in a few statements, its money posted at
 * once (apply-batch-bulk.ts). The same retorno applied title by title (the path taken when a
 * boleto repeats in a batch) must leave exactly the same rows: retorno lines, situações, history,
 * audit records and ledger transactions (keys and content hashes).
 */
const rowsOf = async <T = Record<string, unknown>>(database: Database, q: ReturnType<typeof sql>): Promise<T[]> => ((await database.db.execute(q)) as { rows: T[] }).rows;

async function scenario(titleByTitle: boolean) {
  const t: TestDatabase = await openTestDatabase();
  const files = tempStorage('bg-retorno-bulk-');
  const db = t.database.db;
  const conta = (await activeContaCobranca(db)) ?? (await insertContaCobranca(db, DEMO_CONTA, 'SEED', null));
  const e = await createEmpresa(db);
  const loja = await createUsuario(db, { nivel: '1', empresa_id: e.id });
  const admin = await createUsuario(db, { nivel: '2', empresa_id: null });
  const today = todayInSaoPaulo();
  const g = await createGarantia(db, { empresa_id: e.id, usuario_id: loja.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas: [10000, 20000, 30000, 40000, 50000, 60000, 70000], primeiroVencimento: addDays(today, -40) });
  const ids = g.boletos.map((b) => b.id);
  for (const [i, id] of ids.entries()) await db.execute(sql`update boleto set nosso_numero = ${7000 + i}, conta_cobranca_id = ${conta.id} where id = ${id}`);
  const actor = { id: admin.id, ip: null };
  // b4 quitado by the guarantor (the bank's payment recovers the debtor's debt); b7 already LIQUIDADO
  await db.transaction((tx) => changeSituacao(tx, ids[3], 'quitar', actor, 'teste'));
  await db.transaction((tx) => changeSituacao(tx, ids[6], 'liquidar', actor, 'teste'));

  const pay = (i: number, paid: number, fee: number, movement = '06'): RetornoTitleInput => ({
    movement,
    ourNumber: 7000 + i,
    documentNumber: String(7000 + i),
    dueDate: addDays(today, -40),
    amountCents: g.boletos[i].valor ? Math.round(Number(g.boletos[i].valor) * 100) : 0,
    paidCents: paid,
    feeCents: fee,
    interestCents: 0,
    discountCents: 0,
    occurrenceDate: addDays(today, -2),
    creditDate: movement === '06' ? addDays(today, -1) : null,
    reasons: [],
    payerName: 'PAGADOR',
  });
  const titles = [
    pay(0, 10350, 250), // above the value: encargos, tarifa
    pay(1, 18000, 0), // below the value: desconto
    pay(2, 0, 150), // valor pago empty: the title's value
    pay(3, 40000, 250), // QUITADO: the debtor's debt
    pay(4, 0, 180, '02'), // entrada confirmada of a GARANTIDO boleto: ignored, its fee posted
    pay(5, 0, 0, '09'), // baixa without a request: ignored
    pay(6, 70000, 250), // already LIQUIDADO: créditos a classificar
    { ...pay(0, 500, 0), ourNumber: 9999, documentNumber: '9999' }, // not ours
  ];
  const bytes = writeRetorno240({ account: cnabAccountFromConta(conta), fileNumber: 12, generatedAt: new Date(), titles });
  const temp = files.storage.tempPath('bulk.ret');
  fs.writeFileSync(temp, bytes);
  await files.storage.adopt(temp, 'retornos/bulk.ret');
  const fileId = randomUUID();
  const sha = randomBytes(32).toString('hex');
  await db.execute(sql`insert into stored_file (id, storage_key, original_name, content_type, size_bytes, sha256) values (${fileId}, 'retornos/bulk.ret', 'bulk.ret', 'text/plain', ${bytes.length}, ${sha})`);
  const [r] = await rowsOf<{ id: number }>(t.database, sql`insert into retorno (arquivo, file_id, sha256, tamanho_bytes, status, banco, conta_cobranca_id) values ('bulk.ret', ${fileId}, ${sha}, ${bytes.length}, 'APLICANDO', '104', ${conta.id}) returning id`);
  const ctx: JobRun<ApplyCheckpoint> = {
    jobId: 0,
    attempt: 1,
    signal: new AbortController().signal,
    lastCheckpoint: null,
    db,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    progress: () => undefined,
    checkpoint: async () => undefined,
    complete: async () => undefined,
    throwIfInterrupted: () => undefined,
  };
  applyRetornoHooks.titleByTitle = titleByTitle;
  const modes: string[] = [];
  applyRetornoHooks.batchApplied = (mode) => modes.push(mode);
  try {
    await applyRetorno(files.storage, { retornoId: r.id, usuarioId: admin.id }, ctx);
  } finally {
    applyRetornoHooks.titleByTitle = undefined;
    applyRetornoHooks.batchApplied = undefined;
  }
  const state = {
    retorno: await rowsOf(t.database, sql`select quantidade_processada, quantidade_liquidado, total_valor_liquidado, quantidade_entrada, quantidade_baixa, quantidade_nao_encontrado, status from retorno where id = ${r.id}`),
    itens: await rowsOf(t.database, sql`select linha, boleto_id, movimento, resultado, situacao_de, situacao_para, mensagem, valor_pago, valor_tarifa, data_credito::text from retorno_item where retorno_id = ${r.id} order by linha`),
    boletos: await rowsOf(t.database, sql`select id, situacao from boleto where id = any(${`{${ids.join(',')}}`}::int[]) order by id`),
    historico: await rowsOf(t.database, sql`select boleto_id, de, para, motivo, usuario_id from boleto_historico where boleto_id = any(${`{${ids.join(',')}}`}::int[]) order by boleto_id, de, para`),
    audit: await rowsOf(t.database, sql`select action, entity_id, summary from audit_log where entity = 'boleto' and entity_id = any(${`{${ids.join(',')}}`}::text[]) order by entity_id, action`),
    razao: await rowsOf(t.database, sql`select idempotency_key, kind, occurred_on::text, content_hash, entry_count, total_cents::text, boleto_id, retorno_item_id from ledger_transaction order by idempotency_key`),
    saldos: await rowsOf(t.database, sql`select a.key, sum(m.debits_cents)::text as d, sum(m.credits_cents)::text as c from ledger_balance_month m join ledger_account a on a.id = m.account_id group by a.key order by a.key`),
  };
  return { state, modes, close: async () => { await t.drop(); files.remove(); } };
}

describe('a retorno batch applied in bulk', () => {
  const open: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of open) await close();
  });

  it('leaves exactly what the title-by-title path leaves: lines, situações, history, audit and ledger', async () => {
    const bulk = await scenario(false);
    open.push(bulk.close);
    const oneByOne = await scenario(true);
    open.push(oneByOne.close);
    expect(bulk.modes).toEqual(['bulk']);
    expect(oneByOne.modes).toEqual(['titulo']);
    expect(bulk.state).toEqual(oneByOne.state);
    // the scenario covers what it claims: four liquidações (one posted as a credit to classify), two fees alone, one not found
    expect(bulk.state.retorno[0]).toMatchObject({ quantidade_processada: 8, quantidade_liquidado: 4, quantidade_nao_encontrado: 1, status: 'PROCESSADO' });
    expect(bulk.state.razao.map((r) => r.kind).sort()).toEqual(['credito_a_classificar', 'honra', 'liquidacao', 'liquidacao', 'liquidacao', 'liquidacao', 'liquidacao', 'tarifa']);
    expect(bulk.state.boletos.map((b) => b.situacao)).toEqual(['LIQUIDADO', 'LIQUIDADO', 'LIQUIDADO', 'LIQUIDADO', 'GARANTIDO', 'GARANTIDO', 'LIQUIDADO']);
  }, 120_000);
});
