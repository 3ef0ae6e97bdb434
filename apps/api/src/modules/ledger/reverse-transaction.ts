import { eq } from 'drizzle-orm';
import { LEDGER_KEY, reversedLines, todayInSaoPaulo, type IsoDate, type LedgerLine } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { ledgerAccount, ledgerEntry, ledgerTransaction } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { postTransaction, type PostedTransaction } from './post-transaction.js';

/**
 * A correction (decision 109): a new transaction of kind `estorno` with the original's lines on the
 * other side, naming the original (`reverses_id`, unique: a transaction is reversed once; key
 * `estorno:<id>`). Nothing posted is ever changed. Dated `occurredOn` (default today): the
 * original's month keeps its figures and the correction shows in the month it was made.
 */
export async function reverseTransaction(tx: DbOrTx, transactionId: number, motivo: string, usuarioId: number | null, occurredOn: IsoDate = todayInSaoPaulo()): Promise<PostedTransaction> {
  const [original] = await tx.select().from(ledgerTransaction).where(eq(ledgerTransaction.id, transactionId));
  if (!original) throw notFound('Registro');
  if (original.kind === 'estorno') throw new AppError('WRONG_STATE', 'Um estorno não é estornado: lance a operação de novo.');
  const rows = await tx
    .select({ side: ledgerEntry.side, amount: ledgerEntry.amount_cents, boleto_id: ledgerEntry.boleto_id, code: ledgerAccount.code, empresa_id: ledgerAccount.empresa_id, pessoa_id: ledgerAccount.pessoa_id })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.account_id))
    .where(eq(ledgerEntry.transaction_id, transactionId))
    .orderBy(ledgerEntry.id);
  const lines: LedgerLine[] = rows.map((r) => ({ account: { code: r.code, empresaId: r.empresa_id, pessoaId: r.pessoa_id }, side: r.side, amountCents: Number(r.amount), boletoId: r.boleto_id }));
  return postTransaction(tx, {
    idempotencyKey: LEDGER_KEY.estorno(transactionId),
    kind: 'estorno',
    occurredOn,
    description: `Estorno de "${original.description}": ${motivo}`.slice(0, 300),
    reversesId: transactionId,
    refs: {
      boletoId: original.boleto_id,
      antecipacaoId: original.antecipacao_id,
      acordoId: original.acordo_id,
      repasseId: original.repasse_id,
      empresaId: original.empresa_id,
      pessoaId: original.pessoa_id,
      usuarioId,
    },
    lines: reversedLines(lines),
  });
}
