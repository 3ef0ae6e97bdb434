import { BoletoError } from '../boleto-error.js';
import { padDigits } from '../digits.js';
import { modulo11Sum } from '../modulo.js';
import type { BankProfile, CampoLivreFields, CampoLivreInput } from './bank-profile.js';

/**
 * Santander (033), "Layout de Código de Barras Santander" (v31, January 2017; laravel-boleto's
 * manuais/SANTANDER/novos/), pp. 5-6 and 14:
 *
 * Campo livre (25, barcode positions 20-44) = "9" + código do beneficiário padrão Santander (7,
 * the "PSK") + nosso número 12 + its DV + IOF "0" (only insurers use 7..9) + carteira 3
 * (101 cobrança rápida com registro, 102 sem registro, 201 penhor rápida).
 * Nosso número's DV (p. 14): módulo 11 of the 12 digits, weights 2..9 from the right; rest 10 →
 * "1", rest 0 or 1 → "0", otherwise 11 − rest (the same digit as 11 − rest with 10 and 11 → 0).
 * Printed as the 12 digits, a hyphen and the DV ("000000000456-1", as BoletoNetCore prints it).
 *
 * CNAB 400 files carry only 8 positions (7 + DV, p. 5 "OBS"): a sequence above 9 999 999 cannot
 * be written in that layout, which banks400/santander-033.ts refuses; the barcode takes 12 digits.
 */

const WALLETS = new Set(['101', '102', '201']);

function carteira(wallet: string): string {
  const w = typeof wallet === 'string' ? wallet.trim() : '';
  if (!WALLETS.has(w)) throw new BoletoError('ENTRADA_INVALIDA', 'Carteira Santander deve ser 101, 102 ou 201.', 'wallet');
  return w;
}

/** Código do beneficiário padrão Santander, 7 digits (not the conta corrente). */
export function santanderBeneficiaryCode(input: Pick<CampoLivreInput, 'beneficiaryCode'>): string {
  const raw = input.beneficiaryCode;
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (value === undefined || value === '') throw new BoletoError('ENTRADA_INVALIDA', 'Código do beneficiário Santander é obrigatório.', 'beneficiaryCode');
  return padDigits(value, 7, 'beneficiaryCode', 'Código do beneficiário Santander (7 dígitos)');
}

/** DV of a nosso número (any length; leading zeros do not change it, so 7 or 12 digits agree). */
export function santanderOurNumberDv(digits: string): string {
  const rest = modulo11Sum(digits) % 11;
  if (rest === 10) return '1';
  if (rest === 0 || rest === 1) return '0';
  return String(11 - rest);
}

function parts(input: CampoLivreInput) {
  const code = santanderBeneficiaryCode(input);
  const wallet = carteira(input.wallet);
  const nn = padDigits(input.ourNumber, 12, 'ourNumber', 'Nosso número Santander (12 dígitos)');
  return { code, wallet, nn, dv: santanderOurNumberDv(nn) };
}

function buildCampoLivre(input: CampoLivreInput): string {
  const p = parts(input);
  return '9' + p.code + p.nn + p.dv + '0' + p.wallet;
}

function ourNumberFormatted(input: CampoLivreInput): string {
  const p = parts(input);
  return `${p.nn}-${p.dv}`;
}

function decodeCampoLivre(campoLivre: string): CampoLivreFields {
  if (!/^\d{25}$/.test(campoLivre)) throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  const c = campoLivre;
  if (c[0] !== '9') throw new BoletoError('DV_INVALIDO', `Campo livre Santander começa com "9", não com "${c[0]}".`, 'campoLivre');
  const nn = c.slice(8, 20);
  const dv = c[20];
  const expected = santanderOurNumberDv(nn);
  if (dv !== expected) throw new BoletoError('DV_INVALIDO', `Dígito do nosso número Santander deveria ser ${expected}, não ${dv}.`, 'campoLivre');
  return { beneficiaryCode: c.slice(1, 8), ourNumber: nn, ourNumberFormatted: `${nn}-${dv}`, iof: c[21], wallet: c.slice(22) };
}

export const santanderProfile: BankProfile = {
  code: '033',
  name: 'Santander',
  buildCampoLivre,
  ourNumberFormatted,
  decodeCampoLivre,
};
