import { and, asc, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
import { INADIMPLENTE_MAX_TELEFONES, OPEN_SITUACOES, REMOVED_SITUACOES } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { boleto, pessoaTelefone, pessoaVisao } from '../../db/schema/index.js';

/**
 * A boleto still owed by its debtor (DOMAIN.md "Collections"): open — GARANTIDO, ENVIADO PARA
 * REGISTRO, DISPONÍVEL PARA PAGAMENTO, or QUITADO by the guarantor and not yet recovered — or
 * removed from the bank by an acordo that was cancelled (decision 109), and not replaced by an
 * acordo that was not cancelled. Overdue ones make the person a defaulter. The domain's
 * `isPendente` and the SQL function `inadimplencia_devido` (migration 0131) say the same.
 */
export function boletoPendente(): SQL {
  return and(
    or(
      inArray(boleto.situacao, OPEN_SITUACOES),
      and(inArray(boleto.situacao, REMOVED_SITUACOES), sql`exists (select 1 from acordo_boleto ab where ab.boleto_id = ${boleto.id})`),
    ),
    sql`not exists (select 1 from acordo_boleto ab where ab.boleto_id = ${boleto.id} and ab.vigente)`,
  )!;
}

/**
 * Every phone of each person, digits, without repeats: telefone1 and telefone2 of each view (the
 * latest changed first), then the extra ones by age. Collections are the administradores', who
 * read every shop's view (decision 104).
 */
export async function telefonesDasPessoas(db: DbOrTx, pessoaIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (!pessoaIds.length) return result;
  const add = (id: number, tel: string | null) => {
    if (!tel) return;
    const list = result.get(id) ?? [];
    if (!list.includes(tel)) list.push(tel);
    result.set(id, list);
  };
  const main = await db
    .select({ id: pessoaVisao.pessoa_id, t1: pessoaVisao.telefone1, t2: pessoaVisao.telefone2 })
    .from(pessoaVisao)
    .where(inArray(pessoaVisao.pessoa_id, pessoaIds))
    .orderBy(desc(pessoaVisao.updated_at), desc(pessoaVisao.id));
  for (const p of main) {
    add(p.id, p.t1);
    add(p.id, p.t2);
  }
  const extra = await db
    .select({ id: pessoaTelefone.pessoa_id, tel: pessoaTelefone.telefone })
    .from(pessoaTelefone)
    .where(inArray(pessoaTelefone.pessoa_id, pessoaIds))
    .orderBy(asc(pessoaTelefone.id));
  for (const e of extra) add(e.id, e.tel);
  return result;
}

/** The list shows up to four phones (spec §2 Inadimplentes). */
export function telefonesDaLista(all: string[] | undefined): string[] {
  return (all ?? []).slice(0, INADIMPLENTE_MAX_TELEFONES);
}
