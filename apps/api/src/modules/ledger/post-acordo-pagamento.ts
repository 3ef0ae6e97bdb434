import { eq } from 'drizzle-orm';
import { acordoPagamentoDraft, todayInSaoPaulo, toCents, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { acordo, acordoBoleto, acordoParcela } from '../../db/schema/index.js';
import { loadBoletoContexts } from './boleto-context.js';
import { postTransaction, type PostedTransaction } from './post-transaction.js';

/**
 * An acordo instalment received into the bank (acordoPagamentoDraft): the boletos' open principal
 * first, oldest due date first, each to whoever is owed it, the rest the acordo's revenue. In the
 * transaction that marks the instalment paid; key `acordo-parcela:<id>`. Nothing for R$ 0,00.
 */
export async function postAcordoPagamento(tx: DbOrTx, parcelaId: number, usuarioId: number | null, occurredOn: IsoDate = todayInSaoPaulo()): Promise<PostedTransaction | null> {
  const [p] = await tx
    .select({ acordo_id: acordoParcela.acordo_id, parcela: acordoParcela.parcela, valor: acordoParcela.valor, pessoa_id: acordo.pessoa_id })
    .from(acordoParcela)
    .innerJoin(acordo, eq(acordo.id, acordoParcela.acordo_id))
    .where(eq(acordoParcela.id, parcelaId));
  const covered = await tx.select({ boleto_id: acordoBoleto.boleto_id }).from(acordoBoleto).where(eq(acordoBoleto.acordo_id, p.acordo_id));
  const boletos = await loadBoletoContexts(tx, covered.map((c) => c.boleto_id), usuarioId);
  const draft = acordoPagamentoDraft({
    acordoId: p.acordo_id,
    parcelaId,
    parcela: p.parcela,
    pessoaId: p.pessoa_id,
    amountCents: toCents(p.valor),
    occurredOn,
    boletos: [...boletos.values()],
    usuarioId,
  });
  return draft ? postTransaction(tx, draft) : null;
}
