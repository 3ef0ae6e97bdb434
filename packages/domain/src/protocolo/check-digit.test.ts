import { describe, expect, it } from 'vitest';
import { formatProtocol, parseProtocol, protocolCheckDigit } from './check-digit.js';

describe('protocol check digit', () => {
  it('computes módulo 11 with 10/11 → 0', () => {
    // 1: 1*2=2 → 11-2 = 9
    expect(protocolCheckDigit(1)).toBe(9);
    // 123: 3*2+2*3+1*4 = 16 → 16%11=5 → 6
    expect(protocolCheckDigit(123)).toBe(6);
    // 5: 10 → 11-10 = 1 ; 6: 12%11=1 → 10 → 0
    expect(protocolCheckDigit(6)).toBe(0);
    expect(formatProtocol(123, protocolCheckDigit(123))).toBe('123-6');
  });
  it('parses and verifies a protocol', () => {
    expect(parseProtocol('123-6')).toBe(123);
    expect(parseProtocol('123-5')).toBeNull();
    expect(parseProtocol('abc')).toBeNull();
  });
});
