import { PixError } from './pix-error.js';

/**
 * EMV QRCPS "merchant presented mode" fields: 2-digit id, 2-digit length, value. Length is counted
 * in characters, which is also bytes because the Pix builder emits only ASCII.
 */
export function emvField(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) {
    throw new PixError('ENTRADA_INVALIDA', `Campo EMV ${id} deve ter de 1 a 99 caracteres (tem ${value.length}).`, id);
  }
  return id + String(value.length).padStart(2, '0') + value;
}

/**
 * Free text for the name and city fields: accents removed (the manual restricts them to plain
 * characters and many bank apps mis-render others), anything non-printable-ASCII dropped, spaces
 * collapsed, then cut to `max`.
 */
export function emvText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}
