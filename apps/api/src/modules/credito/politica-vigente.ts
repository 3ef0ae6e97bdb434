import { desc, eq } from 'drizzle-orm';
import { toCents, type LimitesPolitica, type PoliticaAvaliavel } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { politicaCredito } from '../../db/schema/index.js';

export type PoliticaPublicada = PoliticaAvaliavel & {
  id: number;
  publicado_em: Date;
  publicado_por: number;
};

const cents = (v: string | null) => (v === null ? null : toCents(v));

export function limitesDe(row: Pick<typeof politicaCredito.$inferSelect, 'limite_boleto' | 'limite_garantia' | 'limite_loja' | 'limite_documento'>): LimitesPolitica {
  return {
    boleto_cents: cents(row.limite_boleto),
    garantia_cents: cents(row.limite_garantia),
    loja_cents: cents(row.limite_loja),
    documento_cents: cents(row.limite_documento),
  };
}

/**
 * The credit policy in force (issue 29, docs/credito.md): the one PUBLICADA version (a unique
 * partial index keeps it one) with its rules and its limits in integer centavos — per boleto, per
 * guarantee, per shop and per CPF/CNPJ across every shop — or null when none was ever published
 * (then every request goes to the analysts, as before policies existed). Read by the submission's
 * evaluation and by /financeiro/risco's limit use.
 */
export async function politicaPublicada(db: DbOrTx): Promise<PoliticaPublicada | null> {
  const [row] = await db.select().from(politicaCredito).where(eq(politicaCredito.status, 'PUBLICADA')).orderBy(desc(politicaCredito.versao)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    versao: row.versao,
    regras: row.regras,
    limites: limitesDe(row),
    liberacao_automatica: row.liberacao_automatica,
    publicado_em: row.publicado_em!,
    publicado_por: row.publicado_por!,
  };
}
