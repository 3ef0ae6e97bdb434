import { and, asc, gt, sql } from 'drizzle-orm';
import { fromCents, todayInSaoPaulo, toCents, COBRANCA_MSG } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { inadimplenciaResumo } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { assertAdmin } from '../tenancy/access.js';
import { telefonesDaLista, telefonesDasPessoas } from './pendentes.js';

export type ListInadimplentesInput = { page: number; per_page: number; pesquisa?: string };

/**
 * GET /api/pessoa/getInadimplentes: people with at least one overdue pending boleto (DOMAIN.md
 * "Collections"), by name, with how many, how much and the longest delay, and whether the document
 * has an active SPC record. Searched by name or document digits.
 *
 * The counts come from inadimplencia_resumo, which triggers keep per person as of one reference
 * day (migrations 0097 and 0098, decisions 097 and 098); the first call of a new day turns it (one recount of every
 * overdue boleto), the others read it as it is.
 */
export async function listInadimplentes(db: Db, actor: Actor, input: ListInadimplentesInput, today = todayInSaoPaulo()) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  await ensureInadimplenciaDay(db, today);
  const page = await pageOfInadimplentes(db, input, today);
  const telefones = await telefonesDasPessoas(db, page.data.map((r) => r.id));
  return {
    ...page,
    data: page.data.map((r) => ({
      ...r,
      qtd_boletos: Number(r.qtd_boletos),
      valor_vencido: fromCents(toCents(r.valor_vencido)),
      maior_atraso: Number(r.maior_atraso),
      spc_ativo: Boolean(r.spc_ativo),
      telefones: telefonesDaLista(telefones.get(r.id)),
    })),
  };
}

/**
 * Makes inadimplencia_resumo count as of `today`: a read when it already does; otherwise the day
 * turn, in its own transaction (concurrent calls: one recounts, the others wait and find it done).
 */
export async function ensureInadimplenciaDay(db: Db, today: string): Promise<void> {
  const { rows } = (await db.execute(sql`select dia::text as dia from inadimplencia_referencia`)) as { rows: { dia: string }[] };
  if (rows[0]?.dia === today) return;
  await db.transaction(async (tx) => {
    // the recount groups every overdue boleto; the planner overestimates them (situação and
    // vencimento are correlated) and in a parallel plan each worker repeated the whole aggregate
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`select inadimplencia_virar_dia(${today}::date)`);
  });
}

/** How many people the Inadimplentes list shows (Início's card counts the same people). */
export async function countInadimplentes(db: Db, today: string): Promise<number> {
  await ensureInadimplenciaDay(db, today);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inadimplenciaResumo).where(gt(inadimplenciaResumo.qtd, 0));
  return Number(row.n);
}

function pageOfInadimplentes(db: DbOrTx, input: ListInadimplentesInput, today: string) {
  const r = inadimplenciaResumo;
  const devedor = gt(r.qtd, 0);
  // the summary carries each debtor's name and document (migration 0098, decision 098): the list
  // searches, orders and counts the debtors alone, never the 200 k people
  const search = textSearch(input.pesquisa, { text: [r.nome_razao], digits: [r.cpf_cnpj] });
  const query = db
    .select({
      id: r.pessoa_id,
      nome_razao: r.nome_razao,
      cpf_cnpj: r.cpf_cnpj,
      qtd_boletos: r.qtd,
      valor_vencido: sql<string>`${r.valor}::text`,
      maior_atraso: sql<number>`(${today}::date - ${r.vencimento_mais_antigo})::int`,
      // qualified by hand: a select from one table renders its columns unqualified, which inside
      // this subquery would name spc_inclusao's own cpf_cnpj
      spc_ativo: sql<boolean>`exists (select 1 from spc_inclusao s where s.cpf_cnpj = inadimplencia_resumo.cpf_cnpj and s.status = 'ATIVA')`,
    })
    .from(r)
    .where(and(devedor, search))
    .$dynamic();
  // in name order from inadimplencia_resumo_nome_ordem_idx; without a search the exact count reads
  // the debtors' index, with one it is capped like every other list's (decision 080)
  const orderBy = [asc(r.nome_razao), asc(r.pessoa_id)];
  if (search) return pagedSelect(db, query, { ...input, orderBy });
  return pagedSelect(db, query, { ...input, orderBy, count: 'exact' });
}
