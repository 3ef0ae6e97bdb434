import { eq, inArray } from 'drizzle-orm';
import { boletoPosition, formatProtocol, toCents, type BoletoLedgerContext, type BoletoLedgerLine } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { boleto, garantia, ledgerAccount, ledgerEntry, ledgerTransaction } from '../../db/schema/index.js';

export type BoletoLedgerRow = BoletoLedgerContext & { vencimento: string; situacao: string | null };

/**
 * What the ledger rules need about some boletos (BoletoLedgerContext): owners, value, and the
 * position read from every ledger line that names them. Two queries whatever the count (a retorno
 * batch asks for hundreds). The caller holds the boletos' row locks when it is about to post.
 */
export async function loadBoletoContexts(tx: DbOrTx, boletoIds: readonly number[], usuarioId: number | null = null): Promise<Map<number, BoletoLedgerRow>> {
  const ids = [...new Set(boletoIds)];
  const result = new Map<number, BoletoLedgerRow>();
  if (!ids.length) return result;
  const rows = await tx
    .select({ id: boleto.id, parcela: boleto.parcela, garantiaId: garantia.id, garantiaDigito: garantia.digito, valor: boleto.valor, vencimento: boleto.vencimento, situacao: boleto.situacao, empresa_id: garantia.empresa_id, pessoa_id: garantia.pessoa_id })
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .where(inArray(boleto.id, ids));
  const lines = await tx
    .select({ boleto_id: ledgerEntry.boleto_id, transactionId: ledgerTransaction.id, kind: ledgerTransaction.kind, code: ledgerAccount.code, side: ledgerEntry.side, amountCents: ledgerEntry.amount_cents })
    .from(ledgerEntry)
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transaction_id))
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.account_id))
    .where(inArray(ledgerEntry.boleto_id, ids));
  const byBoleto = new Map<number, BoletoLedgerLine[]>();
  for (const l of lines) {
    const list = byBoleto.get(l.boleto_id!) ?? [];
    list.push({ transactionId: Number(l.transactionId), kind: l.kind, code: l.code, side: l.side, amountCents: Number(l.amountCents) });
    byBoleto.set(l.boleto_id!, list);
  }
  for (const r of rows) {
    result.set(r.id, {
      boletoId: r.id,
      // as the screens name a boleto: its guarantee's protocol and the parcela ("21-3/1")
      rotulo: `${formatProtocol(r.garantiaId, r.garantiaDigito)}/${r.parcela}`,
      empresaId: r.empresa_id,
      pessoaId: r.pessoa_id,
      usuarioId,
      vencimento: r.vencimento,
      situacao: r.situacao,
      position: boletoPosition(toCents(r.valor), byBoleto.get(r.id) ?? []),
    });
  }
  return result;
}

export async function loadBoletoContext(tx: DbOrTx, boletoId: number, usuarioId: number | null = null): Promise<BoletoLedgerRow> {
  const ctx = (await loadBoletoContexts(tx, [boletoId], usuarioId)).get(boletoId);
  if (!ctx) throw new Error(`Boleto ${boletoId} não encontrado para o razão.`);
  return ctx;
}
