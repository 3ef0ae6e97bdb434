/**
 * Text as banks accept it in alphanumeric fields: uppercase, no accents, latin1-safe. Bank
 * validators reject or garble anything else (the files are read as latin1 or EBCDIC-converted
 * ASCII), so "José da Conceição, nº 7" becomes "JOSE DA CONCEICAO, NO 7".
 *
 * Kept: A-Z, 0-9, space and . , - / @ & ( ) — enough for names, addresses and e-mails. Anything
 * else becomes a space; runs of spaces collapse to one and the ends are trimmed.
 */
const KEEP = new Uint8Array(128);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-/@&()') KEEP[ch.charCodeAt(0)] = 1;

function isAlreadyClean(value: string): boolean {
  let previousSpace = true; // a leading space is not clean either
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 128 || KEEP[c] === 0) return false;
    const space = c === 32;
    if (space && previousSpace) return false;
    previousSpace = space;
  }
  return value.length === 0 || !previousSpace;
}

export function normalizeCnabText(value: string): string {
  // Most values (already uppercase ASCII) skip the Unicode work: this runs for every text field of
  // every record of a 100 000-entry remessa.
  if (isAlreadyClean(value)) return value;
  // NFKD splits "ç" into "c" + cedilla and "º" into "o"; the marks are then dropped below.
  const decomposed = value.normalize('NFKD').toUpperCase();
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < decomposed.length; i++) {
    const c = decomposed.charCodeAt(i);
    if (c >= 0x300 && c <= 0x36f) continue; // combining accents
    const keep = c < 128 && KEEP[c] === 1 && c !== 32;
    if (!keep) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += decomposed[i];
  }
  return out;
}

/** "2" → 200, "0.33" → 33 (with 2 decimals); refuses more decimals than the field has. */
export function decimalTextToUnits(text: string, decimals: number): number | null {
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  const units = Number(m[1] + frac.padEnd(decimals, '0'));
  return Number.isSafeInteger(units) ? units : null;
}

/** 200 → "2", 33 → "0.33", 250 → "2.5": the shortest decimal text, as the boleto constants are written. */
export function unitsToDecimalText(units: number, decimals: number): string {
  const digits = String(units).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return frac === '' ? whole : `${whole}.${frac}`;
}
