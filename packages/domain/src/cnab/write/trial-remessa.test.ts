import { describe, expect, it } from 'vitest';
import type { CnabFileHeader } from '../cnab-types.js';
import { readRetorno } from '../read/read-retorno-any.js';
import { cnabAccountFromConta } from './charge-instructions.js';
import { maxSequenceOfConta, retornoHeaderBeneficiary400, trialRemessaError } from './trial-remessa.js';
import { writeRetorno400 } from './write-cnab400.js';

const BENEFICIARIO = { nome: 'Boleto Garantido Ltda', cnpj: '11222333000181' };
const conta = (c: { banco: string; agencia: string; conta?: string; codigo_beneficiario: string; carteira: string }) => cnabAccountFromConta({ ...BENEFICIARIO, ...c });
const santander = conta({ banco: '033', agencia: '3333', conta: '013000123-4', codigo_beneficiario: '1899775', carteira: '101' });
const today = '2026-11-27';

describe('trial remessa of a conta', () => {
  it('answers the writer’s own error for the conta, or null', () => {
    expect(trialRemessaError(santander, 400, 1, today)).toBeNull();
    const bradesco = conta({ banco: '237', agencia: '4042-8', conta: '0061900', codigo_beneficiario: '4540691', carteira: '09' });
    expect(trialRemessaError(bradesco, 400, 1, today)).toMatchObject({ field: 'account.account', message: 'Conta corrente Bradesco com o dígito, até 7 dígitos (ex. 1234567-1).' });
  });

  it('finds the largest sequence the layout carries', () => {
    expect(maxSequenceOfConta(santander, 400, today)).toBe(9_999_999);
    expect(maxSequenceOfConta(santander, 240, today)).toBe(999_999_999_999);
    expect(maxSequenceOfConta(conta({ banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109' }), 400, today)).toBe(99_999_999);
    expect(maxSequenceOfConta(conta({ banco: '104', agencia: '4321', codigo_beneficiario: '654321', carteira: 'RG' }), 240, today)).toBe(999_999_999_999_999);
    // a conta by the bank's API: the slip alone
    expect(maxSequenceOfConta(conta({ banco: '104', agencia: '4321', codigo_beneficiario: '654321', carteira: 'RG' }), null, today)).toBe(999_999_999_999_999);
  });

  it('names the beneficiary a CNAB 400 retorno header of the conta carries, as the reader reads it', async () => {
    expect(retornoHeaderBeneficiary400(santander)).toBe('1300012');
    // the retorno header the bank sends for this conta (written from its profile) reads back to that key
    const file = writeRetorno400({ account: santander, fileNumber: 1, generatedAt: new Date('2026-11-27T15:00:00Z'), titles: [] });
    const headers: CnabFileHeader[] = [];
    for await (const title of readRetorno([file], { onHeader: (h) => headers.push(h) })) void title;
    expect(headers.map((h) => h.beneficiaryCode)).toEqual(['1300012']);
    expect(retornoHeaderBeneficiary400(conta({ banco: '104', agencia: '4321', codigo_beneficiario: '654321', carteira: 'RG' }))).toBeNull();
  });
});
