import type { BureauAdapter, Restricao } from '../../adapters/bureau/bureau.js';
import { documentHistory } from '../../adapters/bureau/document-history.js';
import { restricoesFromHistory } from '../../adapters/bureau/local-bureau.js';
import type { DbOrTx } from '../../db/client.js';

/**
 * DOMAIN.md lookup rules: the document is restricted when it is on the suspect list, has an open
 * overdue boleto in any empresa, has an active SPC inclusion (all three from our own data), or
 * the bureau adapter reports a restriction. Bureau items that repeat one of ours are dropped (the
 * local bureau reads the same data), so each reason is listed once.
 */
export async function documentRestrictions(db: DbOrTx, bureau: BureauAdapter, documento: string): Promise<Restricao[]> {
  const own = restricoesFromHistory(await documentHistory(db, documento));
  const external = await bureau.restritiva(db, documento);
  const codes = new Set(own.map((r) => r.codigo));
  const extra = external.restrito ? external.itens.filter((r) => !codes.has(r.codigo)) : [];
  return [...own, ...extra];
}
