import { eq, sql } from 'drizzle-orm';
import { centsToDecimalText, POLITICA_PADRAO } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { politicaCredito, usuario } from '../db/schema/index.js';

/**
 * The demo's credit policy (issue 29, docs/credito.md): POLITICA_PADRAO published as version 1 by
 * the administrador, after the demo guarantees were made (they keep the statuses the seed gave them;
 * new requests in the demo are evaluated by it).
 */
export async function seedCredito(db: DbOrTx) {
  const [admin] = await db.select().from(usuario).where(eq(usuario.login, 'admin'));
  if (!admin) return;
  const l = POLITICA_PADRAO.limites;
  const m = (c: number | null) => (c === null ? null : centsToDecimalText(c));
  await db.insert(politicaCredito).values({
    versao: 1,
    status: 'PUBLICADA',
    regras: POLITICA_PADRAO.regras,
    limite_boleto: m(l.boleto_cents),
    limite_garantia: m(l.garantia_cents),
    limite_loja: m(l.loja_cents),
    limite_documento: m(l.documento_cents),
    liberacao_automatica: POLITICA_PADRAO.liberacao_automatica,
    observacao: 'Política padrão da demonstração',
    criado_por: admin.id,
    atualizado_por: admin.id,
    publicado_por: admin.id,
    publicado_em: sql`now()`,
  });
}
