import { Rng, WeightedTable, zipfWeights } from './prng.js';
import { CITY_WEIGHTS, cnpjOf, cpfOf } from './vocab.js';
import type { EmpresaPlan } from './model.js';

/**
 * Who is who: empresas (some franchisors with franchisees, a Zipf-like share of the sales), their
 * users, the administradores, and the people with their risk profile. Ids continue after the
 * rows already in the database (the demo seed).
 */
export type PeopleInput = {
  seed: string;
  today: number;
  start: number;
  empresas: number;
  pessoas: number;
  admins: number;
  base: { empresa: number; usuario: number; pessoa: number };
  /** An existing empresa (the demo Loja Demo) that also sells in the dataset, with its users. */
  demoLoja: { id: number; usuarios: number[] } | null;
  existingDocs: Set<string>;
  existingEmpresaDocs: Set<string>;
};

export type PeoplePlan = {
  empresas: EmpresaPlan[];
  /** Only the new ones (the demo Loja Demo sells too but is not written). */
  newEmpresas: EmpresaPlan[];
  admins: number[];
  usuarioCount: number;
  pessoaDocs: string[];
  pessoaTipo: Uint8Array;
  pessoaRisk: Uint8Array;
  pessoaAcordo: Uint8Array;
};

export function planPeople(input: PeopleInput): PeoplePlan {
  const rng = new Rng(`${input.seed}:people`);
  const cityTable = new WeightedTable(CITY_WEIGHTS);
  const n = input.empresas;
  const ids = Array.from({ length: n }, (_, i) => input.base.empresa + 1 + i);
  const order = rng.shuffle(ids.slice());
  const zipf = zipfWeights(n, 0.9);
  const nFranq = Math.max(1, Math.round(n * 0.06));
  const franqueadoras = new Set(order.slice(0, nFranq));
  const nFranchisees = Math.round(n * 0.35);
  const franchisees = new Map<number, number>();
  for (const id of order.slice(nFranq, nFranq + nFranchisees)) franchisees.set(id, order[rng.int(0, nFranq - 1)]);

  let usuarioId = input.base.usuario;
  const admins = Array.from({ length: input.admins }, () => ++usuarioId);
  const span = input.today - input.start;
  const empresas: EmpresaPlan[] = order.map((id, rank) => {
    const isFranqueadora = franqueadoras.has(id);
    const antecipa = !isFranqueadora && rng.chance(0.3);
    const users = isFranqueadora ? rng.int(1, 2) : 1 + rng.int(0, 2) + (rank < 20 ? 2 : 0);
    let bump = 0;
    let cnpj = cnpjOf(id, 13_579_246);
    while (input.existingEmpresaDocs.has(cnpj)) cnpj = cnpjOf(id, 13_579_246, ++bump);
    return {
      id,
      cnpj,
      franqueadoId: franchisees.get(id) ?? null,
      isFranqueadora,
      weight: zipf[rank] * (isFranqueadora ? 0.15 : 1),
      cityIndex: cityTable.sample(rng),
      // most shops predate the dataset; some join during it (their sales start then)
      createdDay: rng.chance(0.85) ? input.start - rng.int(30, 1500) : input.start + rng.int(0, Math.max(1, span - 60)),
      antecipa,
      taxaProrrata: (rng.int(5, 20) / 100).toFixed(2),
      taxaAntecipacao: antecipa ? (rng.int(15, 40) / 10).toFixed(1) : null,
      limiteBoletoCents: rng.chance(0.4) ? rng.int(10, 100) * 10_000 : null,
      situacao: rng.chance(0.04) ? 'BLOQUEADA' : 'ATIVA',
      usuarios: Array.from({ length: users }, () => ++usuarioId),
    };
  });
  empresas.sort((a, b) => a.id - b.id);
  const all = [...empresas];
  if (input.demoLoja) {
    all.push({
      id: input.demoLoja.id, cnpj: '', franqueadoId: null, isFranqueadora: false, weight: zipf[Math.min(19, n - 1)], cityIndex: 0,
      createdDay: input.start - 400, antecipa: true, taxaProrrata: '0.10', taxaAntecipacao: '2.5', limiteBoletoCents: 500_000,
      situacao: 'ATIVA', usuarios: input.demoLoja.usuarios,
    });
  }

  const p = input.pessoas;
  const pessoaTipo = new Uint8Array(p);
  const pessoaRisk = new Uint8Array(p);
  const pessoaAcordo = new Uint8Array(p);
  const pessoaDocs: string[] = new Array(p);
  for (let i = 0; i < p; i++) {
    const id = input.base.pessoa + 1 + i;
    const pj = rng.chance(0.12);
    pessoaTipo[i] = pj ? 1 : 0;
    // bad payers: their overdue boletos stay open (defaulters); some settle through an acordo
    pessoaRisk[i] = rng.chance(pj ? 0.05 : 0.07) ? 1 : 0;
    pessoaAcordo[i] = pessoaRisk[i] && rng.chance(0.3) ? 1 : 0;
    let bump = 0;
    let doc = pj ? cnpjOf(id, 24_681_357) : cpfOf(id);
    while (input.existingDocs.has(doc)) doc = pj ? cnpjOf(id, 24_681_357, ++bump) : cpfOf(id, ++bump);
    pessoaDocs[i] = doc;
  }
  return { empresas: all, newEmpresas: empresas, admins, usuarioCount: usuarioId - input.base.usuario, pessoaDocs, pessoaTipo, pessoaRisk, pessoaAcordo };
}
