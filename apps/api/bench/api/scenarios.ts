import { todayInSaoPaulo } from '@bg/domain';
import type { Db } from '../../src/db/client.js';
import type { Actor } from '../../src/shared/actor.js';
import { fileLinkSigner } from '../../src/modules/files/signed-link.js';
import { listGarantias } from '../../src/modules/garantia/list-garantias.js';
import { getGarantia } from '../../src/modules/garantia/get-garantia.js';
import { listBoletos } from '../../src/modules/boletos/list-boletos.js';
import { getBoleto } from '../../src/modules/boletos/get-boleto.js';
import { listGarantiasImpressao } from '../../src/modules/boletos/list-garantias-impressao.js';
import { listPessoas } from '../../src/modules/pessoa/list-pessoas.js';
import { getPessoa } from '../../src/modules/pessoa/get-pessoa.js';
import { listInadimplentes } from '../../src/modules/cobranca/list-inadimplentes.js';
import { listAcordos } from '../../src/modules/cobranca/list-acordos.js';
import { listAgendamentos } from '../../src/modules/cobranca/list-agendamentos.js';
import { listAntecipacoes } from '../../src/modules/antecipacao/list-antecipacoes.js';
import { listRemessas } from '../../src/modules/cnab/list-remessas.js';
import { listRetornos } from '../../src/modules/cnab/list-retornos.js';
import { getFaturamento } from '../../src/modules/relatorio/get-faturamento.js';
import { getFechamento } from '../../src/modules/relatorio/get-fechamento.js';
import { getExposicao } from '../../src/modules/credito/risco/get-exposicao.js';
import { getVintage } from '../../src/modules/credito/risco/get-vintage.js';
import { getRolagem } from '../../src/modules/credito/risco/get-rolagem.js';
import { getPrimeiroPagamento } from '../../src/modules/credito/risco/get-primeiro-pagamento.js';
import { getCuraAcordo } from '../../src/modules/credito/risco/get-cura-acordo.js';
import { getPerdas } from '../../src/modules/credito/risco/get-perdas.js';
import { getProvisoes } from '../../src/modules/credito/risco/get-provisoes.js';

/**
 * The calls bench:api measures. Each has its HTTP request and, for the lists and reports, the
 * same use-case called directly (its SQL is captured once and replayed through the driver: the
 * "bare SQL" of the call). Parameters come from the dataset itself (probe()), so they hit rows.
 */
export type Probe = {
  admin: Actor;
  loja: Actor;
  lojaEmpresaId: number;
  bigEmpresaId: number;
  nome: string;
  sobrenome: string;
  docPrefix: string;
  garantiaId: number;
  boletoId: number;
  pessoaId: number;
};

export type Scenario = {
  name: string;
  group: 'lista' | 'relatório' | 'detalhe' | 'login' | 'base';
  method: 'GET' | 'POST';
  path: string;
  as: 'admin' | 'loja' | null;
  body?: unknown;
  /** seconds per call: measured with one connection only, few samples */
  slow?: boolean;
  /** the use-case as the route calls it, for the SQL capture */
  run?: (db: Db) => Promise<unknown>;
};

const qs = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

export function scenarios(p: Probe): Scenario[] {
  const links = fileLinkSigner('bench', 600);
  const today = todayInSaoPaulo();
  const mes = today.slice(0, 7);
  const periodo = { mes: Number(today.slice(5, 7)), ano: Number(today.slice(0, 4)) };
  const anterior = periodo.mes === 1 ? { mes: 12, ano: periodo.ano - 1 } : { mes: periodo.mes - 1, ano: periodo.ano };
  const fechamento = { empresa_id: p.bigEmpresaId, ...anterior };
  const page = { page: 1, per_page: 15 };
  const list = (name: string, path: string, query: Record<string, string | number>, run: (db: Db) => Promise<unknown>, as: 'admin' | 'loja' = 'admin'): Scenario => ({
    name, group: 'lista', method: 'GET', path: `${path}?${qs({ ...page, ...query })}`, as, run,
  });
  return [
    // the floor of every call: HTTP and JSON alone, then with the session check (token + user row)
    { name: 'health (sem sessão)', group: 'base', method: 'GET', path: '/api/health', as: null },
    { name: 'usuario/getUserCurrent (só a sessão)', group: 'base', method: 'GET', path: '/api/usuario/getUserCurrent', as: 'admin' },
    { name: 'login', group: 'login', method: 'POST', path: '/api/login', as: null, body: { username: 'admin', password: 'admin123' } },
    list('garantia/getAllPaginate', '/api/garantia/getAllPaginate', {}, (db) => listGarantias(db, p.admin, page)),
    list('garantia/getAllPaginate pesquisa nome', '/api/garantia/getAllPaginate', { pesquisa: p.nome }, (db) => listGarantias(db, p.admin, { ...page, pesquisa: p.nome })),
    list('garantia/getAllPaginate pesquisa sobrenome', '/api/garantia/getAllPaginate', { pesquisa: p.sobrenome }, (db) => listGarantias(db, p.admin, { ...page, pesquisa: p.sobrenome })),
    list('garantia/getAllPaginate pesquisa CPF', '/api/garantia/getAllPaginate', { pesquisa: p.docPrefix }, (db) => listGarantias(db, p.admin, { ...page, pesquisa: p.docPrefix })),
    list('garantia/getAllPaginate PENDENTE', '/api/garantia/getAllPaginate', { situacao: 'PENDENTE' }, (db) => listGarantias(db, p.admin, { ...page, situacao: 'PENDENTE' })),
    list('garantia/getAllPaginate loja', '/api/garantia/getAllPaginate', { empresa_id: p.bigEmpresaId }, (db) => listGarantias(db, p.admin, { ...page, empresa_id: p.bigEmpresaId })),
    list('boleto/getAllPaginate', '/api/boleto/getAllPaginate', {}, (db) => listBoletos(db, p.admin, page)),
    list('boleto/getAllPaginate GARANTIDO + loja', '/api/boleto/getAllPaginate', { situacao: 'GARANTIDO', empresa_id: p.bigEmpresaId }, (db) =>
      listBoletos(db, p.admin, { ...page, situacao: 'GARANTIDO', empresa_id: p.bigEmpresaId }),
    ),
    list('boleto/getAllPaginate pesquisa nome', '/api/boleto/getAllPaginate', { pesquisa: p.nome }, (db) => listBoletos(db, p.admin, { ...page, pesquisa: p.nome })),
    list('Recebimentos (usuário da loja)', '/api/boleto/getAllPaginate', { situacao: 'GARANTIDO' }, (db) => listBoletos(db, p.loja, { ...page, situacao: 'GARANTIDO' }), 'loja'),
    list('Impressão de Boletos (usuário da loja)', '/api/boleto/getGarantiasImpressao', {}, (db) => listGarantiasImpressao(db, p.loja, page), 'loja'),
    list('pessoa/getAllPaginate pesquisa', '/api/pessoa/getAllPaginate', { pesquisa: p.sobrenome }, (db) => listPessoas(db, p.admin, { ...page, pesquisa: p.sobrenome })),
    list('pessoa/getInadimplentes', '/api/pessoa/getInadimplentes', {}, (db) => listInadimplentes(db, p.admin, page)),
    list('pessoa/getInadimplentes pesquisa', '/api/pessoa/getInadimplentes', { pesquisa: p.sobrenome }, (db) => listInadimplentes(db, p.admin, { ...page, pesquisa: p.sobrenome })),
    list('acordo/getAll (mês)', '/api/acordo/getAll', { mes }, (db) => listAcordos(db, p.admin, { ...page, mes })),
    list('pessoa/getAllNotesPaginate (mês)', '/api/pessoa/getAllNotesPaginate', { mes }, (db) => listAgendamentos(db, p.admin, { ...page, mes })),
    list('relatorio/getAllAntecipacao', '/api/relatorio/getAllAntecipacao', {}, (db) => listAntecipacoes(db, p.admin, page)),
    list('boleto/getRemessas', '/api/boleto/getRemessas', {}, (db) => listRemessas(db, links, p.admin, page)),
    list('retorno/getAllPaginate', '/api/retorno/getAllPaginate', {}, (db) => listRetornos(db, p.admin, page)),
    {
      name: 'relatorio/getFaturamento', group: 'relatório', method: 'GET', path: `/api/relatorio/getFaturamento?${qs(periodo)}`, as: 'admin', slow: true,
      run: (db) => getFaturamento(db, p.admin, periodo),
    },
    {
      // one shop-month: the biggest shop's previous (whole) month, its ledger entries by the bank's dates
      name: 'relatorio/getFechamento (loja-mês)', group: 'relatório', method: 'GET', path: `/api/relatorio/getFechamento?${qs(fechamento)}`, as: 'admin', slow: true,
      run: (db) => getFechamento(db, p.admin, fechamento),
    },
    // Risco da carteira (issue 29, docs/risco.md): each screen of /financeiro/risco, on the summaries
    // of risco.atualizar (its complete run must have run once on the dataset: docs/performance.md)
    ...riscoScenarios(today, p.admin),
    { name: 'garantia/getById', group: 'detalhe', method: 'GET', path: `/api/garantia/getById/${p.garantiaId}`, as: 'admin', run: (db) => getGarantia(db, links, p.admin, p.garantiaId) },
    { name: 'boleto/getById', group: 'detalhe', method: 'GET', path: `/api/boleto/getById/${p.boletoId}`, as: 'admin', run: (db) => getBoleto(db, p.admin, p.boletoId) },
    { name: 'pessoa/getById', group: 'detalhe', method: 'GET', path: `/api/pessoa/getById/${p.pessoaId}`, as: 'admin', run: (db) => getPessoa(db, p.admin, p.pessoaId) },
  ];
}

/** The risk screens: the last 24 months (the default screen asks for 12). */
function riscoScenarios(today: string, admin: Actor): Scenario[] {
  const ate = today.slice(0, 7);
  const t = Number(ate.slice(0, 4)) * 12 + Number(ate.slice(5, 7)) - 1 - 23;
  const periodo = { de: `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`, ate };
  const r = (name: string, path: string, run: (db: Db) => Promise<unknown>, q: Record<string, string> = {}): Scenario => ({
    name: `risco/${name}`, group: 'relatório', method: 'GET', path: `/api/risco/${path}${Object.keys(q).length ? `?${qs(q)}` : ''}`, as: 'admin', run,
  });
  return [
    r('exposicao', 'exposicao', (db) => getExposicao(db, admin)),
    r('vintage (24 meses)', 'vintage', (db) => getVintage(db, admin, periodo, today), periodo),
    r('rolagem', 'rolagem', (db) => getRolagem(db, admin, {})),
    r('primeiro-pagamento (24 meses)', 'primeiro-pagamento', (db) => getPrimeiroPagamento(db, admin, periodo, today), periodo),
    r('cura-acordo (24 meses)', 'cura-acordo', (db) => getCuraAcordo(db, admin, periodo, today), periodo),
    r('perdas (24 meses)', 'perdas', (db) => getPerdas(db, admin, periodo, today), periodo),
    r('provisoes', 'provisoes', (db) => getProvisoes(db, admin)),
  ];
}

type Rows = <T>(sql: string) => Promise<T[]>;

/** Parameters taken from the data: a real name, a common surname, a document prefix, big ids. */
export async function probe(rows: Rows): Promise<Probe> {
  const actor = async (login: string): Promise<Actor> => {
    const [u] = await rows<{ id: number; nivel: '1' | '2' | '3'; empresa_id: number | null; name: string }>(`select id, nivel, empresa_id, name from usuario where login = '${login}'`);
    if (!u) throw new Error(`usuário ${login} não encontrado: rode npm run seed:scale antes`);
    return { id: u.id, nivel: u.nivel, empresa_id: u.empresa_id, name: u.name, ip: '127.0.0.1' };
  };
  const admin = await actor('admin');
  const loja = await actor('loja');
  const [big] = await rows<{ id: number }>('select empresa_id as id from garantia group by empresa_id order by count(*) desc limit 1');
  // a guarantee from the middle of the data, released, with its person
  const [g] = await rows<{ id: number; pessoa_id: number; nome: string; doc: string; boleto: number }>(
    `select g.id, g.pessoa_id, p.nome_razao as nome, p.cpf_cnpj as doc, (select min(b.id) from boleto b where b.garantia_id = g.id) as boleto
       from garantia g join pessoa p on p.id = g.pessoa_id
      where g.libera_boleto = 'S' and g.id >= (select (min(id) + max(id)) / 2 from garantia) and p.tipo_pessoa = 'F'
      order by g.id limit 1`,
  );
  const parts = g.nome.split(' ');
  return {
    admin,
    loja,
    lojaEmpresaId: loja.empresa_id!,
    bigEmpresaId: big.id,
    nome: `${parts[0]} ${parts[1]}`,
    sobrenome: 'Silva',
    docPrefix: `${g.doc.slice(0, 3)}.${g.doc.slice(3, 6)}`,
    garantiaId: g.id,
    boletoId: g.boleto,
    pessoaId: g.pessoa_id,
  };
}
