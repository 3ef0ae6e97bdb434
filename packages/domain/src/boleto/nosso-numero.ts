import { bankProfile, type BankCode } from './bank-profiles.js';
import type { CampoLivreInput } from './campo-livre/bank-profile.js';

export type NossoNumeroInput = CampoLivreInput & { bank: BankCode };

/**
 * The nosso número exactly as the bank prints it in the slip's "Nosso Número" box — Caixa SIGCB:
 * carteira + emissão + 15-digit sequence, "-" DV (`14000000000000019-7`); Banco do Brasil: the
 * convênio and sequence, with a DV for 4/6-digit convênios. The only formatting of it: the slip
 * (buildBoleto), the receipt and every screen show this, never the bare sequence.
 */
export function formatNossoNumero(input: NossoNumeroInput): string {
  return bankProfile(input.bank).ourNumberFormatted(input);
}
