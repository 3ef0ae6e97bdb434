import type { BureauAdapter, Restricao } from '../../adapters/bureau/bureau.js';
import type { DbOrTx } from '../../db/client.js';

/**
 * DOMAIN.md lookup rules: the document is restricted when it is on the suspect list, has an open
 * overdue boleto in any empresa, has an active SPC inclusion, or the bureau adapter reports a
 * restriction. All of it is the adapter's answer: the local bureau reads our own data (one history
 * query), and a production provider is completed with our own restrictions by chooseBureau
 * (adapters/bureau/with-own-restrictions.ts).
 */
export async function documentRestrictions(db: DbOrTx, bureau: BureauAdapter, documento: string): Promise<Restricao[]> {
  const result = await bureau.restritiva(db, documento);
  return result.restrito ? result.itens : [];
}
