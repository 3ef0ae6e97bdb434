import { BoletoError } from '../boleto-error.js';
import { agencyDigits, padDigits } from '../digits.js';
import type { BankProfile, CampoLivreFields, CampoLivreInput } from './bank-profile.js';

/**
 * Sicoob (756), "Leiaute Cobrança Sicoob — Sistemas de Terceiro" (planilha of 22/08/2017 in
 * brcobranca's docs/Sicoob/), sheet "02.Especificações do Boleto", items 3.13 and 3.29:
 *
 * Campo livre (25) = carteira 1 + cooperativa 4 + modalidade 2 + código do cliente 7 + nosso
 * número 7 + its DV 1 + parcela 3 ("001": we never split a slip in parcelas of the bank).
 * Nosso número DV (item 3.13): cooperativa (4) + código do cliente with its DV (10) + nosso número
 * (7), weighed left to right by the constant 3197 repeated; DV = 11 − (sum mod 11), and 0 when the
 * rest is 0 or 1. Printed "NNNNNNN-D" (as BoletoNetCore prints it).
 *
 * Our fields: `agency` = cooperativa ("4327" or "4327-3", the DV dropped); `beneficiaryCode` =
 * código do cliente with its DV ("229385" or "22938-5", up to 7 digits; it is not the conta
 * corrente); `wallet` = carteira/modalidade as the Sicoob's "Capa" writes it ("1/01"), or the
 * modalidade alone ("01", carteira 1); `ourNumber` = the sequence, up to 7 digits.
 */

const WEIGHTS = [3, 1, 9, 7];
const PARCELA = '001';

/** Carteira (1 digit) and modalidade (2 digits) from "1/01", "1-01", "101" or "01". */
export function sicoobWallet(wallet: string): { carteira: string; modalidade: string } {
  const w = typeof wallet === 'string' ? wallet.trim() : '';
  const full = /^(\d)[/-]?(\d{2})$/.exec(w);
  if (full) return { carteira: full[1], modalidade: full[2] };
  if (/^\d{2}$/.test(w)) return { carteira: '1', modalidade: w };
  throw new BoletoError('ENTRADA_INVALIDA', 'Carteira Sicoob: informe carteira/modalidade (ex. 1/01).', 'wallet');
}

/** Código do cliente with its DV, 7 digits ("22938-5" → "0229385"). */
export function sicoobClientCode(value: CampoLivreInput['beneficiaryCode']): string {
  const text = typeof value === 'string' ? value.trim().replace(/^(\d+)-(\d)$/, '$1$2') : value;
  if (text === '' || text === undefined) throw new BoletoError('ENTRADA_INVALIDA', 'Código do cliente Sicoob é obrigatório.', 'beneficiaryCode');
  return padDigits(text, 7, 'beneficiaryCode', 'Código do cliente Sicoob (com DV, até 7 dígitos)');
}

/** DV of the nosso número (item 3.13): constant 3197 over cooperativa + cliente (10) + número (7). */
export function sicoobOurNumberDv(cooperativa4: string, client7: string, number7: string): string {
  const digits = cooperativa4 + client7.padStart(10, '0') + number7;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * WEIGHTS[i % 4];
  const rest = sum % 11;
  return rest <= 1 ? '0' : String(11 - rest);
}

function parts(input: CampoLivreInput) {
  if (input.agency === undefined || input.agency === '') throw new BoletoError('ENTRADA_INVALIDA', 'Cooperativa é obrigatória para boletos Sicoob.', 'agency');
  const cooperativa = agencyDigits(input.agency);
  const client = sicoobClientCode(input.beneficiaryCode);
  const { carteira, modalidade } = sicoobWallet(input.wallet);
  const number = padDigits(input.ourNumber, 7, 'ourNumber', 'Nosso número Sicoob (7 dígitos)');
  return { cooperativa, client, carteira, modalidade, number, dv: sicoobOurNumberDv(cooperativa, client, number) };
}

function buildCampoLivre(input: CampoLivreInput): string {
  const p = parts(input);
  return p.carteira + p.cooperativa + p.modalidade + p.client + p.number + p.dv + PARCELA;
}

function ourNumberFormatted(input: CampoLivreInput): string {
  const p = parts(input);
  return `${p.number}-${p.dv}`;
}

function decodeCampoLivre(campoLivre: string): CampoLivreFields {
  if (!/^\d{25}$/.test(campoLivre)) throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  const c = campoLivre;
  const cooperativa = c.slice(1, 5);
  const client = c.slice(7, 14);
  const number = c.slice(14, 21);
  const dv = sicoobOurNumberDv(cooperativa, client, number);
  if (c[21] !== dv) throw new BoletoError('DV_INVALIDO', `DV do nosso número Sicoob inválido: ${c[21]} (esperado ${dv}).`, 'campoLivre');
  return { wallet: `${c[0]}/${c.slice(5, 7)}`, agency: cooperativa, beneficiaryCode: client, ourNumber: number, ourNumberFormatted: `${number}-${dv}`, parcela: c.slice(22) };
}

export const sicoobProfile: BankProfile = {
  code: '756',
  name: 'Sicoob',
  buildCampoLivre,
  ourNumberFormatted,
  decodeCampoLivre,
};
