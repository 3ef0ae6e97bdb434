import { BoletoError } from './boleto-error.js';
import { bancoDoBrasilProfile } from './campo-livre/banco-do-brasil.js';
import { bradescoProfile } from './campo-livre/bradesco.js';
import type { BankProfile } from './campo-livre/bank-profile.js';
import { caixaSigcbProfile } from './campo-livre/caixa-sigcb.js';
import { itauProfile } from './campo-livre/itau.js';
import { santanderProfile } from './campo-livre/santander.js';
import { sicoobProfile } from './campo-livre/sicoob.js';
import { sicrediProfile } from './campo-livre/sicredi.js';

/**
 * The banks we can issue boletos for, by FEBRABAN code. Adding a bank = one profile file in
 * campo-livre/ plus one line here; BankCode widens with it, so callers get the new code typed.
 */
export const BANK_PROFILES = {
  '104': caixaSigcbProfile,
  '001': bancoDoBrasilProfile,
  '341': itauProfile,
  '237': bradescoProfile,
  '033': santanderProfile,
  '756': sicoobProfile,
  '748': sicrediProfile,
} as const satisfies Record<string, BankProfile>;

export type BankCode = keyof typeof BANK_PROFILES;

export function isBankCode(value: unknown): value is BankCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(BANK_PROFILES, value);
}

export function bankProfile(bank: unknown): BankProfile {
  if (!isBankCode(bank)) {
    const supported = Object.keys(BANK_PROFILES).join(', ');
    throw new BoletoError('BANCO_NAO_SUPORTADO', `Banco não suportado: "${String(bank)}" (suportados: ${supported}).`, 'bank');
  }
  return BANK_PROFILES[bank];
}
