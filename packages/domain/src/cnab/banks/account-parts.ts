import { BoletoError } from '../../boleto/boleto-error.js';
import { onlyDigits } from '../../documents/cpf-cnpj.js';
import { CnabError } from '../cnab-error.js';

/**
 * Account numbers arrive as the beneficiary writes them ("1234-5", "00012345-X"); the headers
 * want the number and its DV in separate fields.
 */
export function splitNumberAndDv(value: string | undefined, field: string, label: string): { number: string; dv: string } {
  const text = (value ?? '').trim();
  if (text === '') return { number: '', dv: '' };
  const m = /^(\d+)(?:-([\dXx]))?$/.exec(text);
  if (!m) throw new CnabError('ENTRADA_INVALIDA', `${label} inválida: "${text}" (use dígitos, com DV opcional após hífen).`, { field });
  return { number: m[1], dv: (m[2] ?? '').toUpperCase() };
}

/** Tipo de inscrição (1 CPF, 2 CNPJ) and the digits, for headers and segment Q. */
export function inscription(document: string, field: string): { type: '1' | '2'; digits: string } {
  const digits = onlyDigits(document);
  if (digits.length === 11) return { type: '1', digits };
  if (digits.length === 14) return { type: '2', digits };
  throw new CnabError('ENTRADA_INVALIDA', `CPF/CNPJ inválido: "${document}" (11 ou 14 dígitos).`, { field });
}

/** Runs a boleto-engine call and reports its validation error as a CnabError on `field`. */
export function fromBoletoEngine<T>(field: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof BoletoError) throw new CnabError('ENTRADA_INVALIDA', err.message, { field });
    throw err;
  }
}

/** "000123" → "123", "000" → "0": sequences are compared without their padding. */
export function stripLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
  return digits.slice(i);
}

/** Without a regex: this runs once per title of a retorno. */
export function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return text.length > 0;
}
