import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';

export type DocumentKind = 'CPF' | 'CNPJ';

export function onlyDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** The kind comes from the length of the digits (DOMAIN.md): 11 CPF, 14 CNPJ. */
export function documentKind(value: string): DocumentKind | null {
  const digits = onlyDigits(value);
  if (digits.length === 11) return 'CPF';
  if (digits.length === 14) return 'CNPJ';
  return null;
}

/**
 * Check digits plus the spec's "one specific CNPJ is always rejected": documents made of a single
 * repeated digit (including all zeros) pass the arithmetic but are never real.
 */
export function isValidCpfCnpj(value: string): boolean {
  const digits = onlyDigits(value);
  if (/^(\d)\1*$/.test(digits)) return false;
  if (digits.length === 11) return isValidCPF(digits);
  if (digits.length === 14) return isValidCNPJ(digits);
  return false;
}

export function isValidCpf(value: string): boolean {
  return onlyDigits(value).length === 11 && isValidCpfCnpj(value);
}

export function isValidCnpj(value: string): boolean {
  return onlyDigits(value).length === 14 && isValidCpfCnpj(value);
}

export function formatCpfCnpj(value: string | null | undefined): string {
  const d = onlyDigits(value);
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return value ?? '';
}

export function formatPhone(value: string | null | undefined): string {
  const d = onlyDigits(value);
  if (d.length === 10) return d.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1)$2-$3');
  if (d.length === 11) return d.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1)$2-$3');
  return value ?? '';
}

export function formatCep(value: string | null | undefined): string {
  const d = onlyDigits(value);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (value ?? '');
}

export function isValidPhone(value: string): boolean {
  const d = onlyDigits(value);
  return d.length === 10 || d.length === 11;
}

export function isValidCep(value: string): boolean {
  return /^\d{8}$/.test(onlyDigits(value)) && !/^0{8}$/.test(onlyDigits(value));
}

/** Appends the two check digits to a 9-digit CPF base (used by factories and tests). */
export function completeCpf(base9: string): string {
  let digits = onlyDigits(base9);
  for (const start of [10, 11]) {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (start - i), 0);
    const dv = (sum * 10) % 11;
    digits += String(dv === 10 ? 0 : dv);
  }
  return digits;
}

/** Appends the two check digits to a 12-digit CNPJ base. */
export function completeCnpj(base12: string): string {
  let digits = onlyDigits(base12);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
    const rest = sum % 11;
    digits += String(rest < 2 ? 0 : 11 - rest);
  }
  return digits;
}
