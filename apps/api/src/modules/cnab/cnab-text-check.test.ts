import { describe, expect, it } from 'vitest';
import { cnabAccountFromConta, writeRemessa240, writeRemessa400, writeRetorno240, writeRetorno400 } from '@bg/domain';
import { CnabTextCheck } from './cnab-text-check.js';

const account = cnabAccountFromConta({ banco: '104', agencia: '1234', codigo_beneficiario: '123456', carteira: 'RG', nome: 'Boleto Garantido', cnpj: '11222333000181' });
const retorno = () =>
  writeRetorno240({ account, fileNumber: 1, generatedAt: new Date(), titles: [{ movement: '02', ourNumber: 1, documentNumber: '1', dueDate: '2026-01-10', amountCents: 100, occurrenceDate: '2026-01-05' }] });

function check(chunks: Uint8Array[]) {
  const c = new CnabTextCheck();
  for (const chunk of chunks) c.feed(chunk);
  c.finish();
  return c;
}

describe('CnabTextCheck', () => {
  it('accepts a CNAB 240 retorno in any chunking, with a BOM, LF only or an EOF marker', () => {
    const bytes = retorno();
    expect(check([bytes])).toMatchObject({ error: null, header: { bank: '104', kind: 'retorno' } });
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    expect(check(chunks).error).toBeNull();
    expect(check([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(bytes.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'), Buffer.from([0x1a])]).error).toBeNull();
  });

  it('accepts a CNAB 240 record of a type FEBRABAN does not list: the reader keeps it as "linha não reconhecida" (decision 124)', () => {
    const bytes = retorno();
    const unknown = Buffer.from('1040001' + '7' + ' '.repeat(232) + '\r\n', 'latin1');
    const withExtra = Buffer.concat([bytes.subarray(0, 484), unknown, bytes.subarray(484)]);
    expect(withExtra.subarray(484, 492).toString('latin1')).toBe('10400017');
    expect(check([withExtra]).error).toBeNull();
    // a letter is still refused at position 8
    expect(check([Buffer.concat([bytes.subarray(0, 242), Buffer.from('1040001X carta\r\n', 'latin1')])]).error).toMatch(/não é um registro CNAB 240/);
  });

  it('refuses binaries, remessas, long lines and foreign text', () => {
    expect(check([Buffer.from('%PDF-1.4\n\x00\x01binary', 'latin1')]).error).toMatch(/binário/);
    expect(check([writeRemessa240({ account, fileNumber: 1, generatedAt: new Date(), entries: [] })]).error).toMatch(/é uma remessa/);
    const long = Buffer.concat([retorno().subarray(0, 240), Buffer.from('X\r\n')]);
    expect(check([long]).error).toMatch(/mais de 240 caracteres/);
    expect(check([Buffer.from('Olá, isto é uma carta.\n', 'latin1')]).error).toMatch(/não é um registro CNAB 240/);
    expect(check([Buffer.from('10400000 curta demais para um header\n', 'latin1')]).error).toMatch(/header de arquivo/);
    expect(check([Buffer.alloc(0)]).error).toMatch(/vazio/);
  });

  it('accepts a CNAB 400 retorno of a bank with a 400 layout (Itaú 341), in any chunking (decision 121)', () => {
    const itau = cnabAccountFromConta({ banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109', nome: 'Boleto Garantido', cnpj: '11222333000181' });
    const bytes = writeRetorno400({ account: itau, fileNumber: 1, generatedAt: new Date(), titles: [{ movement: '06', ourNumber: 1, documentNumber: '1', dueDate: '2026-01-10', amountCents: 100, paidCents: 100, occurrenceDate: '2026-01-05' }] });
    expect(check([bytes])).toMatchObject({ error: null, header: { bank: '341', kind: 'retorno', layout: 400 } });
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    expect(check(chunks).error).toBeNull();
    // a Pix or an unknown record type is text the reader keeps: accepted
    const withExtra = Buffer.concat([bytes.subarray(0, 804), Buffer.from('7'.padEnd(400, ' ') + '\r\n', 'latin1'), bytes.subarray(804)]);
    expect(check([withExtra]).error).toBeNull();
    expect(check([writeRemessa400({ account: itau, fileNumber: 1, generatedAt: new Date(), entries: [] })]).error).toMatch(/é uma remessa/);
    const long = Buffer.concat([bytes.subarray(0, 400), Buffer.from('X\r\n')]);
    expect(check([long]).error).toMatch(/mais de 400 caracteres/);
    const letter = Buffer.concat([bytes.subarray(0, 402), Buffer.from('Olá, isto é uma carta.\r\n', 'latin1')]);
    expect(check([letter]).error).toMatch(/não é um registro CNAB 400/);
    const otherBank = Buffer.from(bytes.toString('latin1').replace('341BANCO ITAU SA', '104CAIXA        '), 'latin1');
    expect(check([otherBank]).error).toBe('Retorno CNAB 400 do banco "104": este leiaute ainda não é lido (CNAB 400: bancos 237, 341, 033, 001).');
  });
});
