import { BoletoError } from '../boleto-error.js';
import { agencyDigits, padDigits } from '../digits.js';
import type { BankProfile, CampoLivreFields, CampoLivreInput } from './bank-profile.js';

/**
 * Bradesco (237), "Layout de Cobrança – versão português" (4008-524-0121, brcobranca's
 * docs/Bradesco/), pp. 37-38:
 *
 * Campo livre (25) = agência 4 (without DV) + carteira 2 + nosso número 11 (without DV) + conta 7
 * (without DV) + "0".
 * Nosso número's DV ("dígito de auto-conferência", p. 37 and p. 18): módulo 11 base 7 of carteira +
 * nosso número, weights 2..7 from the right; rest 0 → "0", rest 1 → "P", else 11 − rest.
 * Printed "CC/NNNNNNNNNNN-D".
 *
 * The conta corrente comes from `account`, else from `beneficiaryCode` (DV optional after a hyphen).
 */

function carteira(wallet: string): string {
  const w = typeof wallet === 'string' ? wallet.trim() : '';
  if (!/^\d{1,2}$/.test(w)) throw new BoletoError('ENTRADA_INVALIDA', 'Carteira Bradesco deve ter 2 dígitos (ex. 09).', 'wallet');
  return w.padStart(2, '0');
}

/** Conta corrente, 7 digits without its DV ("61900" or "0061900-7"). */
export function bradescoAccountDigits(input: Pick<CampoLivreInput, 'account' | 'beneficiaryCode'>): string {
  const raw = input.account !== undefined && input.account !== '' ? input.account : input.beneficiaryCode;
  const value = typeof raw === 'string' ? raw.trim().replace(/-[\dpP]$/, '') : raw;
  if (value === undefined || value === '') throw new BoletoError('ENTRADA_INVALIDA', 'Conta corrente Bradesco é obrigatória.', 'account');
  return padDigits(value, 7, 'account', 'Conta corrente Bradesco (7 dígitos)');
}

/** Dígito de auto-conferência of carteira + nosso número (módulo 11 base 7). */
export function bradescoOurNumberDv(wallet2: string, ourNumber11: string): string {
  // the shared modulo11Sum weighs 2..9; base 7 restarts after 7, so the sum is computed here
  const digits = wallet2 + ourNumber11;
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  if (rest === 0) return '0';
  if (rest === 1) return 'P';
  return String(11 - rest);
}

function parts(input: CampoLivreInput) {
  if (input.agency === undefined || input.agency === '') throw new BoletoError('ENTRADA_INVALIDA', 'Agência é obrigatória para boletos Bradesco.', 'agency');
  const agency = agencyDigits(input.agency);
  const wallet = carteira(input.wallet);
  const nn = padDigits(input.ourNumber, 11, 'ourNumber', 'Nosso número Bradesco (11 dígitos)');
  return { agency, wallet, nn, account: bradescoAccountDigits(input) };
}

function buildCampoLivre(input: CampoLivreInput): string {
  const p = parts(input);
  return p.agency + p.wallet + p.nn + p.account + '0';
}

function ourNumberFormatted(input: CampoLivreInput): string {
  const p = parts(input);
  return `${p.wallet}/${p.nn}-${bradescoOurNumberDv(p.wallet, p.nn)}`;
}

function decodeCampoLivre(campoLivre: string): CampoLivreFields {
  if (!/^\d{25}$/.test(campoLivre)) throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  const c = campoLivre;
  if (c[24] !== '0') throw new BoletoError('DV_INVALIDO', `Campo livre Bradesco termina em "0", não em "${c[24]}".`, 'campoLivre');
  const wallet = c.slice(4, 6);
  const nn = c.slice(6, 17);
  return { agency: c.slice(0, 4), wallet, ourNumber: nn, ourNumberFormatted: `${wallet}/${nn}-${bradescoOurNumberDv(wallet, nn)}`, account: c.slice(17, 24) };
}

export const bradescoProfile: BankProfile = {
  code: '237',
  name: 'Bradesco',
  buildCampoLivre,
  ourNumberFormatted,
  decodeCampoLivre,
};
