/**
 * The `digito` of guarantees and boletos: a módulo 11 check digit of the id (weights 2..9 from the
 * right; 10 and 11 become 0). Shown as the protocol `id-digito` (DOMAIN.md "Guarantee").
 */
export function protocolCheckDigit(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Id inválido: ${id}`);
  const digits = String(id).split('').reverse();
  const sum = digits.reduce((acc, d, i) => acc + Number(d) * ((i % 8) + 2), 0);
  const dv = 11 - (sum % 11);
  return dv >= 10 ? 0 : dv;
}

export function formatProtocol(id: number, digito: number): string {
  return `${id}-${digito}`;
}

/** Parses "123-4" and checks the digit; answers the id or null. */
export function parseProtocol(text: string): number | null {
  const m = /^(\d+)-(\d)$/.exec(text.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return protocolCheckDigit(id) === Number(m[2]) ? id : null;
}
