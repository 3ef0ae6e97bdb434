import type { BureauAdapter, ResultadoRestritiva } from './bureau.js';
import { localBureau } from './local-bureau.js';

/**
 * A production bureau completed with what our own data proves. DOMAIN.md's lookup rules block a
 * document on our suspect list, with an open overdue boleto or an active SPC inclusion whatever
 * the provider says; `chooseBureau` wraps every provider but the local one (which already answers
 * exactly those) in this, so use-cases ask one adapter once and the document's history query runs
 * once. The provider's items that repeat one of ours (same code) are dropped, so each reason is
 * listed once. Analítica and the SPC inclusion/exclusion are the provider's own.
 */
export function withOwnRestrictions(provider: BureauAdapter, own: BureauAdapter = localBureau()): BureauAdapter {
  return {
    name: provider.name,
    async restritiva(db, documento): Promise<ResultadoRestritiva> {
      const ours = await own.restritiva(db, documento);
      const theirs = await provider.restritiva(db, documento);
      const codes = new Set(ours.itens.map((r) => r.codigo));
      const itens = [...ours.itens, ...(theirs.restrito ? theirs.itens.filter((r) => !codes.has(r.codigo)) : [])];
      return { provider: provider.name, restrito: itens.length > 0, itens, alertas: [...ours.alertas, ...theirs.alertas] };
    },
    analitica: (db, documento, context) => provider.analitica(db, documento, context),
    incluirSpc: (db, inclusao) => provider.incluirSpc(db, inclusao),
    excluirSpc: (db, exclusao) => provider.excluirSpc(db, exclusao),
  };
}
