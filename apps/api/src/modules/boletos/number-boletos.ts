import { and, asc, between, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { BoletoError, buildBoleto, formatNossoNumero, toCents, todayInSaoPaulo, type BankCode, type NossoNumeroInput } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { boleto, contaCobranca } from '../../db/schema/index.js';
import { boletoExtra } from '../../db/schema/boleto-extra.js';
import { AppError } from '../../errors/app-error.js';
import { allocateNossoNumero } from '../conta-cobranca/allocate-nosso-numero.js';
import type { ContaCobrancaRow } from '../conta-cobranca/insert-conta-cobranca.js';

/**
 * Gives every released boleto of a guarantee that has no nosso número yet its number (from the
 * account's sequence), barcode and linha digitável. Idempotent: numbered boletos are skipped, and
 * the UPDATE only matches a boleto still without a number, so a concurrent call cannot number it
 * twice (the loser's sequence value is simply not used). `janela` numbers only the boletos due
 * inside it (Gerar Remessa leaves the others out, decision 105); without it a due date the
 * barcode cannot carry answers 409.
 */
export async function numberBoletos(tx: DbOrTx, conta: ContaCobrancaRow, garantiaId: number, janela?: { first: string; last: string }): Promise<number> {
  const pending = await tx
    .select({ id: boleto.id, valor: boleto.valor, vencimento: boleto.vencimento })
    .from(boleto)
    .where(
      and(
        eq(boleto.garantia_id, garantiaId),
        isNull(boleto.nosso_numero),
        isNotNull(boleto.situacao),
        janela ? between(boleto.vencimento, janela.first, janela.last) : undefined,
      ),
    )
    .orderBy(asc(boleto.parcela))
    .for('update');
  let numbered = 0;
  for (const b of pending) {
    const nossoNumero = await allocateNossoNumero(tx, conta);
    const built = buildSlip(conta, nossoNumero, toCents(b.valor), b.vencimento);
    const done = await tx
      .update(boleto)
      .set({ nosso_numero: nossoNumero, codigo_barras: built.barcode, linha_digitavel: built.digitableLine })
      .where(and(eq(boleto.id, b.id), isNull(boleto.nosso_numero)))
      .returning({ id: boleto.id });
    if (done.length) {
      await tx.update(boletoExtra).set({ conta_cobranca_id: conta.id }).where(eq(boletoExtra.id, b.id));
      numbered++;
    }
  }
  return numbered;
}

/** Recomputes barcode and linha after a change of valor or vencimento (same nosso número). */
export async function renumberBoletos(tx: DbOrTx, conta: ContaCobrancaRow, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx.select().from(boleto).where(and(inArray(boleto.id, ids), isNotNull(boleto.nosso_numero)));
  for (const b of rows) {
    const built = buildSlip(conta, b.nosso_numero as number, toCents(b.valor), b.vencimento);
    if (built.barcode === b.codigo_barras && built.digitableLine === b.linha_digitavel) continue;
    await tx.update(boleto).set({ codigo_barras: built.barcode, linha_digitavel: built.digitableLine }).where(eq(boleto.id, b.id));
  }
}

/** The account columns that enter a boleto's bank numbers (select them to format a nosso número). */
export const contaBankColumns = {
  banco: contaCobranca.banco,
  agencia: contaCobranca.agencia,
  conta: contaCobranca.conta,
  codigo_beneficiario: contaCobranca.codigo_beneficiario,
  carteira: contaCobranca.carteira,
};

type ContaBank = Pick<ContaCobrancaRow, keyof typeof contaBankColumns>;

function bankInput(conta: ContaBank, nossoNumero: number): NossoNumeroInput {
  return {
    bank: conta.banco as BankCode,
    agency: conta.agencia,
    account: conta.conta ?? undefined,
    beneficiaryCode: conta.codigo_beneficiario,
    wallet: conta.carteira,
    ourNumber: nossoNumero,
  };
}

/** A bank layout error of a stored account is a state problem (409), never a crash. */
function asAppError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof BoletoError) throw new AppError('WRONG_STATE', `Não foi possível gerar o boleto: ${err.message}`);
    throw err;
  }
}

/**
 * Barcode and linha of a slip issued today: a due date the barcode read today would decode to
 * another day (9999-12-31 stored before issue 23) answers 409 with the reason, never a slip whose
 * barcode and printed date differ.
 */
export function buildSlip(conta: ContaBank, nossoNumero: number, amountCents: number, dueDate: string) {
  return asAppError(() => buildBoleto({ ...bankInput(conta, nossoNumero), amountCents, dueDate, issueDate: todayInSaoPaulo() }));
}

/**
 * The nosso número as the slip prints it (the domain's formatNossoNumero, the bank profile's
 * format), for the receipt and the boleto's detail; null before numbering.
 */
export function nossoNumeroFormatado(conta: ContaBank | null, nossoNumero: number | null): string | null {
  if (conta === null || nossoNumero === null) return null;
  return asAppError(() => formatNossoNumero(bankInput(conta, nossoNumero)));
}
