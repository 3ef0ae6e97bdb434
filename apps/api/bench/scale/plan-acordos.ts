import { simulateSettlement, type SettlementSimulation } from '@bg/domain';
import { Rng, WeightedTable } from './prng.js';
import { businessDay, EV, isOpen, isoOf, pushEvent, S, state, stateAt, truncateAfter, type Plan } from './model.js';

/**
 * Acordos of the bad payers who settled: on day A every open overdue boleto of the person is
 * replaced (ENVIADO PARA REMOÇÃO → BAIXADO (REMOVIDO)), the plan comes from the domain's
 * simulateSettlement; instalments are paid while the debtor keeps paying; some acordos are
 * cancelled (the debt comes back as QUITADO, open again).
 */
export type AcordoPlan = {
  pessoa: number;
  day: number;
  sec: number;
  user: number;
  boletos: number[];
  anterior: number[];
  sim: SettlementSimulation;
  entradaCents: number;
  descontoCents: number;
  status: 'Aguardando Ativação' | 'ATIVO' | 'QUITADO' | 'CANCELADO';
  /** per instalment: day paid, or −1 */
  paidDay: number[];
  cancelDay: number;
};

const N_WEIGHTS = [15, 10, 25, 15, 10, 10, 3, 3, 2, 7];

export function planAcordos(p: Plan): AcordoPlan[] {
  const rng = new Rng(`${p.seed}:acordos`);
  const T = p.today;
  const nTable = new WeightedTable(N_WEIGHTS);
  // person → guarantees (only the ones that settle)
  const byPessoa = new Map<number, number[]>();
  for (let g = 0; g < p.garantia.n; g++) {
    const pessoa = p.garantia.pessoa[g];
    if (!p.pessoa.acordo[pessoa]) continue;
    const list = byPessoa.get(pessoa);
    if (list) list.push(g);
    else byPessoa.set(pessoa, [g]);
  }
  const acordos: AcordoPlan[] = [];
  for (const [pessoa, garantias] of byPessoa) {
    const boletos: number[] = [];
    for (const g of garantias) for (let k = 0; k < p.garantia.qtd[g]; k++) boletos.push(p.garantia.firstBoleto[g] + k);
    let earliest = Infinity;
    for (const b of boletos) {
      const v = p.boleto.venc[b];
      if (v + 1 <= T && isOpen(stateAt(p, b, v + 1))) earliest = Math.min(earliest, v + 1);
    }
    if (earliest + 20 > T - 1) continue;
    const day = Math.min(T - 1, earliest + rng.int(20, 150));
    const covered = boletos.filter((b) => p.boleto.venc[b] < day && isOpen(stateAt(p, b, day)));
    if (!covered.length) continue;

    const today = isoOf(day);
    const items = covered.map((b) => ({ amountCents: p.boleto.valor[b], dueDate: isoOf(p.boleto.venc[b]) }));
    let n = nTable.sample(rng) + 1;
    let sim: SettlementSimulation;
    let entradaCents = 0;
    let descontoCents = 0;
    try {
      const base = simulateSettlement({ boletos: items, today, installments: 1 });
      descontoCents = rng.chance(0.4) ? Math.round(base.updatedCents * rng.int(1, 5) / 100) : 0;
      entradaCents = n > 1 ? Math.round((base.updatedCents - descontoCents) * rng.int(10, 30) / 100) : 0;
      sim = simulateSettlement({ boletos: items, today, installments: n, firstAmountCents: n > 1 ? entradaCents : null, discountCents: descontoCents });
    } catch {
      n = 1;
      entradaCents = 0;
      descontoCents = 0;
      sim = simulateSettlement({ boletos: items, today, installments: 1 });
    }
    const sec = 9 * 3600 + rng.int(0, 9 * 3600);
    const anterior = covered.map((b) => stateAt(p, b, day));
    for (const b of covered) {
      truncateAfter(p, b, day);
      pushEvent(p, b, EV.REMOVER, day, sec, S.ENV_REMOCAO);
      const conf = businessDay(day + 2);
      if (conf <= T) pushEvent(p, b, EV.CONF_REMOCAO, conf, 7 * 3600 + rng.int(0, 3 * 3600), S.BAIXADO_REMOVIDO);
    }

    const cancelled = rng.chance(0.15) && day + 10 <= T;
    const cancelDay = cancelled ? Math.min(T, day + rng.int(10, 60)) : -1;
    const paidDay: number[] = [];
    let paying = true;
    for (const [k, inst] of sim.installments.entries()) {
      const due = Math.round(Date.parse(`${inst.dueDate}T00:00:00Z`) / 86_400_000);
      const when = Math.max(day, due + rng.int(-2, 5));
      paying = paying && rng.chance(k === 0 ? 0.85 : 0.88) && when <= T && (!cancelled || when < cancelDay);
      paidDay.push(paying ? when : -1);
    }
    const paid = paidDay.filter((d) => d >= 0);
    const status = cancelled ? 'CANCELADO' : paid.length === paidDay.length ? 'QUITADO' : paid.length ? 'ATIVO' : 'Aguardando Ativação';
    if (cancelled) {
      for (const b of covered) pushEvent(p, b, EV.RETOMAR, cancelDay, 9 * 3600 + rng.int(0, 9 * 3600), S.QUITADO);
    } else if (status === 'QUITADO' && rng.chance(0.3)) {
      const mark = Math.max(...paid) + 1;
      for (const b of covered) if (mark <= T && state(p, b) === S.BAIXADO_REMOVIDO) pushEvent(p, b, EV.MARCAR_QUITADO, mark, 9 * 3600 + rng.int(0, 9 * 3600), S.QUITADO);
    }
    acordos.push({ pessoa, day, sec, user: rng.pick(p.admins), boletos: covered, anterior, sim, entradaCents, descontoCents, status, paidDay, cancelDay });
  }
  return acordos.sort((a, b) => a.day - b.day || a.sec - b.sec || a.pessoa - b.pessoa);
}
