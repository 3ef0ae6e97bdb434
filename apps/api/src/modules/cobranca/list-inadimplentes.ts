import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { fromCents, todayInSaoPaulo, toCents } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { boleto, garantia, pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, pagedTotal, textSearch } from '../../shared/paged-select.js';
import { assertAdministrador } from './cobranca-access.js';
import { boletoPendente, telefonesDaLista, telefonesDasPessoas } from './pendentes.js';

export type ListInadimplentesInput = { page: number; per_page: number; pesquisa?: string };

/**
 * GET /api/pessoa/getInadimplentes: people with at least one overdue pending boleto (DOMAIN.md
 * "Collections"), by name, with how many, how much and the longest delay, and whether the document
 * has an active SPC record. Searched by name or document digits.
 */
export async function listInadimplentes(db: Db, actor: Actor, input: ListInadimplentesInput, today = todayInSaoPaulo()) {
  assertAdministrador(actor);
  const page = await db.transaction(async (tx) => {
    // The planner takes most open boletos for overdue (situação and vencimento are correlated: at
    // 1 M boletos it expects 100 k rows for 25 k) and picks a parallel plan in which every worker
    // repeats the whole aggregate — twice the time of one process, with the CPUs the API needs.
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return pageOfInadimplentes(tx, input, today);
  });
  const telefones = await telefonesDasPessoas(db, page.data.map((r) => r.id));
  return {
    ...page,
    data: page.data.map(({ paged_total: _total, ...r }) => ({
      ...r,
      qtd_boletos: Number(r.qtd_boletos),
      valor_vencido: fromCents(toCents(r.valor_vencido)),
      maior_atraso: Number(r.maior_atraso),
      spc_ativo: Boolean(r.spc_ativo),
      telefones: telefonesDaLista(telefones.get(r.id)),
    })),
  };
}

function pageOfInadimplentes(db: DbOrTx, input: ListInadimplentesInput, today: string) {
  const vencidos = db
    .select({
      pessoa_id: garantia.pessoa_id,
      qtd: sql<number>`count(*)::int`.as('qtd'),
      valor: sql<string>`sum(${boleto.valor})::text`.as('valor'),
      maior_atraso: sql<number>`max(${today}::date - ${boleto.vencimento})::int`.as('maior_atraso'),
    })
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .where(and(boletoPendente(), lt(boleto.vencimento, today)))
    .groupBy(garantia.pessoa_id)
    .as('vencidos');
  const query = db
    .select({
      id: pessoa.id,
      nome_razao: pessoa.nome_razao,
      cpf_cnpj: pessoa.cpf_cnpj,
      qtd_boletos: vencidos.qtd,
      valor_vencido: vencidos.valor,
      maior_atraso: vencidos.maior_atraso,
      spc_ativo: sql<boolean>`exists (select 1 from spc_inclusao s where s.cpf_cnpj = ${pessoa.cpf_cnpj} and s.status = 'ATIVA')`,
      paged_total: pagedTotal,
    })
    .from(vencidos)
    .innerJoin(pessoa, eq(pessoa.id, vencidos.pessoa_id))
    .where(textSearch(input.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj] }))
    .$dynamic();
  // grouped: the database reads every overdue boleto before the first row, so the exact count
  // costs no more than a capped one; 'window' takes it from the page query (one aggregate, not two)
  return pagedSelect(db, query, { ...input, orderBy: [asc(pessoa.nome_razao), asc(pessoa.id)], count: 'window' });
}
