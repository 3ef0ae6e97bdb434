import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bancoDivergencia, bancoRegistro } from '../../db/schema/index.js';

/**
 * The administrador's bank cards of Início (issue 26, docs/banks.md): "Boletos aguardando o banco"
 * (registrations not yet confirmed, those the bank answered with an error — an outage shows here —
 * and the oldest's wait) and "Diferenças na conciliação" (open findings of the daily reconciliation).
 */
export async function bancoResumo(db: DbOrTx, now: Date = new Date()) {
  const [aguardando] = await db
    .select({
      quantidade: sql<number>`count(*)::int`,
      com_erro: sql<number>`(count(*) filter (where ${bancoRegistro.ultimo_erro} is not null))::int`,
      desde: sql<Date | string | null>`min(${bancoRegistro.solicitado_em})`,
    })
    .from(bancoRegistro)
    .where(sql`${bancoRegistro.estado} in ('PENDENTE','ENVIANDO')`);
  const [abertas] = await db.select({ n: sql<number>`count(*)::int` }).from(bancoDivergencia).where(eq(bancoDivergencia.estado, 'ABERTA'));
  const desde = aguardando.desde === null ? null : new Date(aguardando.desde);
  return {
    bancoAguardando: {
      quantidade: Number(aguardando.quantidade),
      com_erro: Number(aguardando.com_erro),
      mais_antigo_desde: desde,
      mais_antigo_minutos: desde === null ? null : Math.max(0, Math.floor((now.getTime() - desde.getTime()) / 60_000)),
    },
    conciliacaoDiferencas: Number(abertas.n),
  };
}
