import { BoletoError } from '../boleto-error.js';
import { agencyDigits, digitsOf, padDigits } from '../digits.js';
import { modulo10 } from '../modulo.js';
import type { BankProfile, CampoLivreFields, CampoLivreInput } from './bank-profile.js';

/**
 * Itaú Unibanco (341), "Cobrança CNAB 400 — Layout de Arquivos" (February 2016), Anexo A
 * "Boleto/Código de Barras" (pp. 48-57) and note 3 (DAC do nosso número, p. 35):
 *
 * Campo livre (25) = carteira 3 + nosso número 8 + DAC 1 + agência 4 + conta 5 + DAC 1 + "000".
 * - DAC of the nosso número: módulo 10 of agência + conta (without DAC) + carteira + nosso número;
 *   for carteiras 126, 131, 146, 150 and 168 of carteira + nosso número only.
 * - DAC of agência/conta: módulo 10 of agência + conta.
 * Printed nosso número: "CCC/NNNNNNNN-D".
 *
 * The conta corrente (5 digits, its DAC optional after a hyphen) comes from `account`, else from
 * `beneficiaryCode` (a conta de cobrança Itaú stores it as its código do beneficiário).
 * Not supported (BoletoError): the carteiras with "seu número" and código do cliente in the barcode
 * (106, 107, 122, 142, 143, 195, 196, 198 — Anexo 5, p. 58): nothing of ours issues them.
 */

const DAC_OVER_WALLET_ONLY = new Set(['126', '131', '146', '150', '168']);
const UNSUPPORTED_WALLETS = new Set(['106', '107', '122', '142', '143', '195', '196', '198']);

function carteira(wallet: string): string {
  const w = typeof wallet === 'string' ? wallet.trim() : '';
  if (!/^\d{3}$/.test(w)) throw new BoletoError('ENTRADA_INVALIDA', 'Carteira Itaú deve ter 3 dígitos (ex. 109).', 'wallet');
  if (UNSUPPORTED_WALLETS.has(w)) {
    throw new BoletoError('ENTRADA_INVALIDA', `Carteira Itaú ${w} (com seu número no código de barras) não é suportada; use uma carteira de cobrança simples, como a 109.`, 'wallet');
  }
  return w;
}

/** Conta corrente, 5 digits without its DAC ("53678" or "53678-9"). */
export function itauAccountDigits(input: Pick<CampoLivreInput, 'account' | 'beneficiaryCode'>): string {
  const raw = input.account !== undefined && input.account !== '' ? input.account : input.beneficiaryCode;
  const value = typeof raw === 'string' ? raw.trim().replace(/-\d$/, '') : raw;
  if (value === undefined || value === '') throw new BoletoError('ENTRADA_INVALIDA', 'Conta corrente Itaú é obrigatória.', 'account');
  return padDigits(value, 5, 'account', 'Conta corrente Itaú (5 dígitos)');
}

function requireAgency(agency: CampoLivreInput['agency']): string {
  if (agency === undefined || agency === '') throw new BoletoError('ENTRADA_INVALIDA', 'Agência é obrigatória para boletos Itaú.', 'agency');
  return agencyDigits(agency);
}

/** DAC of agência + conta (Anexo A): módulo 10. */
export function itauAccountDac(agency: string, account5: string): string {
  return String(modulo10(agency + account5));
}

function ourNumberDac(agency: string, account5: string, wallet: string, nn: string): string {
  return String(modulo10(DAC_OVER_WALLET_ONLY.has(wallet) ? wallet + nn : agency + account5 + wallet + nn));
}

function parts(input: CampoLivreInput) {
  const agency = requireAgency(input.agency);
  const account = itauAccountDigits(input);
  const wallet = carteira(input.wallet);
  const nn = padDigits(digitsOf(input.ourNumber, 'ourNumber', 'Nosso número'), 8, 'ourNumber', 'Nosso número Itaú (8 dígitos)');
  return { agency, account, wallet, nn, dac: ourNumberDac(agency, account, wallet, nn) };
}

function buildCampoLivre(input: CampoLivreInput): string {
  const p = parts(input);
  return p.wallet + p.nn + p.dac + p.agency + p.account + itauAccountDac(p.agency, p.account) + '000';
}

function ourNumberFormatted(input: CampoLivreInput): string {
  const p = parts(input);
  return `${p.wallet}/${p.nn}-${p.dac}`;
}

function decodeCampoLivre(campoLivre: string): CampoLivreFields {
  if (!/^\d{25}$/.test(campoLivre)) throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  const c = campoLivre;
  const wallet = c.slice(0, 3);
  const nn = c.slice(3, 11);
  const agency = c.slice(12, 16);
  const account = c.slice(16, 21);
  const dac = ourNumberDac(agency, account, wallet, nn);
  if (c[11] !== dac) throw new BoletoError('DV_INVALIDO', `DAC do nosso número Itaú inválido: ${c[11]} (esperado ${dac}).`, 'campoLivre');
  const accountDac = itauAccountDac(agency, account);
  if (c[21] !== accountDac) throw new BoletoError('DV_INVALIDO', `DAC da agência/conta Itaú inválido: ${c[21]} (esperado ${accountDac}).`, 'campoLivre');
  return { wallet, ourNumber: nn, ourNumberFormatted: `${wallet}/${nn}-${dac}`, agency, account: `${account}-${accountDac}` };
}

export const itauProfile: BankProfile = {
  code: '341',
  name: 'Itaú Unibanco',
  buildCampoLivre,
  ourNumberFormatted,
  decodeCampoLivre,
};
