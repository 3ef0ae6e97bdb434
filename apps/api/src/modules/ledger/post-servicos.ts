import { and, eq, lt, sql } from 'drizzle-orm';
import { dayInSaoPaulo, servicoDraft, toCents, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { postTransaction, postTransactions, type PostedTransaction } from './post-transaction.js';

/**
 * A document lookup (consulta) charged to the shop at its valor_consulta, in the lookup's
 * transaction (refused lookups are billed too: decision 020). Nothing when the shop pays no consulta.
 * Key `consulta:<consulta_documento.id>`.
 */
export async function postConsulta(tx: DbOrTx, input: { consultaId: number; empresaId: number; createdAt?: Date }): Promise<PostedTransaction | null> {
  const [e] = await tx.select({ valor: empresa.valor_consulta }).from(empresa).where(eq(empresa.id, input.empresaId));
  const draft = e
    ? servicoDraft({ kind: 'consulta', consultaId: input.consultaId, empresaId: input.empresaId, valorCents: toCents(e.valor ?? '0'), occurredOn: dayInSaoPaulo(input.createdAt ?? new Date()) })
    : null;
  return draft ? postTransaction(tx, draft) : null;
}

/**
 * The mensalidade of a month (`YYYY-MM`) charged to every ATIVA shop registered by the end of that
 * month with a mensalidade above zero, dated the month's first day. Key `mensalidade:<empresa>:<mês>`:
 * the job runs every night and charges each shop once a month, a shop registered mid-month on the
 * next night; running it again charges nobody twice.
 */
export async function cobrarMensalidades(db: DbOrTx, mes: string): Promise<{ cobradas: number }> {
  const primeiroDia = `${mes}-01` as IsoDate;
  const lojas = await db
    .select({ id: empresa.id, mensalidade: empresa.mensalidade })
    .from(empresa)
    .where(and(eq(empresa.situacao, 'ATIVA'), lt(empresa.created_at, sql`(${primeiroDia}::date + interval '1 month')`)));
  const drafts = lojas.flatMap((l) => {
    const d = servicoDraft({ kind: 'mensalidade', empresaId: l.id, mes, valorCents: toCents(l.mensalidade ?? '0'), occurredOn: primeiroDia });
    return d ? [d] : [];
  });
  const posted = await postTransactions(db, drafts);
  return { cobradas: posted.filter((p) => p.created).length };
}
