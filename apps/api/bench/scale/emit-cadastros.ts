import { defaultPermissions, type Nivel } from '@bg/domain';
import { line } from './loader.js';
import { Rng, WeightedTable } from './prng.js';
import { address, cellPhone, CITIES, CITY_WEIGHTS, cpfOf, FIRST_NAMES_F, FIRST_NAMES_M, landline, OCCUPATIONS, PLACE_WORDS, SURNAME_WEIGHTS, SURNAMES, TRADES } from './vocab.js';
import { isoOf, tsOf, type Plan } from './model.js';
import type { Phase } from './phase.js';

/** Cadastros: empresas, usuários (one password for all), pessoas, extra phones, CPFs suspeitos. */
const surnameTable = new WeightedTable(SURNAME_WEIGHTS);
const cityTable = new WeightedTable(CITY_WEIGHTS);

export function personName(rng: Rng): string {
  const female = rng.chance(0.5);
  const first = rng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
  const middle = rng.chance(0.35) ? ` ${rng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M)}` : '';
  const s1 = SURNAMES[surnameTable.sample(rng)];
  const s2 = rng.chance(0.6) ? ` ${SURNAMES[surnameTable.sample(rng)]}` : '';
  return `${first}${middle} ${s1}${s2}`;
}

const companyName = (rng: Rng) =>
  `${rng.chance(0.5) ? SURNAMES[surnameTable.sample(rng)] : rng.pick(PLACE_WORDS)} ${rng.pick(TRADES)} ${rng.pick(['Ltda', 'ME', 'EIRELI', 'Comércio Ltda', 'S.A.'])}`;

/** The pessoa's name, regenerated from its id (messages and signature requests reuse it). */
export function pessoaNome(p: Plan, index: number): string {
  const rng = Rng.for(p.seed, 'pessoa', p.pessoa.firstId + index);
  return p.pessoa.tipo[index] ? companyName(rng) : personName(rng);
}

export function pessoaPhone(p: Plan, index: number): string {
  const rng = Rng.for(p.seed, 'pessoa-tel', p.pessoa.firstId + index);
  return cellPhone(rng, CITIES[cityTable.sample(rng)].ddd);
}

export function* empresaLines(p: Plan, newEmpresas: Plan['empresas']) {
  for (const e of newEmpresas) {
    const rng = Rng.for(p.seed, 'empresa', e.id);
    const place = rng.chance(0.5) ? SURNAMES[surnameTable.sample(rng)] : rng.pick(PLACE_WORDS);
    const fantasia = e.isFranqueadora ? `Rede ${place} ${rng.pick(TRADES)}` : `${rng.pick(TRADES)} ${place}`;
    const a = address(rng, e.cityIndex);
    const created = tsOf(e.createdDay, 9 * 3600 + rng.int(0, 8 * 3600));
    yield line([
      e.id, e.cnpj, `${fantasia} ${e.isFranqueadora ? 'Participações' : 'Comércio'} Ltda`, fantasia, rng.chance(0.7) ? String(rng.int(100_000_000, 999_999_999)) : null,
      a.cep, a.endereco, a.numero, a.complemento, a.bairro, a.cidade, a.uf,
      `contato${e.id}@${fantasia.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '').slice(0, 20)}.com.br`,
      landline(rng, a.ddd), rng.chance(0.5) ? cellPhone(rng, a.ddd) : null, null, personName(rng), e.franqueadoId,
      String(rng.int(5, 15)), e.limiteBoletoCents === null ? null : String(e.limiteBoletoCents * rng.int(3, 8) / 100), e.limiteBoletoCents === null ? null : String(e.limiteBoletoCents / 100),
      (rng.int(25, 60) / 10).toFixed(2), String(rng.pick([99, 149, 199, 249, 299, 399])), e.taxaProrrata,
      e.antecipa ? 'S' : 'N', e.taxaAntecipacao, rng.pick([6, 10, 12, 12, 12]), rng.chance(0.4) ? 'S' : 'N', e.situacao, created, created,
    ]);
  }
}
export const EMPRESA_COLUMNS = ['id', 'cnpj', 'razao', 'fantasia', 'insc_estadual', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'email', 'tel1', 'tel2', 'tel3', 'responsavel', 'franqueado_id', 'comissao_franqueado', 'limite_cpf_cnpj', 'limite_boleto', 'valor_consulta', 'mensalidade', 'taxa_prorrata', 'antecipa', 'taxa_antecipacao', 'qtd_max_parcelas', 'simula_venda', 'situacao', 'created_at', 'updated_at'];

export function* usuarioLines(p: Plan, newEmpresas: Plan['empresas'], passwordHash: string) {
  const user = (id: number, nivel: Nivel, empresaId: number | null, setor: string, createdDay: number) => {
    const rng = Rng.for(p.seed, 'usuario', id);
    const name = personName(rng);
    const login = nivel === '2' ? `analista${id}` : `${nivel === '3' ? 'franquia' : 'loja'}${empresaId}_${id}`;
    const created = tsOf(createdDay, 9 * 3600 + rng.int(0, 8 * 3600));
    return line([id, name, login, passwordHash, `${login}@example.com.br`, nivel, empresaId, setor, null, `{${defaultPermissions(nivel).join(',')}}`, 'ATIVO', 0, created, created]);
  };
  for (const id of p.admins) yield user(id, '2', null, 'Análise de Crédito', p.start - 60);
  for (const e of newEmpresas) for (const id of e.usuarios) yield user(id, e.isFranqueadora ? '3' : '1', e.id, e.isFranqueadora ? 'Franquia' : 'Vendas', e.createdDay);
}
export const USUARIO_COLUMNS = ['id', 'name', 'login', 'password_hash', 'email', 'nivel', 'empresa_id', 'setor', 'avatar', 'permissoes', 'situacao', 'token_version', 'created_at', 'updated_at'];

/** What was typed about person i (regenerated from its id): identity, then the per-shop fields (0..16). */
function pessoaGerada(p: Plan, i: number) {
  const id = p.pessoa.firstId + i;
  const pj = p.pessoa.tipo[i] === 1;
  const rng = Rng.for(p.seed, 'pessoa', id);
  const nome = pj ? companyName(rng) : personName(rng);
  const a = address(rng, cityTable.sample(rng));
  const tel1 = pessoaPhone(p, i);
  const created = tsOf(p.pessoa.firstDay[i], Math.max(0, p.pessoa.firstSec[i] - 120));
  const born = pj ? p.today - rng.int(365, 30 * 365) : p.today - rng.int(18 * 365, 75 * 365);
  const ref = rng.chance(0.5);
  const dados = [
    a.cep, a.endereco, a.numero, a.complemento, a.bairro, a.cidade, a.uf,
    tel1, rng.chance(0.4) ? landline(rng, a.ddd) : null,
    pj && ref ? `${rng.pick(TRADES)} ${rng.pick(PLACE_WORDS)}` : null, pj && ref ? landline(rng, a.ddd) : null,
    ref ? personName(rng) : null, ref ? cellPhone(rng, a.ddd) : null,
    pj ? rng.pick(TRADES) : rng.pick(OCCUPATIONS), String(pj ? rng.int(200, 5_000) * 100 : rng.int(15, 150) * 100),
    pj ? personName(rng) : null, pj ? cpfOf(900_000_000 - id) : null,
  ];
  return { id, pj, nome, born: isoOf(born), dados, created };
}

/** A person in one row, as before migration 0102 (a database not yet migrated to views). */
export function* pessoaLines(p: Plan) {
  for (let i = 0; i < p.pessoa.n; i++) {
    const g = pessoaGerada(p, i);
    yield line([g.id, g.pj ? 'J' : 'F', p.pessoa.docs[i], g.nome, g.born, ...g.dados, 'ATIVO', g.created, g.created]);
  }
}
export const PESSOA_COLUMNS = ['id', 'tipo_pessoa', 'cpf_cnpj', 'nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'telefone1', 'telefone2', 'ref_comercial', 'tel_ref_comercial', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'renda', 'socio_avalista', 'cpf_avalista', 'situacao', 'created_at', 'updated_at'];

/** The person's identity (migration 0102 on: decision 104); what shops typed goes to their views. */
export function* pessoaIdentidadeLines(p: Plan) {
  for (let i = 0; i < p.pessoa.n; i++) {
    const g = pessoaGerada(p, i);
    yield line([g.id, g.pj ? 'J' : 'F', p.pessoa.docs[i], g.nome, g.born, 'ATIVO', g.created, g.created]);
  }
}
export const PESSOA_IDENTIDADE_COLUMNS = ['id', 'tipo_pessoa', 'cpf_cnpj', 'nome_razao', 'data_nascimento', 'situacao', 'created_at', 'updated_at'];

const DADOS_COLUMNS = ['nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'telefone1', 'telefone2', 'ref_comercial', 'tel_ref_comercial', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'renda', 'socio_avalista', 'cpf_avalista'];

/** One view per (person, shop) of the guarantees, from the shop's first request (decision 104). */
export function* pessoaVisaoLines(p: Plan, phase: Phase) {
  const ga = p.garantia;
  const seen = new Set<number>();
  for (let g = 0; g < ga.n; g++) {
    const key = ga.pessoa[g] * 100_000 + ga.empresa[g];
    if (seen.has(key)) continue;
    seen.add(key);
    const d = pessoaGerada(p, ga.pessoa[g]);
    const at = tsOf(ga.day[g], ga.sec[g]);
    yield line([phase.ids.next('pessoa_visao'), d.id, p.empresas[ga.empresa[g]].id, d.nome, d.born, ...d.dados, at, at]);
  }
}
export const PESSOA_VISAO_COLUMNS = ['id', 'pessoa_id', 'empresa_id', ...DADOS_COLUMNS, 'created_at', 'updated_at'];

/** Each guarantee's snapshot of what its shop typed. */
export function* garantiaPessoaLines(p: Plan) {
  const ga = p.garantia;
  for (let g = 0; g < ga.n; g++) {
    const d = pessoaGerada(p, ga.pessoa[g]);
    yield line([ga.firstId + g, d.nome, d.born, ...d.dados, 'solicitacao', tsOf(ga.day[g], ga.sec[g])]);
  }
}
export const GARANTIA_PESSOA_COLUMNS = ['garantia_id', ...DADOS_COLUMNS, 'origem', 'created_at'];

/** The empresa of each person's first guarantee (-1: none): whose view its extra phones belong to. */
function primeiraEmpresa(p: Plan): Int32Array {
  const out = new Int32Array(p.pessoa.n).fill(-1);
  for (let g = 0; g < p.garantia.n; g++) if (out[p.garantia.pessoa[g]] < 0) out[p.garantia.pessoa[g]] = p.empresas[p.garantia.empresa[g]].id;
  return out;
}

/** Extra phones; with views (decision 104) each in the view of the person's first shop (none: the administradores'). */
export function* telefoneLines(p: Plan, phase: Phase, comVisao = false) {
  const rng = new Rng(`${p.seed}:telefones`);
  const empresaDe = comVisao ? primeiraEmpresa(p) : null;
  for (let i = 0; i < p.pessoa.n; i++) {
    if (!rng.chance(0.35)) continue;
    const ddd = pessoaPhone(p, i).slice(0, 2);
    for (let k = rng.int(1, 3); k > 0; k--) {
      const day = Math.min(p.today, p.pessoa.firstDay[i] + rng.int(0, 200));
      const row = [phase.ids.next('pessoa_telefone'), p.pessoa.firstId + i, rng.chance(0.7) ? cellPhone(rng, ddd) : landline(rng, ddd), rng.pick(['Próprio', 'Trabalho', 'Mãe', 'Cônjuge', 'Irmão(ã)', 'Recado']), rng.pick(p.admins), tsOf(day, 9 * 3600 + rng.int(0, 9 * 3600))];
      yield line(empresaDe ? [...row, empresaDe[i] < 0 ? null : empresaDe[i]] : row);
    }
  }
}
export const TELEFONE_COLUMNS = ['id', 'pessoa_id', 'telefone', 'contato', 'usuario_id', 'created_at'];
export const TELEFONE_VISAO_COLUMNS = [...TELEFONE_COLUMNS, 'empresa_id'];

export function* cpfSuspeitoLines(p: Plan, phase: Phase, count: number) {
  const rng = new Rng(`${p.seed}:suspeitos`);
  const used = new Set<string>();
  const motivos = ['Documento com indício de fraude', 'Contestação de compra não reconhecida pelo titular', 'Cadastro com dados divergentes', 'Tentativa de compra com documento de terceiro', 'Solicitação do titular (documento extraviado)'];
  for (let k = 0; k < count; k++) {
    // half are customers of the dataset, half documents never seen
    const doc = rng.chance(0.5) ? p.pessoa.docs[rng.int(0, p.pessoa.n - 1)] : cpfOf(700_000_000 + k);
    if (used.has(doc) || phase.existingSuspeitos.has(doc)) continue;
    used.add(doc);
    yield line([phase.ids.next('cpf_suspeito'), doc, rng.pick(motivos), rng.pick(p.admins), tsOf(p.today - rng.int(0, p.today - p.start), 9 * 3600 + rng.int(0, 9 * 3600))]);
  }
}
export const CPF_SUSPEITO_COLUMNS = ['id', 'cpf_cnpj', 'motivo', 'usuario_id', 'created_at'];
