import { BoletoError } from '../boleto-error.js';
import { padDigits } from '../digits.js';
import { modulo11Sum } from '../modulo.js';
import type { BankProfile, CampoLivreFields, CampoLivreInput } from './bank-profile.js';

/**
 * Sicredi (748). Nosso número: "Manual CNAB 240 Sicredi" (August 2019, laravel-boleto's
 * manuais/SICREDI/novos/), pp. 9-11; campo livre: "Manual do Beneficiário — Cobrança CNAB 400"
 * (18/06/2014, brcobranca's docs/Sicredi/), item 10.7.1-10.7.2, pp. 51-52.
 *
 * Nosso número (9) = ano 2 + byte de geração 1 (2-9: gerado pelo beneficiário; 1 only for slips
 * pre-printed by the cooperativa) + sequencial 5 + DV. DV (p. 10): módulo 11, weights 2..9 from
 * the right, over cooperativa 4 + posto 2 + beneficiário 5 + ano + byte + sequencial; 11 − rest,
 * 10 and 11 → 0. Printed "AA/BNNNNN-D" (p. 9).
 * Campo livre (25) = tipo de cobrança 1 ("1" com registro, "3" sem registro) + carteira "1"
 * (simples) + nosso número 9 + cooperativa 4 + posto 2 + beneficiário 5 + "1" (slip with a value;
 * "0" without) + "0" + DV: módulo 11 of the first 24, rest 0 or 1 → 0.
 *
 * Our fields: `agency` = cooperativa and posto as the slip prints them, "0165.02" (Sicredi has no
 * field of ours for the posto, and the agência is where it belongs: "Agência/Código do
 * Beneficiário 0165.02.00623"); `beneficiaryCode` = código do beneficiário (5 digits); `wallet` =
 * tipo de cobrança ("1"); `ourNumber` = the 8 digits ano + byte + sequencial ("26200001", or the
 * number 26200001): the year belongs to the number the bank registers, so the sequence that
 * numbers a conta Sicredi carries it — a conta starts at AA200001 (decision 124).
 */

/** Cooperativa (4) and posto (2) from "0165.02" or "0165/02". */
export function sicrediAgency(agency: CampoLivreInput['agency']): { cooperativa: string; posto: string } {
  const m = typeof agency === 'string' ? /^(\d{1,4})[./](\d{1,2})$/.exec(agency.trim()) : null;
  if (!m) throw new BoletoError('ENTRADA_INVALIDA', 'Agência Sicredi: informe cooperativa e posto (ex. 0165.02).', 'agency');
  return { cooperativa: m[1].padStart(4, '0'), posto: m[2].padStart(2, '0') };
}

function walletOf(wallet: string): string {
  const w = typeof wallet === 'string' ? wallet.trim() : '';
  if (w !== '1' && w !== '3') throw new BoletoError('ENTRADA_INVALIDA', 'Carteira Sicredi deve ser 1 (com registro) ou 3 (sem registro).', 'wallet');
  return w;
}

/** Ano + byte + sequencial, 8 digits; the byte must say who numbered it (1-9). */
function ourNumber8(value: CampoLivreInput['ourNumber']): string {
  const nn = padDigits(value, 8, 'ourNumber', 'Nosso número Sicredi (ano, byte e sequencial: 8 dígitos)');
  if (nn[2] === '0') {
    throw new BoletoError('ENTRADA_INVALIDA', `Nosso número Sicredi "${nn}": o 3º dígito é o byte de geração (2 a 9; 1 só em boletos pré-impressos), ex. 26200001.`, 'ourNumber');
  }
  return nn;
}

/** 11 − (sum mod 11) with 10 and 11 written as 0 (the nosso número's and the campo livre's DV). */
export function sicrediModulo11(digits: string): string {
  const r = 11 - (modulo11Sum(digits) % 11);
  return r >= 10 ? '0' : String(r);
}

function parts(input: CampoLivreInput) {
  const { cooperativa, posto } = sicrediAgency(input.agency);
  const beneficiary = padDigits(typeof input.beneficiaryCode === 'string' ? input.beneficiaryCode.trim() : input.beneficiaryCode, 5, 'beneficiaryCode', 'Código do beneficiário Sicredi (5 dígitos)');
  const nn = ourNumber8(input.ourNumber);
  const dv = sicrediModulo11(cooperativa + posto + beneficiary + nn);
  return { cooperativa, posto, beneficiary, nn, dv, wallet: walletOf(input.wallet) };
}

function buildCampoLivre(input: CampoLivreInput): string {
  const p = parts(input);
  const withValue = input.amountCents === 0 ? '0' : '1';
  const first24 = p.wallet + '1' + p.nn + p.dv + p.cooperativa + p.posto + p.beneficiary + withValue + '0';
  return first24 + sicrediModulo11(first24);
}

function ourNumberFormatted(input: CampoLivreInput): string {
  const p = parts(input);
  return `${p.nn.slice(0, 2)}/${p.nn.slice(2)}-${p.dv}`;
}

function decodeCampoLivre(campoLivre: string): CampoLivreFields {
  if (!/^\d{25}$/.test(campoLivre)) throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  const c = campoLivre;
  const dv = sicrediModulo11(c.slice(0, 24));
  if (c[24] !== dv) throw new BoletoError('DV_INVALIDO', `DV do campo livre Sicredi inválido: ${c[24]} (esperado ${dv}).`, 'campoLivre');
  const nn = c.slice(2, 10);
  const nnDv = sicrediModulo11(c.slice(11, 22) + nn);
  if (c[10] !== nnDv) throw new BoletoError('DV_INVALIDO', `DV do nosso número Sicredi inválido: ${c[10]} (esperado ${nnDv}).`, 'campoLivre');
  return {
    wallet: c[0],
    ourNumber: nn,
    ourNumberFormatted: `${nn.slice(0, 2)}/${nn.slice(2)}-${nnDv}`,
    agency: `${c.slice(11, 15)}.${c.slice(15, 17)}`,
    beneficiaryCode: c.slice(17, 22),
  };
}

/** Ano of `today` (YYYY-MM-DD), byte 2 (gerado pelo beneficiário), sequencial 00001. */
function firstSequence(today: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new BoletoError('ENTRADA_INVALIDA', `Data inválida: "${today}".`, 'today');
  return Number(today.slice(2, 4)) * 1_000_000 + 200_001;
}

/** The year's last: byte 9, sequencial 99999 (bytes 2-9 are the beneficiary's, p. 9). */
function lastSequence(today: string): number {
  return firstSequence(today) - 200_001 + 999_999;
}

export const sicrediProfile: BankProfile = {
  code: '748',
  name: 'Sicredi',
  buildCampoLivre,
  ourNumberFormatted,
  decodeCampoLivre,
  firstSequence,
  lastSequence,
};
