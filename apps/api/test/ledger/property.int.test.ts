import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { addDays, todayInSaoPaulo, toCents, type Situacao } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { loadBoletoContexts } from '../../src/modules/ledger/boleto-context.js';
import { extratoDaLoja, posicaoDaLoja } from '../../src/modules/ledger/saldos.js';
import { invariantes } from './support.js';
import { LedgerWorld, prepareConta, type Op, type Outcome } from './property-world.js';

/**
 * The ledger's property (issue 24, decision 109): whatever sequence of operations users and the
 * bank perform — a guarantee requested, approved, released, Gerar Remessa, retornos paying above
 * and below the value (and confirming baixas), Receber, quitar, Marcar como quitado, cancel,
 * Acerto de atendimento, advances, acordos (instalments, cancel), repasses, perdas, consultas,
 * mensalidades — after every step every invariant of the nightly check holds (checkLedger:
 * trial balance, each boleto's postings agree with its situação, each shop's balance is the sum of
 * its movements, the bank = Σ retornos − repasses − advances …), and the model's simple
 * expectations hold too:
 * - no answer is a 500;
 * - a refused or impossible operation posts nothing;
 * - the same operation repeated (a double click, a retried call, the same retorno file or the same
 *   movements in another file) posts nothing more, and the same request sent twice at the same
 *   moment acts once (the bank moves as for one);
 * - the bank account moves by what the operation moved (a retorno: Σ paid − fees of the lines the
 *   bank had not sent before; a repasse: − its value; an advance: − what was paid to the shop; an
 *   acordo instalment: + its value; anything else: nothing);
 * - the guarantee: a boleto LIQUIDADO or QUITADO has paid the shop exactly its value, whatever the
 *   bank paid;
 * - the shop's Extrato ends at its position (what the guarantor owes it, net).
 *
 * Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL). Fixed seed, modest size for the suite; to
 * search longer: LEDGER_PROPERTY_RUNS=200 LEDGER_PROPERTY_STEPS=30 LEDGER_PROPERTY_SEED=<n> npx
 * vitest run apps/api/test/ledger/property.int.test.ts (a failure prints the seed and the path to
 * replay it, and every step of the failing run; LEDGER_PROPERTY_LOG=1 prints every run's steps).
 */
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 15);
const STEPS = Number(process.env.LEDGER_PROPERTY_STEPS ?? 12);
const SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? 24_109);

let t: TestApp;
beforeAll(async () => {
  // jobs off: no background job (a nightly mensalidade, a SPC exclusion) posts between two steps
  t = await createTestApp({ jobs: 'off' });
  await prepareConta(t);
});
afterAll(async () => t?.close());

const pick = fc.nat({ max: 1000 });
/** Three times in four the operation targets something it applies to. */
const plausible = fc.nat({ max: 3 }).map((n) => n > 0);
const cents = fc.integer({ min: 2_000, max: 90_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('solicitar' as const), parcelas: fc.array(cents, { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('aprovarGarantia' as const), pick, plausible }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('liberar' as const), pick, plausible }) },
  { weight: 2, arbitrary: fc.constant({ op: 'remessa' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('retorno' as const),
      liquidar: fc.array(fc.record({ pick, deltaCents: fc.integer({ min: -3_000, max: 3_000 }), feeCents: fc.integer({ min: 0, max: 350 }) }), { maxLength: 3 }),
      entradaFeeCents: fc.integer({ min: 0, max: 200 }),
      confirmarBaixas: fc.boolean(),
      repetirArquivo: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('receber' as const), pick, plausible, admin: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('quitar' as const), pick, plausible }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('marcarQuitado' as const), pick, plausible }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancelarBoleto' as const), pick, plausible }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('atualizar' as const), pick, plausible, percent: fc.integer({ min: 50, max: 150 }), dias: fc.integer({ min: 0, max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('antecipar' as const), aprovar: plausible }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('acordo' as const), pick, qtd: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('pagarParcela' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancelarAcordo' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('repasse' as const), percent: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('perda' as const), pick, plausible }) },
  { weight: 1, arbitrary: fc.constant({ op: 'consulta' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'mensalidade' as const }) },
);
/** Operations whose request, sent twice at once, must still act once (a second consulta or guarantee request is a new one). */
const DOBRAVEIS = new Set<Op['op']>(['aprovarGarantia', 'liberar', 'receber', 'quitar', 'marcarQuitado', 'cancelarBoleto', 'atualizar', 'antecipar', 'acordo', 'pagarParcela', 'cancelarAcordo', 'repasse', 'perda']);
/** A step: the operation, whether its request goes twice at the same moment, and whether it is sent again afterwards. */
const stepArb = fc.record({ o: opArb, concorrente: fc.nat({ max: 3 }).map((n) => n === 0), repetir: fc.boolean() });

/** Every run starts from a shop with boletos at the bank (the same operations, in order), so the random steps find something to act on. */
const prologue = (parcelas: number[]): Op[] => [
  { op: 'solicitar', parcelas },
  { op: 'aprovarGarantia', pick: 0, plausible: true },
  { op: 'liberar', pick: 0, plausible: true },
  { op: 'remessa' },
  { op: 'retorno', liquidar: [], entradaFeeCents: 120, confirmarBaixas: false, repetirArquivo: false },
];

const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as { rows: T[] }).rows;

/** What the model compares before and after a step. */
async function snapshot() {
  const [r] = await rowsOf<{ n: number | string; banco: number | string }>(
    sql`select (select count(*) from ledger_transaction) as n,
               (select coalesce(sum(m.debits_cents - m.credits_cents), 0) from ledger_balance_month m join ledger_account a on a.id = m.account_id where a.key = 'banco') as banco`,
  );
  return { transacoes: Number(r.n), bancoCents: Number(r.banco) };
}

/** The model's expectations about the shop's boletos and its statement (beyond checkLedger's). */
async function modelProblems(w: LedgerWorld): Promise<string[]> {
  const problems: string[] = [];
  const boletos = await w.boletos();
  const contexts = await loadBoletoContexts(t.database.db, boletos.map((b) => b.id));
  for (const b of boletos) {
    const p = contexts.get(b.id)!.position;
    const s = b.situacao as Situacao | null;
    if ((s === 'LIQUIDADO' || s === 'QUITADO') && p.pagoALoja !== toCents(b.valor)) problems.push(`boleto ${b.id} ${s}: pago à loja ${p.pagoALoja}, valor ${toCents(b.valor)}`);
  }
  const posicao = await posicaoDaLoja(t.database.db, w.empresaId);
  const extrato = await extratoDaLoja(t.database.db, w.empresaId, '2000-01-01', addDays(todayInSaoPaulo(), 60));
  if (extrato.saldoFinalCents !== posicao.liquidoCents) problems.push(`extrato termina em ${extrato.saldoFinalCents}, posição ${posicao.liquidoCents}`);
  return problems;
}

async function step(w: LedgerWorld, o: Op, repetir: boolean, log: string[], concorrente = false) {
  const before = await snapshot();
  w.dobrar = concorrente && DOBRAVEIS.has(o.op);
  const outcome: Outcome = await w.run(o).finally(() => (w.dobrar = false));
  const after = await snapshot();
  log.push(`${outcome.label}${concorrente && DOBRAVEIS.has(o.op) ? ' [2× ao mesmo tempo]' : ''}: ${after.transacoes - before.transacoes} lançamento(s), banco ${after.bancoCents - before.bancoCents}`);
  const where = () => log.join('\n  ');
  expect(w.statuses.filter((s) => s >= 500), where()).toEqual([]);
  if (!outcome.ok) expect(after.transacoes, `recusada e lançou:\n  ${where()}`).toBe(before.transacoes);
  // nothing was asked of the app: nothing else can have changed
  if (outcome.skipped) return;
  if (outcome.bancoCents !== null) expect(after.bancoCents - before.bancoCents, `banco:\n  ${where()}`).toBe(outcome.bancoCents);
  expect(await invariantes(t), where()).toEqual([]);
  // the model's figures move only with the ledger or a situação: a refused step that changed a situação is caught above
  if (outcome.ok || after.transacoes !== before.transacoes) expect(await modelProblems(w), where()).toEqual([]);

  if (repetir && outcome.ok && outcome.again) {
    const res = await outcome.again();
    const again = await snapshot();
    log.push(`  de novo${res ? ` → ${res.statusCode}` : ''}: ${again.transacoes - after.transacoes} lançamento(s)`);
    if (res) expect([200, 409], `${res.body}\n  ${where()}`).toContain(res.statusCode);
    expect(again.transacoes, `repetida e lançou de novo:\n  ${where()}`).toBe(after.transacoes);
    expect(again.bancoCents, where()).toBe(after.bancoCents);
    expect(await invariantes(t), where()).toEqual([]);
  }
}

describe('the ledger under random sequences of operations', () => {
  it(`keeps every invariant after each step (${RUNS} runs of up to ${STEPS} steps, seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cents, { minLength: 2, maxLength: 3 }), fc.array(stepArb, { minLength: Math.ceil(STEPS / 2), maxLength: STEPS }), async (parcelas, steps) => {
        // each run (and each shrink) has a shop of its own: the database keeps earlier runs, and the global invariants must hold over all of them
        const w = await LedgerWorld.create(t);
        const log: string[] = [];
        for (const o of prologue(parcelas)) await step(w, o, false, log);
        for (const s of steps) await step(w, s.o, s.repetir, log, s.concorrente);
        // LEDGER_PROPERTY_LOG=1 prints every run's steps (to see what the sequences reach)
        if (process.env.LEDGER_PROPERTY_LOG) console.log(`run:\n  ${log.join('\n  ')}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: !process.env.LEDGER_PROPERTY_SHRINK },
    );
  }, 600_000);
});
