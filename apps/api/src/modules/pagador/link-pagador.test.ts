import { describe, expect, it } from 'vitest';
import { formatarCodigoPagador, normalizarCodigoPagador, pagadorUrl } from './link-pagador.js';

describe('payer page codes', () => {
  it('accepts the code as typed: any case, spaces and dashes', () => {
    expect(normalizarCodigoPagador('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizarCodigoPagador(' ABCDE FGHJK ')).toBe('ABCDEFGHJK');
  });
  it('refuses look-alike characters and wrong lengths without a query', () => {
    expect(normalizarCodigoPagador('ABCDE-FGHJ0')).toBeNull();
    expect(normalizarCodigoPagador('ABCDE-FGHJI')).toBeNull();
    expect(normalizarCodigoPagador('ABCDE')).toBeNull();
    expect(normalizarCodigoPagador('ABCDE-FGHJKM')).toBeNull();
    expect(normalizarCodigoPagador('ÁBCDE-FGHJK')).toBeNull();
  });
  it('builds the link from the public address', () => {
    expect(formatarCodigoPagador('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
    expect(pagadorUrl('https://bg.example/', 'ABCDEFGHJK')).toBe('https://bg.example/pagar/ABCDE-FGHJK');
  });
});
