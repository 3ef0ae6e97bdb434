import { assembleBarcode, assertAmountCents } from './barcode.js';
import { bankProfile, type BankCode } from './bank-profiles.js';
import type { CampoLivreInput } from './campo-livre/bank-profile.js';
import { digitableLineFromBarcode } from './digitable-line.js';
import { assertDueDateEncodable, dueDateToFactor } from './fator-vencimento.js';
import { formatNossoNumero } from './nosso-numero.js';

export interface BuildBoletoInput extends CampoLivreInput {
  bank: BankCode;
  /** Integer centavos, 0..99_999_999_99. */
  amountCents: number;
  /** 'YYYY-MM-DD'; null writes fator 0000 ("sem vencimento"), which few bank products accept. */
  dueDate: string | null;
  /**
   * The day the slip is issued ('YYYY-MM-DD', São Paulo). When given, a due date the barcode read
   * that day would decode to another date is refused (assertDueDateEncodable).
   */
  issueDate?: string;
}

export interface BuiltBoleto {
  /** 44 digits, what the Interleaved 2 of 5 bars encode. */
  barcode: string;
  /** Printed form: "00190.00009 01149.718601 68524.522114 6 75860000102656". */
  digitableLine: string;
  /** As the bank prints it in the "Nosso Número" box. */
  ourNumberFormatted: string;
}

/**
 * Everything printable that identifies a boleto, from the bank's data and the title's value and
 * due date. Validates every input and throws BoletoError (Portuguese message, `field` set) so the
 * caller can show the message as is.
 */
export function buildBoleto(input: BuildBoletoInput): BuiltBoleto {
  const profile = bankProfile(input.bank);
  assertAmountCents(input.amountCents);
  if (input.dueDate !== null && input.issueDate !== undefined) assertDueDateEncodable(input.dueDate, input.issueDate);
  const factor = input.dueDate === null ? 0 : dueDateToFactor(input.dueDate);
  const campoLivre = profile.buildCampoLivre(input);
  const barcode = assembleBarcode({ bank: profile.code, factor, amountCents: input.amountCents, campoLivre });
  return {
    barcode,
    digitableLine: digitableLineFromBarcode(barcode),
    ourNumberFormatted: formatNossoNumero(input),
  };
}
