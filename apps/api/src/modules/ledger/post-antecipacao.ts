import { asc, eq } from 'drizzle-orm';
import { antecipacaoDraft, todayInSaoPaulo, toCents, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { antecipacao, antecipacaoBoleto } from '../../db/schema/index.js';
import { postTransaction, type PostedTransaction } from './post-transaction.js';

/**
 * An advance approved: the shop is paid its total_antecipacao from the bank, the fees are revenue
 * and each boleto's value an advance to recover (antecipacaoDraft), with the figures stored with
 * the request. In the approval's transaction; key `antecipacao-aprovada:<id>`.
 */
export async function postAntecipacaoAprovada(tx: DbOrTx, antecipacaoId: number, usuarioId: number | null, occurredOn: IsoDate = todayInSaoPaulo()): Promise<PostedTransaction> {
  const [a] = await tx.select().from(antecipacao).where(eq(antecipacao.id, antecipacaoId));
  const boletos = await tx
    .select({ boleto_id: antecipacaoBoleto.boleto_id, valor: antecipacaoBoleto.valor })
    .from(antecipacaoBoleto)
    .where(eq(antecipacaoBoleto.antecipacao_id, antecipacaoId))
    .orderBy(asc(antecipacaoBoleto.boleto_id));
  return postTransaction(
    tx,
    antecipacaoDraft({
      antecipacaoId,
      empresaId: a.empresa_id,
      occurredOn,
      boletos: boletos.map((b) => ({ boletoId: b.boleto_id, valorCents: toCents(b.valor) })),
      totalAntecipacaoCents: toCents(a.total_antecipacao),
      totalProrataCents: toCents(a.total_prorata),
      totalTaxaCents: toCents(a.total_taxa_antecipacao),
      taxaBasicaCents: toCents(a.taxa_basica),
      usuarioId,
    }),
  );
}
