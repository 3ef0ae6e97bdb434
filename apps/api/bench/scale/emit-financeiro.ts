import { simulateAdvance, type AdvanceSimulation } from '@bg/domain';
import { line } from './loader.js';
import { Rng } from './prng.js';
import { isoOf, S, stateAt, tsOf, type Plan } from './model.js';

/**
 * Antecipações: the shops that advance receivables ask about every other month for a few of
 * their GARANTIDO boletos not yet due (figures from the domain's simulateAdvance); most are
 * approved, some denied, the last days' still EM ANÁLISE. A boleto is in one live advance at most.
 */
export type AdvancePlan = { empresa: number; user: number; day: number; sec: number; sim: AdvanceSimulation; situacao: 'EM ANÁLISE' | 'APROVADA' | 'NEGADA'; decidedDay: number; admin: number; taxaProrrata: string; taxaAntecipacao: string };

export function planAntecipacoes(p: Plan): AdvancePlan[] {
  const rng = new Rng(`${p.seed}:antecipacoes`);
  const T = p.today;
  // boletos of each advancing empresa, in guarantee (time) order
  const byEmpresa = new Map<number, number[]>();
  p.empresas.forEach((e, i) => e.antecipa && e.taxaAntecipacao && byEmpresa.set(i, []));
  for (let b = 0; b < p.boleto.n; b++) byEmpresa.get(p.garantia.empresa[p.boleto.garantia[b]])?.push(b);
  const inAdvance = new Uint8Array(p.boleto.n);
  const out: AdvancePlan[] = [];
  for (const [e, boletos] of byEmpresa) {
    const empresa = p.empresas[e];
    if (!boletos.length) continue;
    for (let month = Math.max(empresa.createdDay, p.start + 60); month <= T; month += 30) {
      if (!rng.chance(0.45)) continue;
      const day = Math.min(T, month + rng.int(0, 29));
      // guarantees of the last year hold every boleto still to come
      let lo = 0;
      let hi = boletos.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (p.garantia.day[p.boleto.garantia[boletos[mid]]] < day - 380) lo = mid + 1;
        else hi = mid;
      }
      const candidates: number[] = [];
      for (let i = lo; i < boletos.length && p.garantia.day[p.boleto.garantia[boletos[i]]] <= day; i++) {
        const b = boletos[i];
        if (!inAdvance[b] && p.boleto.venc[b] > day && stateAt(p, b, day) === S.GARANTIDO) candidates.push(b);
      }
      if (candidates.length < 2) continue;
      rng.shuffle(candidates);
      const chosen = candidates.slice(0, rng.int(2, Math.min(40, candidates.length))).sort((a, b) => a - b);
      let sim: AdvanceSimulation;
      try {
        sim = simulateAdvance({
          boletos: chosen.map((b) => ({ id: p.boleto.firstId + b, amountCents: p.boleto.valor[b], dueDate: isoOf(p.boleto.venc[b]) })),
          today: isoOf(day), taxaProrrata: empresa.taxaProrrata, taxaAntecipacao: empresa.taxaAntecipacao!, taxaBasicaCents: 0,
        });
      } catch {
        continue; // fees above the total: the shop would not ask
      }
      const recent = day > T - 3;
      const situacao = recent && rng.chance(0.6) ? 'EM ANÁLISE' : rng.chance(0.85) ? 'APROVADA' : 'NEGADA';
      if (situacao !== 'NEGADA') for (const b of chosen) inAdvance[b] = 1;
      out.push({ empresa: e, user: rng.pick(empresa.usuarios), day, sec: 9 * 3600 + rng.int(0, 9 * 3600), sim, situacao, decidedDay: Math.min(T, day + rng.int(0, 2)), admin: rng.pick(p.admins), taxaProrrata: empresa.taxaProrrata, taxaAntecipacao: empresa.taxaAntecipacao! });
    }
  }
  return out.sort((a, b) => a.day - b.day || a.sec - b.sec || a.empresa - b.empresa);
}

const money = (cents: number) => (cents / 100).toFixed(2);

export function* antecipacaoLines(p: Plan, plans: AdvancePlan[], firstId: number) {
  for (const [i, a] of plans.entries()) {
    const t = a.sim.totals;
    const decided = a.situacao === 'EM ANÁLISE' ? null : tsOf(a.decidedDay, a.decidedDay === a.day ? Math.min(86_399, a.sec + 3600) : 11 * 3600);
    const created = tsOf(a.day, a.sec);
    yield line([
      firstId + i, p.empresas[a.empresa].id, a.user, t.dataSimulacao, a.taxaProrrata, a.taxaAntecipacao, t.qtdBoletos, money(t.totalBoletosCents), money(t.totalProrataCents),
      money(t.totalTaxaAntecipacaoCents), money(t.taxaBasicaCents), money(t.totalAntecipacaoCents), a.situacao, decided ? a.admin : null, decided, created, decided ?? created,
    ]);
  }
}
export const ANTECIPACAO_COLUMNS = ['id', 'empresa_id', 'usuario_id', 'data_simulacao', 'taxa_prorrata', 'taxa_antecipacao', 'qtd_boletos', 'total_boletos', 'total_prorata', 'total_taxa_antecipacao', 'taxa_basica', 'total_antecipacao', 'situacao', 'decidido_por', 'decidido_em', 'created_at', 'updated_at'];

export function* antecipacaoBoletoLines(plans: AdvancePlan[], firstId: number) {
  for (const [i, a] of plans.entries()) {
    for (const b of a.sim.boletos) yield line([firstId + i, b.id, money(b.amountCents), b.dueDate, b.days, money(b.prorataCents), a.situacao !== 'NEGADA']);
  }
}
export const ANTECIPACAO_BOLETO_COLUMNS = ['antecipacao_id', 'boleto_id', 'valor', 'vencimento', 'qtd_dias', 'prorata', 'ativo'];
