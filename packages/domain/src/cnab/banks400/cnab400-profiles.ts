import type { CnabBankProfile400 } from './cnab400-bank-profile.js';
import { bancoDoBrasil001_400 } from './banco-do-brasil-001.js';
import { bradesco237 } from './bradesco-237.js';
import { itau341 } from './itau-341.js';
import { santander033 } from './santander-033.js';

/** The banks whose CNAB 400 Cobrança we read and write; CNAB 400 has no common standard to fall back on. */
export const CNAB400_BANK_PROFILES: Readonly<Record<string, CnabBankProfile400>> = {
  '341': itau341,
  '237': bradesco237,
  '033': santander033,
  '001': bancoDoBrasil001_400, // retorno only
};

export function cnab400Profile(bank: string): CnabBankProfile400 | null {
  return Object.prototype.hasOwnProperty.call(CNAB400_BANK_PROFILES, bank) ? CNAB400_BANK_PROFILES[bank] : null;
}
