import { completeCnpj, completeCpf } from '@bg/domain';

/** Random digits whose first ones are not all equal (repeated-digit documents are invalid). */
function randomBase(length: number): string {
  const digits = Array.from({ length }, () => Math.floor(Math.random() * 10));
  if (new Set(digits).size === 1) digits[0] = (digits[0] + 1) % 10;
  return digits.join('');
}

/** A valid CPF from a random base, so reruns never collide with earlier data. */
export const randomCpf = (): string => completeCpf(randomBase(9));

/** A valid CNPJ (branch 0001) from a random base. */
export const randomCnpj = (): string => completeCnpj(`${randomBase(8)}0001`);

/** 'YYYY-MM-DD' of day 10, n months after the current one. */
export const isoInMonths = (n: number): string => {
  const d = new Date();
  return new Date(Date.UTC(d.getFullYear(), d.getMonth() + n, 10)).toISOString().slice(0, 10);
};

/** A 1×1 PNG: the smallest real image the uploads accept by content. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082',
  'hex',
);
