import { sql } from 'drizzle-orm';
import { FAIXAS_RISCO, type FaixaRisco } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { recordAudit } from '../../audit/record-audit.js';
import { assertAdmin } from '../../tenancy/access.js';
import { RISCO_SO_ADMIN } from './get-exposicao.js';

/**
 * POST /api/risco/provisoes/faixas (administrador): stores the provision percentage of the buckets
 * given (0–100, two decimals), in one transaction with the audit record of what changed. Saving the
 * same figures again changes nothing and records nothing.
 */
export async function salvarFaixasProvisao(db: DbOrTx, actor: Actor, faixas: { faixa: FaixaRisco; percentual: number }[]): Promise<{ alteradas: number }> {
  assertAdmin(actor, RISCO_SO_ADMIN);
  return db.transaction(async (tx) => {
    const antes = (await tx.execute(sql`select faixa, percentual::text from risco_provisao_faixa order by ordem for update`)) as { rows: { faixa: string; percentual: string }[] };
    const atual = new Map(antes.rows.map((r) => [r.faixa, Number(r.percentual)]));
    const mudancas: Record<string, { de: number; para: number }> = {};
    for (const f of faixas) {
      const pct = Math.round(f.percentual * 100) / 100;
      if (atual.get(f.faixa) === pct) continue;
      await tx.execute(sql`update risco_provisao_faixa set percentual = ${pct.toFixed(2)}::numeric, updated_by = ${actor.id}, updated_at = now() where faixa = ${f.faixa}`);
      mudancas[f.faixa] = { de: atual.get(f.faixa)!, para: pct };
    }
    const alteradas = Object.keys(mudancas).length;
    if (alteradas) await recordAudit(tx, actor, { action: 'risco.provisao_faixas', entity: 'risco_provisao_faixa', summary: mudancas });
    return { alteradas };
  });
}

/** POST /api/risco/provisoes/faixas/padrao (administrador): back to Res. CMN 2.682's minimums. */
export async function restaurarFaixasProvisao(db: DbOrTx, actor: Actor): Promise<{ alteradas: number }> {
  return salvarFaixasProvisao(db, actor, FAIXAS_RISCO.map((f) => ({ faixa: f.faixa, percentual: f.percentual })));
}
