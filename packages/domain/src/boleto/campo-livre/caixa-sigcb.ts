import { BoletoError } from '../boleto-error.js';
import { agencyDigits, digitsOf, padDigits } from '../digits.js';
import { modulo11Caixa } from '../modulo.js';
import type { BankProfile, CampoLivreFields, CampoLivreInput } from './bank-profile.js';

/**
 * Caixa Econômica Federal (104), SIGCB layout ("Especificações Técnicas para Emissão de Boletos
 * Cobrança Bancária CAIXA - SIGCB").
 *
 * Nosso número: 17 digits = modalidade (1 registrada, 2 sem registro) + emissão (4 = beneficiário)
 * + 15 free digits; printed "XYNNNNNNNNNNNNNNN-D".
 *
 * Campo livre (25):
 *   código do beneficiário 6 + its DV (codes from 1_100_000 take all 7 positions, no DV)
 *   · NN 3-5 · NN 1 (constante 1) · NN 6-8 · NN 2 (constante 2) · NN 9-17 · DV campo livre.
 * The bank interleaves the two constants so the free digits read in order around them.
 * All three DVs are mod 11 with results above 9 mapped to 0.
 */

const EMISSAO_BENEFICIARIO = '4';
const SEQUENCE_LENGTH = 15;
/** First code of Caixa's 7-digit range, which has no DV in the barcode. */
const FIRST_SEVEN_DIGIT_CODE = 1_100_000;

/** Carteira as the beneficiary may call it → the modalidade digit Caixa puts in the nosso número. */
const MODALIDADE: Record<string, '1' | '2'> = { '1': '1', RG: '1', '2': '2', SR: '2' };

function modalidade(wallet: string): '1' | '2' {
  const m = typeof wallet === 'string' ? MODALIDADE[wallet.trim().toUpperCase()] : undefined;
  if (!m) {
    throw new BoletoError('ENTRADA_INVALIDA', 'Carteira Caixa inválida: use "RG"/"1" (registrada) ou "SR"/"2" (sem registro).', 'wallet');
  }
  return m;
}

/** The 7 barcode positions of the código do beneficiário (6 digits + DV, or the 7-digit code). */
export function caixaBeneficiaryField(beneficiaryCode: string | number): string {
  const digits = digitsOf(beneficiaryCode, 'beneficiaryCode', 'Código do beneficiário');
  const value = digits.length <= 7 ? Number(digits) : NaN;
  if (value >= 1 && value <= 999_999) {
    const six = digits.slice(-6).padStart(6, '0');
    return six + String(modulo11Caixa(six));
  }
  if (value >= FIRST_SEVEN_DIGIT_CODE && value <= 9_999_999) return digits;
  throw new BoletoError(
    'ENTRADA_INVALIDA',
    'Código do beneficiário Caixa inválido: use de 1 a 999999 (6 dígitos) ou de 1100000 a 9999999 (7 dígitos).',
    'beneficiaryCode',
  );
}

/** The 17-digit nosso número without DV. */
function ourNumber17(input: CampoLivreInput): string {
  const sequence = padDigits(input.ourNumber, SEQUENCE_LENGTH, 'ourNumber', 'Nosso número (sequencial Caixa)');
  return modalidade(input.wallet) + EMISSAO_BENEFICIARIO + sequence;
}

function buildCampoLivre(input: CampoLivreInput): string {
  if (input.agency !== undefined) agencyDigits(input.agency); // not in the barcode; still reject garbage
  const beneficiary = caixaBeneficiaryField(input.beneficiaryCode);
  const nn = ourNumber17(input);
  const body = beneficiary + nn.slice(2, 5) + nn[0] + nn.slice(5, 8) + nn[1] + nn.slice(8, 17);
  return body + String(modulo11Caixa(body));
}

function ourNumberFormatted(input: CampoLivreInput): string {
  const nn = ourNumber17(input);
  return `${nn}-${modulo11Caixa(nn)}`;
}

function decodeCampoLivre(campoLivre: string): CampoLivreFields {
  if (!/^\d{25}$/.test(campoLivre)) {
    throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  }
  const expected = modulo11Caixa(campoLivre.slice(0, 24));
  if (Number(campoLivre[24]) !== expected) {
    throw new BoletoError('DV_INVALIDO', `DV do campo livre Caixa inválido: ${campoLivre[24]} (esperado ${expected}).`, 'campoLivre');
  }
  const c = campoLivre;
  const nn = c[10] + c[14] + c.slice(7, 10) + c.slice(11, 14) + c.slice(15, 24);
  // The 7 leading positions are "6 digits + DV" or a 7-digit code; the barcode alone cannot tell
  // which, so they are returned as they stand.
  return {
    beneficiaryField: c.slice(0, 7),
    modalidade: nn[0],
    emissao: nn[1],
    sequence: nn.slice(2),
    ourNumber: nn,
    ourNumberFormatted: `${nn}-${modulo11Caixa(nn)}`,
  };
}

export const caixaSigcbProfile: BankProfile = {
  code: '104',
  name: 'Caixa Econômica Federal (SIGCB)',
  buildCampoLivre,
  ourNumberFormatted,
  decodeCampoLivre,
};
