import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CnabAccount, CnabFileHeader, CnabReadOptions, CnabWarning, RemessaEntry, RemessaEntryRead, RetornoTitle } from './cnab-types.js';
import { readRemessa240 } from './read/read-remessa.js';
import { readRetorno240 } from './read/read-retorno.js';
import type { ByteSource } from './stream/line-splitter.js';
import { boletoChargeInstructions } from './write/charge-instructions.js';

/**
 * Shared by the CNAB *.test.ts files only (not exported by the package). Fixtures are read from
 * the repository (packages/domain/test/fixtures/cnab240, origins in its README), never elsewhere.
 */
export function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../../test/fixtures/cnab240/${name}`, import.meta.url)));
}

/** A CNAB 400 fixture (packages/domain/test/fixtures/cnab400, origins in its README). */
export function fixture400(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../../test/fixtures/cnab400/${name}`, import.meta.url)));
}

/** The bytes cut at the given offsets, as a stream would deliver them. */
export function* cutAt(bytes: Uint8Array, offsets: readonly number[]): Generator<Uint8Array> {
  let from = 0;
  for (const to of offsets) {
    yield bytes.subarray(from, to);
    from = to;
  }
  yield bytes.subarray(from);
}

export function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, Math.min(i + size, bytes.length));
}

export async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) yield item;
}

export interface ReadResult<T> {
  items: T[];
  warnings: CnabWarning[];
  header: CnabFileHeader | null;
}

async function collect<T>(read: (s: ByteSource, o: CnabReadOptions) => AsyncGenerator<T>, source: ByteSource, options: CnabReadOptions): Promise<ReadResult<T>> {
  const warnings: CnabWarning[] = [];
  let header: CnabFileHeader | null = null;
  const items: T[] = [];
  const generator = read(source, { ...options, onWarning: (w) => warnings.push(w), onHeader: (h) => (header = h) });
  for await (const item of generator) items.push(item);
  return { items, warnings, header };
}

export function readAllRetorno(source: ByteSource | Uint8Array, options: CnabReadOptions = {}): Promise<ReadResult<RetornoTitle>> {
  return collect(readRetorno240, source instanceof Uint8Array ? [source] : source, options);
}

export function readAllRemessa(source: ByteSource | Uint8Array, options: CnabReadOptions = {}): Promise<ReadResult<RemessaEntryRead>> {
  return collect(readRemessa240, source instanceof Uint8Array ? [source] : source, options);
}

export function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** Accounts and entries of our own remessas in the tests (the demo seed's Caixa account, a BB one). */
export const CAIXA: CnabAccount = {
  bank: '104',
  agency: '1234',
  beneficiaryCode: '123456',
  wallet: 'RG',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11.222.333/0001-81',
};

export const BB: CnabAccount = {
  bank: '001',
  agency: '1234',
  account: '12345',
  beneficiaryCode: '1234567',
  wallet: '17',
  walletVariation: '019',
  beneficiaryName: 'Boleto Garantido Serviços Financeiros Ltda',
  beneficiaryDocument: '11222333000181',
};

export function sampleEntries(): RemessaEntry[] {
  const payer = { document: '52998224725', name: 'MARIA DA SILVA', address: 'RUA DAS FLORES 100 AP 12', district: 'CENTRO', cep: '01001000', city: 'SAO PAULO', uf: 'SP' };
  const company = { document: '11444777000161', name: 'COMERCIO DE TECIDOS LTDA', address: 'AV BRASIL 2000', district: 'JARDIM AMERICA', cep: '30140071', city: 'BELO HORIZONTE', uf: 'MG' };
  return [
    { kind: 'entrada', ourNumber: 1, documentNumber: '101-5', dueDate: '2025-04-10', amountCents: 15_000, issueDate: '2025-03-10', payer, ...boletoChargeInstructions(15_000, '2025-04-10') },
    { kind: 'entrada', ourNumber: '2', documentNumber: '102-3', dueDate: '2025-05-10', amountCents: 123_456, issueDate: '2025-03-10', payer: company, ...boletoChargeInstructions(123_456, '2025-05-10'), fine: { type: 'amount', cents: 2_469, date: '2025-05-11' } },
    { kind: 'entrada', ourNumber: 3, documentNumber: '103-1', dueDate: '2025-06-10', amountCents: 99, issueDate: '2025-03-10', payer, interest: { type: 'monthly_percent', percent: '9.9', date: '2025-06-11' } },
    { kind: 'baixa', ourNumber: 4, documentNumber: '90-2', dueDate: '2025-03-20', amountCents: 5_000, issueDate: '2025-01-20' },
    { kind: 'alteracao_vencimento', ourNumber: 5, documentNumber: '91-0', dueDate: '2025-07-01', amountCents: 7_000, issueDate: '2025-01-20' },
    { kind: 'alteracao_valor', ourNumber: 99_999, documentNumber: '92-9', dueDate: '2025-04-01', amountCents: 6_500, issueDate: '2025-01-20' },
  ];
}

export const GENERATED_AT = new Date('2025-03-10T13:45:07Z'); // 10:45:07 in São Paulo
