import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { auto_explain } from '@electric-sql/pglite/contrib/auto_explain';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '@bg/domain';
import { openTestDatabase, type TestDatabase } from '../test-database.js';

// Every statement-level trigger stays linear in the rows a statement changes (issue 23, decision
// 105). Nothing is timed: auto_explain (ANALYZE, no timing) logs the plan of every statement the
// triggers run, and the test adds up the rows each plan node produced or threw away, times its
// loops — the work of the statement. A join of the transition tables planned as a nested loop
// (migrations 0097–0099: Gerar Remessa of 10 k boletos took 9.8 s) does n² of it, so 10 times the
// rows would cost 100 times the work; a linear plan costs about 10 times. Run on PostgreSQL 15 and
// on PGlite (PostgreSQL 18): the same SQL, two planners.

const SMALL = 150;
const LARGE = 1_500;
const PESSOAS = 2_000;
/** Enough for every measured statement below: 9 pairs of SMALL + LARGE boletos, 10 a guarantee. */
const POOL_GARANTIAS = 2_000;
/** Linear is ≈ 10 (plus fixed costs, which only lower it); quadratic is ≈ 100. */
const MAX_RATIO = 25;

type Session = {
  exec(text: string): Promise<Record<string, unknown>[]>;
  /** Runs one statement and answers the work of every plan auto_explain logged for it (its triggers' included). */
  work(text: string): Promise<Work>;
  close(): Promise<void>;
};

type PlanNode = {
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** Rows produced and rows discarded by every node, each per loop times its loops. */
function nodeWork(node: PlanNode): number {
  const perLoop = (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  const own = perLoop * Math.max(1, node['Actual Loops'] ?? 1);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + nodeWork(child), 0);
}

type Work = { total: number; /** the statement that did the most of it, for the failure message */ largest: string };

/** auto_explain's notices ("duration: … ms  plan:\n{ json }"), added up. */
function summarise(notices: string[]): Work {
  const byStatement = new Map<string, number>();
  for (const message of notices) {
    const start = message.indexOf('{');
    if (start < 0) continue;
    const parsed = JSON.parse(message.slice(start)) as { 'Query Text'?: string; Plan: PlanNode };
    const text = (parsed['Query Text'] ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
    byStatement.set(text, (byStatement.get(text) ?? 0) + nodeWork(parsed.Plan));
  }
  let total = 0;
  let largest = ['', -1] as [string, number];
  for (const entry of byStatement) {
    total += entry[1];
    if (entry[1] > largest[1]) largest = entry;
  }
  return { total, largest: `${largest[1]}: ${largest[0]}` };
}

const AUTO_EXPLAIN = [
  "LOAD 'auto_explain'",
  'SET auto_explain.log_min_duration = 0',
  'SET auto_explain.log_analyze = on',
  'SET auto_explain.log_timing = off',
  'SET auto_explain.log_nested_statements = on',
  'SET auto_explain.log_format = json',
  'SET auto_explain.log_level = notice',
  'SET client_min_messages = notice',
];

/** A session on a clone of the run's template: the server's own clone, or a PGlite opened with auto_explain. */
async function openSession(): Promise<Session & { drop(): Promise<void> }> {
  const template = inject('testDatabaseTemplate');
  if (template.kind === 'postgres') {
    const td = await openTestDatabase();
    const session = await pgSession(td);
    const drop = async () => {
      await session.close();
      await td.drop();
    };
    return { ...session, drop };
  }
  const session = await pgliteSession(template.dumpPath);
  return { ...session, drop: () => session.close() };
}

async function pgSession(td: TestDatabase): Promise<Session> {
  if (td.url) {
    const client = new pg.Client({ connectionString: td.url });
    await client.connect();
    let notices: string[] = [];
    client.on('notice', (n) => notices.push(n.message ?? ''));
    await client.query("SET TIME ZONE 'America/Sao_Paulo'");
    return {
      exec: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
      work: async (text) => {
        for (const s of AUTO_EXPLAIN) await client.query(s);
        notices = [];
        try {
          await client.query(text);
        } finally {
          await client.query('SET auto_explain.log_min_duration = -1');
        }
        return summarise(notices);
      },
      close: () => client.end(),
    };
  }
  throw new Error('clone do PostgreSQL sem URL');
}

/** PGlite: a clone of the run's template of our own (openTestDatabase's has no auto_explain). */
async function pgliteSession(dumpPath: string): Promise<Session> {
  const client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(fs.readFileSync(dumpPath))]), extensions: { pg_trgm, auto_explain } });
  await client.exec("SET TIME ZONE 'America/Sao_Paulo'");
  return {
    exec: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    work: async (text) => {
      await client.exec(AUTO_EXPLAIN.join(';\n'));
      const notices: string[] = [];
      try {
        await client.query(text, [], { onNotice: (n) => notices.push(n.message ?? '') });
      } finally {
        await client.exec('SET auto_explain.log_min_duration = -1');
      }
      return summarise(notices);
    },
    close: () => client.close(),
  };
}

// a few seconds on a quiet machine; auto_explain logs every per-row foreign-key check, which a
// loaded 2-CPU machine can stretch past the default 30 s on PGlite
describe('statement triggers do linear work (inadimplencia_resumo, boleto.empresa_id)', { timeout: 90_000 }, () => {
  let s: Awaited<ReturnType<typeof openSession>>;
  const today = todayInSaoPaulo();

  beforeAll(async () => {
    s = await openSession();
    await s.exec(`
      insert into empresa (cnpj, razao, fantasia, cep, endereco, numero, bairro, cidade, uf, email, tel1, comissao_franqueado, valor_consulta, mensalidade,
                           taxa_prorrata, antecipa, qtd_max_parcelas, simula_venda, situacao)
      values ('11222333000181', 'Linear Ltda', 'Linear', '01310100', 'Av. Paulista', '1', 'Bela Vista', 'São Paulo', 'SP', 'l@example.com', '1133334444',
              10, 3.5, 150, 0.1, 'N', 12, 'N', 'ATIVA')`);
    await s.exec(`
      insert into usuario (name, login, email, setor, permissoes, situacao, token_version, nivel, password_hash)
      values ('Linear', 'linear', 'linear@example.com', 'Vendas', '{}', 'ATIVO', 0, '1', 'x')`);
    await s.exec(`
      insert into pessoa (tipo_pessoa, cpf_cnpj, nome_razao)
      select 'F', lpad(i::text, 11, '0'), 'Pessoa ' || i
        from generate_series(1, ${PESSOAS}) i`);
    await s.exec(`
      insert into acordo (pessoa_id, descricao, status, valor, valor_sem_juros, multa, juros, taxa, valor_atualizado, valor_entrada,
                          numero_parcelas, ultimo_vencimento, data_simulacao, user_id)
      values ((select min(id) from pessoa), 'linear', 'ATIVO', 1, 1, 0, 0, 0, 1, 1, 1, '${today}', '${today}', (select min(id) from usuario))`);
    const rows = await s.exec(`
      insert into garantia (digito, empresa_id, usuario_id, pessoa_id, status, libera_boleto, qtd_titulo)
      select 0, (select min(id) from empresa), (select min(id) from usuario), (select min(id) from pessoa) + (g % ${PESSOAS}), 'APROVADO', 'S', 10
        from generate_series(1, ${POOL_GARANTIAS}) g
      returning id, empresa_id`);
    POOL.primeira = Math.min(...rows.map((r) => Number(r.id)));
    POOL.empresa = Number(rows[0].empresa_id);
    await s.exec(`select inadimplencia_virar_dia('${today}'::date)`);
    await s.exec('analyze');
  });
  afterAll(async () => {
    await s?.drop();
  });

  type Lote = { primeira: number; ultima: number; empresa: number };
  const POOL = { primeira: 0, empresa: 0 };

  let proxima = 0;
  /**
   * Guarantees for n boletos (10 each), taken from a pool made once: garantia keeps one size, so
   * the per-row lookups (the foreign key, boleto_empresa_da_garantia) cost the same for 200 rows
   * as for 2 000 — a table growing with the statement would grow their work, not the triggers'.
   */
  async function garantias(n: number): Promise<Lote> {
    const primeira = POOL.primeira + proxima;
    proxima += Math.ceil(n / 10);
    if (proxima > POOL_GARANTIAS) throw new Error('garantias do teste esgotadas');
    return { primeira, ultima: primeira + Math.ceil(n / 10) - 1, empresa: POOL.empresa };
  }

  /** n boletos DISPONÍVEL, due from 15 days ago on: about half overdue, so their people count. */
  function insertBoletos(n: number, l: Lote): string {
    return `
      insert into boleto (digito, garantia_id, parcela, valor, vencimento, situacao, empresa_id)
      select 0, ${l.primeira} + (i - 1) / 10, 1 + (i - 1) % 10, 100, '${addDays(today, -15)}'::date + ((i - 1) % 10) * 3, 'DISPONÍVEL PARA PAGAMENTO', ${l.empresa}
        from generate_series(1, ${n}) i`;
  }

  const doLote = (l: Lote) => `garantia_id between ${l.primeira} and ${l.ultima}`;

  /**
   * The work of the statement `make` builds for SMALL and for LARGE rows, each right after a
   * statement of the same kind that changed no row in the same session — what Gerar Remessa does
   * (its first bulk updates usually change nothing): the plan PL/pgSQL caches for an empty
   * transition table must not be one that loops over a full one.
   */
  async function workOf(vazio: string, make: (n: number) => Promise<string>): Promise<{ small: Work; large: Work }> {
    const measure = async (n: number) => {
      const statement = await make(n);
      // the statistics of a live database (a planner that thinks garantia holds 50 rows scans it
      // for each inserted boleto's foreign key: the table, not the trigger, would grow the work)
      await s.exec('analyze garantia, boleto, acordo_boleto');
      await s.exec(vazio);
      return s.work(statement);
    };
    const small = await measure(SMALL);
    const large = await measure(LARGE);
    return { small, large };
  }

  function expectLinear({ small, large }: { small: Work; large: Work }) {
    expect(small.total).toBeGreaterThan(0);
    expect(large.total / small.total, `trabalho ${small.total} → ${large.total}; o maior: ${large.largest}`).toBeLessThan(MAX_RATIO);
  }

  it('insert of boletos', async () => {
    expectLinear(await workOf('insert into boleto select * from boleto where false', async (n) => insertBoletos(n, await garantias(n))));
  });

  it('update of boletos: the remessa (DISPONÍVEL → ENVIADO PARA REGISTRO), and one that recounts every debtor', async () => {
    for (const set of [`situacao = 'ENVIADO PARA REGISTRO'`, `situacao = 'LIQUIDADO', vencimento = vencimento - 1, valor = valor + 1`]) {
      expectLinear(
        await workOf('update boleto set situacao = situacao where false', async (n) => {
          const l = await garantias(n);
          await s.exec(insertBoletos(n, l));
          return `update boleto set ${set}, updated_at = now() where ${doLote(l)}`;
        }),
      );
    }
  });

  it('delete of boletos', async () => {
    expectLinear(
      await workOf('delete from boleto where false', async (n) => {
        const l = await garantias(n);
        await s.exec(insertBoletos(n, l));
        return `delete from boleto where ${doLote(l)}`;
      }),
    );
  });

  it('acordo_boleto insert, update and delete', async () => {
    const acordo = Number((await s.exec('select min(id) as id from acordo'))[0].id);
    const vazios = { insert: 'insert into acordo_boleto select * from acordo_boleto where false', update: 'update acordo_boleto set vigente = vigente where false', delete: 'delete from acordo_boleto where false' };
    for (const step of ['insert', 'update', 'delete'] as const) {
      expectLinear(
        await workOf(vazios[step], async (n) => {
          const l = await garantias(n);
          await s.exec(insertBoletos(n, l));
          const mine = `select id from boleto where ${doLote(l)}`;
          const insert = `insert into acordo_boleto (acordo_id, boleto_id, valor, vencimento, dias_atraso, situacao_anterior, vigente)
                          select ${acordo}, id, 100, '${today}', 0, 'GARANTIDO', true from (${mine}) m`;
          if (step === 'insert') return insert;
          await s.exec(insert);
          if (step === 'update') return `update acordo_boleto set vigente = false where acordo_id = ${acordo} and boleto_id in (${mine})`;
          return `delete from acordo_boleto where acordo_id = ${acordo} and boleto_id in (${mine})`;
        }),
      );
    }
  });

  it('update of guarantees (another person; another empresa, carried to their boletos)', async () => {
    const outra = Number(
      (
        await s.exec(`
          insert into empresa (cnpj, razao, fantasia, cep, endereco, numero, bairro, cidade, uf, email, tel1, comissao_franqueado, valor_consulta, mensalidade,
                               taxa_prorrata, antecipa, qtd_max_parcelas, simula_venda, situacao)
          values ('11444777000161', 'Outra Ltda', 'Outra', '01310100', 'Av. Paulista', '1', 'Bela Vista', 'São Paulo', 'SP', 'o@example.com', '1133334444',
                  10, 3.5, 150, 0.1, 'N', 12, 'N', 'ATIVA') returning id`)
      )[0].id,
    );
    for (const set of ['pessoa_id = pessoa_id + 1', `empresa_id = ${outra}`]) {
      expectLinear(
        await workOf('update garantia set pessoa_id = pessoa_id where false', async (n) => {
          const l = await garantias(n);
          await s.exec(insertBoletos(n, l));
          return `update garantia set ${set} where id between ${l.primeira} and ${l.ultima} and pessoa_id < (select max(id) from pessoa)`;
        }),
      );
    }
  });

  it('update of people (the name copied to their summary rows, migration 0098)', async () => {
    let rodada = 0;
    expectLinear(
      await workOf('update pessoa set nome_razao = nome_razao where false', async (n) => {
        rodada++;
        return `update pessoa set nome_razao = 'Renomeada ${rodada} ' || id where id < (select min(id) from pessoa) + ${n}`;
      }),
    );
  });
});
