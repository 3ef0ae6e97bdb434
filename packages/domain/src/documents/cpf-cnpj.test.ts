import { describe, expect, it } from 'vitest';
import { documentKind, formatCep, formatCpfCnpj, formatPhone, isValidCnpj, isValidCpfCnpj } from './cpf-cnpj.js';

describe('CPF/CNPJ', () => {
  it('accepts valid documents masked or as digits', () => {
    expect(isValidCpfCnpj('529.982.247-25')).toBe(true);
    expect(isValidCpfCnpj('52998224725')).toBe(true);
    expect(isValidCpfCnpj('11.222.333/0001-81')).toBe(true);
  });
  it('rejects wrong check digits and repeated-digit documents', () => {
    expect(isValidCpfCnpj('529.982.247-24')).toBe(false);
    expect(isValidCpfCnpj('111.111.111-11')).toBe(false);
    expect(isValidCpfCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCpfCnpj('1234')).toBe(false);
  });
  it('derives the kind from the length', () => {
    expect(documentKind('529.982.247-25')).toBe('CPF');
    expect(documentKind('11222333000181')).toBe('CNPJ');
    expect(documentKind('123')).toBeNull();
  });
  it('formats documents, phones and CEP', () => {
    expect(formatCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatPhone('1133334444')).toBe('(11)3333-4444');
    expect(formatPhone('11933334444')).toBe('(11)93333-4444');
    expect(formatCep('01310100')).toBe('01310-100');
  });
});

import { completeCnpj, completeCpf } from './cpf-cnpj.js';
describe('check digit completion', () => {
  it('completes known documents', () => {
    expect(completeCpf('529982247')).toBe('52998224725');
    expect(completeCnpj('112223330001')).toBe('11222333000181');
  });
});
