import { BoletoError } from '../boleto-error.js';
import { agencyDigits, digitsOf, padDigits } from '../digits.js';
import { modulo11BancoDoBrasil } from '../modulo.js';
import type { BankProfile, CampoLivreFields, CampoLivreInput } from './bank-profile.js';

/**
 * Banco do Brasil (001), "Especificações Técnicas para Confecção de Boleto de Cobrança do BB".
 * The layout depends on the size of the convênio, so the convênio must be given with its leading
 * zeros (as a string) when it has 4 or 6 digits:
 *
 * - convênio 7 digits: nosso número 17 = convênio 7 + sequence 10, printed without DV;
 *   campo livre = "000000" + nosso número 17 + carteira 2.
 * - convênio 4 or 6 digits: nosso número 11 = convênio + sequence (7 or 5 digits), printed
 *   "CCCCCCNNNNN-X" with a mod-11 DV ("X" for 10); campo livre = nosso número 11 (no DV) +
 *   agência 4 + conta 8 + carteira 2.
 *
 * Not supported (BoletoError): the 6-digit convênio "nosso número livre de 17 posições" of carteiras
 * 16/18 sem registro, whose campo livre ends in service code "21" — nothing of ours uses it.
 */

const SEQUENCE_LENGTH_BY_CONVENIO: Record<number, number> = { 4: 7, 6: 5, 7: 10 };

function convenio(beneficiaryCode: string | number): string {
  const digits = digitsOf(beneficiaryCode, 'beneficiaryCode', 'Convênio');
  if (!(digits.length in SEQUENCE_LENGTH_BY_CONVENIO)) {
    throw new BoletoError(
      'ENTRADA_INVALIDA',
      'Convênio Banco do Brasil deve ter 4, 6 ou 7 dígitos (informe como texto, com zeros à esquerda).',
      'beneficiaryCode',
    );
  }
  if (/^0+$/.test(digits)) throw new BoletoError('ENTRADA_INVALIDA', 'Convênio não pode ser zero.', 'beneficiaryCode');
  return digits;
}

function carteira(wallet: string): string {
  if (typeof wallet !== 'string' || !/^\d{2}$/.test(wallet.trim())) {
    throw new BoletoError('ENTRADA_INVALIDA', 'Carteira Banco do Brasil deve ter 2 dígitos (ex. 17).', 'wallet');
  }
  return wallet.trim();
}

/** Conta corrente without DV, 8 positions; "123456-7" is accepted and its DV dropped. */
function accountDigits(account: CampoLivreInput['account']): string {
  if (account === undefined || account === '') {
    throw new BoletoError('ENTRADA_INVALIDA', 'Conta corrente é obrigatória para convênio de 4 ou 6 dígitos.', 'account');
  }
  const value = typeof account === 'string' ? account.trim().replace(/-[\dxX]$/, '') : account;
  return padDigits(value, 8, 'account', 'Conta corrente');
}

/** Nosso número without DV: 17 digits (convênio 7) or 11 digits (convênio 4/6). */
function ourNumberDigits(input: CampoLivreInput): string {
  const c = convenio(input.beneficiaryCode);
  const size = SEQUENCE_LENGTH_BY_CONVENIO[c.length];
  return c + padDigits(input.ourNumber, size, 'ourNumber', `Nosso número (sequencial de ${size} dígitos)`);
}

function buildCampoLivre(input: CampoLivreInput): string {
  const nn = ourNumberDigits(input);
  const wallet = carteira(input.wallet);
  if (nn.length === 17) {
    if (input.agency !== undefined) agencyDigits(input.agency); // printed only; still reject garbage
    return '000000' + nn + wallet;
  }
  if (input.agency === undefined) {
    throw new BoletoError('ENTRADA_INVALIDA', 'Agência é obrigatória para convênio de 4 ou 6 dígitos.', 'agency');
  }
  return nn + agencyDigits(input.agency) + accountDigits(input.account) + wallet;
}

function ourNumberFormatted(input: CampoLivreInput): string {
  const nn = ourNumberDigits(input);
  return nn.length === 17 ? nn : `${nn}-${modulo11BancoDoBrasil(nn)}`;
}

/**
 * Reads a BB campo livre. Six leading zeros mark the 7-digit convênio layout; anything else is
 * the 11-digit nosso número layout, where a 4- and a 6-digit convênio look the same, so the
 * nosso número is returned whole rather than split.
 */
function decodeCampoLivre(campoLivre: string): CampoLivreFields {
  if (!/^\d{25}$/.test(campoLivre)) {
    throw new BoletoError('ENTRADA_INVALIDA', 'O campo livre deve ter 25 dígitos.', 'campoLivre');
  }
  const c = campoLivre;
  if (c.startsWith('000000')) {
    return { layout: 'convenio7', convenio: c.slice(6, 13), sequence: c.slice(13, 23), ourNumber: c.slice(6, 23), wallet: c.slice(23) };
  }
  const nn = c.slice(0, 11);
  return {
    layout: 'nossoNumero11',
    ourNumber: nn,
    ourNumberFormatted: `${nn}-${modulo11BancoDoBrasil(nn)}`,
    agency: c.slice(11, 15),
    account: c.slice(15, 23),
    wallet: c.slice(23),
  };
}

export const bancoDoBrasilProfile: BankProfile = {
  code: '001',
  name: 'Banco do Brasil',
  buildCampoLivre,
  ourNumberFormatted,
  decodeCampoLivre,
};
