import { Rng, WeightedTable } from './prng.js';
import { businessDay, EV, GS, MAX_EVENTS, pushEvent, S, state, truncateAfter, type Plan } from './model.js';
import type { PeoplePlan } from './plan-people.js';

/**
 * Guarantees and boletos: when each guarantee was asked for (the business grows over the period),
 * by whom, its decision and release, its instalments, and each boleto's life as history events —
 * released, sent for registration, confirmed by the bank, then paid at the bank (most), paid to
 * the shop, honoured by the guarantor, cancelled, or still open past its due date (defaulters).
 */
export type BoletoPlanInput = {
  seed: string;
  today: number;
  start: number;
  cnabStart: number;
  boletos: number;
  garantias: number;
  people: PeoplePlan;
  base: { pessoa: number; garantia: number; boleto: number };
  contaId: number;
  contaBanco: string;
};

/** Instalment counts and their weights (mean ≈ 3.5 before the exact adjustment). */
const QTD = [1, 2, 3, 4, 5, 6, 10, 12];
const QTD_WEIGHTS = [18, 22, 25, 14, 7, 7, 4, 3];
const H = 3600;

export function planBoletos(input: BoletoPlanInput): Plan {
  const rng = new Rng(`${input.seed}:garantias`);
  const { today: T, start } = input;
  const G = input.garantias;
  const B = input.boletos;
  const P = Math.min(input.people.pessoaDocs.length, G);
  const span = T - start;

  // when: density grows linearly over the period (x ∈ [0,1], f ∝ 1 + 2x), business hours
  const xs = new Float64Array(G);
  for (let i = 0; i < G; i++) xs[i] = (-1 + Math.sqrt(1 + 8 * rng.next())) / 2;
  xs.sort();
  const gDay = new Int32Array(G);
  const gSec = new Int32Array(G);
  for (let i = 0; i < G; i++) {
    const t = xs[i] * span;
    gDay[i] = Math.min(T, start + Math.floor(t));
    gSec[i] = 8 * H + Math.floor((t - Math.floor(t)) * 12 * H);
  }

  // who: every person buys at least once; 30% come back for the rest; ids by first purchase
  const seq = new Int32Array(G);
  for (let i = 0; i < P; i++) seq[i] = i;
  const repeaters: number[] = [];
  for (let i = 0; i < P; i++) if (rng.chance(0.3)) repeaters.push(i);
  for (let i = P; i < G; i++) seq[i] = repeaters.length ? repeaters[rng.int(0, repeaters.length - 1)] : rng.int(0, P - 1);
  rng.shuffle(seq);
  const renumber = new Int32Array(P).fill(-1);
  let nextPessoa = 0;
  const firstDay = new Int32Array(P);
  const firstSec = new Int32Array(P);
  for (let g = 0; g < G; g++) {
    let p = renumber[seq[g]];
    if (p < 0) {
      p = renumber[seq[g]] = nextPessoa++;
      firstDay[p] = gDay[g];
      firstSec[p] = gSec[g];
    }
    seq[g] = p;
  }

  // where: Zipf-like share per empresa; repeat customers mostly return to the same shop
  const empresas = input.people.empresas;
  const table = new WeightedTable(empresas.map((e) => e.weight));
  const fallback = empresas.reduce((best, e, i) => (e.createdDay <= start && e.weight > empresas[best].weight ? i : best), 0);
  const lastEmpresa = new Int32Array(P).fill(-1);
  const gEmpresa = new Int32Array(G);
  const gUsuario = new Int32Array(G);
  for (let g = 0; g < G; g++) {
    const p = seq[g];
    let e = lastEmpresa[p] >= 0 && rng.chance(0.7) ? lastEmpresa[p] : -1;
    for (let tries = 0; e < 0 && tries < 8; tries++) {
      const c = table.sample(rng);
      if (empresas[c].createdDay <= gDay[g]) e = c;
    }
    if (e < 0) e = fallback;
    lastEmpresa[p] = e;
    gEmpresa[g] = e;
    gUsuario[g] = rng.pick(empresas[e].usuarios);
  }

  // decision, release, cancellation
  const admins = input.people.admins;
  const risk = input.people.pessoaRisk;
  const status = new Uint8Array(G);
  const libera = new Uint8Array(G);
  const decidedDay = new Int32Array(G).fill(-1);
  const decidedSec = new Int32Array(G);
  const releasedDay = new Int32Array(G).fill(-1);
  const cancelDay = new Int32Array(G).fill(-1);
  const decidedBy = new Int32Array(G);
  const motivo = new Int8Array(G).fill(-1);
  const motivoTable = new WeightedTable([10, 6, 5, 40, 15, 8, 3, 13]);
  for (let g = 0; g < G; g++) {
    const age = T - gDay[g];
    const bad = risk[seq[g]] === 1;
    let st: number;
    if (age < 3 && rng.chance(0.5)) st = GS.PENDENTE;
    else if (age >= 3 && rng.chance(0.003)) st = GS.PENDENTE;
    else {
      const r = rng.next();
      st = r < (bad ? 0.35 : 0.11) ? GS.NAO_AUTORIZADO : r < (bad ? 0.39 : 0.155) ? GS.CANCELADO : GS.APROVADO;
    }
    status[g] = st;
    if (st === GS.PENDENTE) continue;
    const delay = rng.chance(0.7) ? rng.int(10 * 60, 4 * H) : 86_400 * rng.int(1, 2) + rng.int(0, 4 * H);
    let dDay = gDay[g] + Math.floor((gSec[g] + delay) / 86_400);
    let dSec = (gSec[g] + delay) % 86_400;
    if (dDay > T) [dDay, dSec] = [T, Math.max(gSec[g] + 60, 0)];
    decidedDay[g] = dDay;
    decidedSec[g] = Math.min(dSec, 86_399);
    decidedBy[g] = rng.pick(admins);
    if (st === GS.NAO_AUTORIZADO) {
      motivo[g] = motivoTable.sample(rng);
      continue;
    }
    const released = st === GS.CANCELADO ? rng.chance(0.5) : rng.chance(T - gDay[g] > 7 ? 0.97 : 0.75);
    if (released) releasedDay[g] = Math.min(T, dDay + (rng.chance(0.8) ? 0 : 1));
    libera[g] = released ? 1 : 0;
    if (st === GS.CANCELADO) cancelDay[g] = Math.min(T, (released ? releasedDay[g] : dDay) + rng.int(2, 25));
  }

  // how many instalments: drawn, then nudged so the boletos add up to exactly B
  const qtd = new Uint8Array(G);
  const qtdTable = new WeightedTable(QTD_WEIGHTS);
  let total = 0;
  for (let g = 0; g < G; g++) total += qtd[g] = QTD[qtdTable.sample(rng)];
  while (total !== B) {
    const g = rng.int(0, G - 1);
    if (total > B && qtd[g] > 1) {
      qtd[g]--;
      total--;
    } else if (total < B && qtd[g] < 12) {
      qtd[g]++;
      total++;
    }
  }
  const firstBoleto = new Int32Array(G);
  for (let g = 1; g < G; g++) firstBoleto[g] = firstBoleto[g - 1] + qtd[g - 1];

  const plan: Plan = {
    seed: input.seed, today: T, start, cnabStart: input.cnabStart, contaId: input.contaId, contaBanco: input.contaBanco,
    admins, empresas,
    pessoa: { n: P, firstId: input.base.pessoa + 1, docs: input.people.pessoaDocs, tipo: input.people.pessoaTipo, risk, acordo: input.people.pessoaAcordo, firstDay, firstSec },
    garantia: {
      n: G, firstId: input.base.garantia + 1, pessoa: seq, empresa: gEmpresa, usuario: gUsuario, day: gDay, sec: gSec, status, libera, qtd, firstBoleto,
      decidedDay, decidedSec, releasedDay, cancelDay, decidedBy, motivo,
    },
    boleto: {
      n: B, firstId: input.base.boleto + 1,
      garantia: new Int32Array(B), parcela: new Uint8Array(B), valor: new Int32Array(B), venc: new Int32Array(B), nosso: new Float64Array(B),
      evCount: new Uint8Array(B), evDay: new Int32Array(B * MAX_EVENTS), evSec: new Int32Array(B * MAX_EVENTS),
      evKind: new Uint8Array(B * MAX_EVENTS), evTo: new Uint8Array(B * MAX_EVENTS), evId: new Float64Array(B * MAX_EVENTS),
    },
  };

  const life = new Rng(`${input.seed}:boletos`);
  for (let g = 0; g < G; g++) {
    const limit = empresas[gEmpresa[g]].limiteBoletoCents;
    const sale = Math.round(Math.min(5_000_000, Math.max(5_000, Math.exp(Math.log(120_000) + 0.8 * life.normal()))));
    let each = Math.max(1_000, Math.floor(sale / qtd[g]));
    if (limit !== null && each > limit) each = limit;
    const remainder = limit !== null && each === limit ? 0 : Math.max(0, sale - each * qtd[g]);
    const firstDue = gDay[g] + 30 + life.int(0, 5);
    for (let k = 0; k < qtd[g]; k++) {
      const b = firstBoleto[g] + k;
      plan.boleto.garantia[b] = g;
      plan.boleto.parcela[b] = k + 1;
      plan.boleto.valor[b] = each + (k === qtd[g] - 1 ? remainder : 0);
      plan.boleto.venc[b] = firstDue + Math.round(30.4375 * k);
      lifecycle(plan, life, b, g);
    }
  }
  return plan;
}

const manual = (rng: Rng) => 9 * H + rng.int(0, 9 * H);
const bank = (rng: Rng) => 7 * H + rng.int(0, 3 * H);

/** One boleto's events from its guarantee's decision to today. */
function lifecycle(p: Plan, rng: Rng, b: number, g: number): void {
  const T = p.today;
  const ga = p.garantia;
  const st = ga.status[g];
  if (st === GS.PENDENTE || (st === GS.APROVADO && !ga.libera[g])) return;
  if (st === GS.NAO_AUTORIZADO) return pushEvent(p, b, EV.CANCEL_NAO_LIB, ga.decidedDay[g], ga.decidedSec[g] + 1, S.CANCELADO);
  if (st === GS.CANCELADO && !ga.libera[g]) return pushEvent(p, b, EV.CANCEL_NAO_LIB, ga.cancelDay[g], manual(rng), S.CANCELADO);

  const released = ga.releasedDay[g];
  pushEvent(p, b, EV.LIBERAR, released, released === ga.decidedDay[g] ? Math.min(86_399, ga.decidedSec[g] + 300) : manual(rng), S.DISPONIVEL);
  paths(p, rng, b, g);
  if (st === GS.CANCELADO) {
    const c = ga.cancelDay[g];
    truncateAfter(p, b, c);
    const s = state(p, b);
    if (s === S.DISPONIVEL) pushEvent(p, b, EV.CANCELAR, c, manual(rng), S.CANCELADO_SR);
    else if (s === S.ENV_REGISTRO || s === S.GARANTIDO) {
      pushEvent(p, b, EV.CANCELAR, c, manual(rng), S.ENV_CANCELAMENTO);
      const conf = businessDay(c + 2);
      if (conf <= T) pushEvent(p, b, EV.CONF_CANCEL, conf, bank(rng), S.BAIXADO_CANCELADO);
    }
  }
}

function paths(p: Plan, rng: Rng, b: number, g: number): void {
  const T = p.today;
  const rem = businessDay(p.garantia.releasedDay[g] + 1);
  if (rem > T) return;
  pushEvent(p, b, EV.REMESSA, rem, 18 * H + rng.int(0, 1800), S.ENV_REGISTRO);
  const ent = businessDay(rem + 1 + (rng.chance(0.3) ? 1 : 0));
  if (ent > T) return;
  pushEvent(p, b, EV.ENTRADA, ent, bank(rng), S.GARANTIDO);
  const venc = p.boleto.venc[b];
  const liquidar = (paid: number) => {
    const day = businessDay(Math.max(ent, paid) + 1);
    if (day <= T) pushEvent(p, b, EV.LIQUIDAR, day, bank(rng), S.LIQUIDADO);
  };
  if (p.pessoa.risk[p.garantia.pessoa[g]]) {
    if (rng.chance(0.3)) return liquidar(venc + rng.int(10, 90));
    // never paid: the guarantor honours half of them a month or two later (QUITADO, still owed)
    if (rng.chance(0.5)) {
      const q = venc + rng.int(30, 60);
      if (q <= T) pushEvent(p, b, EV.QUITAR, q, manual(rng), S.QUITADO);
    }
    return;
  }
  const r = rng.next();
  if (r < 0.04) {
    // paid to the shop: baixa with a receipt, confirmed by the bank two business days later
    const d = rng.int(ent + 3, Math.max(ent + 3, venc + 3));
    if (d > T) return;
    pushEvent(p, b, EV.BAIXAR, d, manual(rng), S.ENV_BAIXA);
    const conf = businessDay(d + 2);
    if (conf <= T) pushEvent(p, b, EV.CONF_BAIXA, conf, bank(rng), S.BAIXADO);
    return;
  }
  if (r < 0.07) return liquidar(rng.int(ent + 3, Math.max(ent + 3, venc - 1)));
  const q = rng.next();
  const late = q < 0.8 ? -rng.int(0, 3) : q < 0.95 ? rng.int(1, 15) : rng.int(16, 60);
  liquidar(venc + late);
}
