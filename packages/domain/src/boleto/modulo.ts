/**
 * Check-digit arithmetic of the FEBRABAN boleto and of the bank profiles. The variants differ only
 * in how the mod-11 result is mapped to one character, and each bank manual insists on its own
 * mapping, so each mapping has its own named function instead of a flag.
 */

function assertDigits(digits: string): void {
  // Internal callers always pass digit strings; this guards against a silent NaN sum.
  if (!/^\d+$/.test(digits)) throw new TypeError(`Esperava apenas dígitos: "${digits}"`);
}

/**
 * Módulo 10 (linha digitável fields 1-3): weights 2,1,2,1… from the right; a two-digit product
 * contributes the sum of its digits (14 → 1 + 4); DV = (10 − sum mod 10) mod 10.
 */
export function modulo10(digits: string): number {
  assertDigits(digits);
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product; // same as adding its two digits
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Σ digit × weight with weights 2..9 from the right, restarting at 2 after 9. */
export function modulo11Sum(digits: string): number {
  assertDigits(digits);
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/** 11 − (sum mod 11): ranges 1..11 before a bank-specific mapping. */
function modulo11Result(digits: string): number {
  return 11 - (modulo11Sum(digits) % 11);
}

/**
 * DV geral do código de barras (position 5): 0, 10 and 11 all become 1, because FEBRABAN forbids a
 * zero general DV (0 cannot occur from 11 − r, kept for the letter of the rule).
 */
export function modulo11Barcode(digits43: string): number {
  const r = modulo11Result(digits43);
  return r === 0 || r === 10 || r === 11 ? 1 : r;
}

/**
 * Caixa SIGCB DVs (código do beneficiário, nosso número, campo livre): a result above 9 becomes 0.
 * The Caixa manual stresses these DVs admit 0, unlike the general DV.
 */
export function modulo11Caixa(digits: string): number {
  const r = modulo11Result(digits);
  return r > 9 ? 0 : r;
}

/**
 * Banco do Brasil DV of the 11-position nosso número (convênios of 4 and 6 digits): 10 is printed
 * as "X" and 11 as "0". (BB's manual phrases it as weights 9..2 and "DV = resto"; that is the same
 * digit, since those weights are 11 minus these.)
 */
export function modulo11BancoDoBrasil(digits: string): string {
  const r = modulo11Result(digits);
  if (r === 10) return 'X';
  if (r === 11) return '0';
  return String(r);
}
