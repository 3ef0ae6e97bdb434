import { describe, expect, it } from 'vitest';
import { pgArrayLiteral, refuseLedgerTable, rowCount } from './unnest-insert.js';

describe('pgArrayLiteral', () => {
  it('quotes texts, escapes quotes and backslashes, and writes nulls bare', () => {
    expect(pgArrayLiteral([1, null, 'BAIXADO (CANCELADO)', 'a "b" \\ c', undefined, true])).toBe('{1,NULL,"BAIXADO (CANCELADO)","a \\"b\\" \\\\ c",NULL,true}');
  });

  it('keeps the text "NULL" apart from a null, and an empty text apart from both', () => {
    expect(pgArrayLiteral(['NULL', '', null])).toBe('{"NULL","",NULL}');
  });

  it('writes an object as its JSON text (for jsonb)', () => {
    expect(pgArrayLiteral([{ de: 'GARANTIDO', motivo: 'linha "3"' }])).toBe('{"{\\"de\\":\\"GARANTIDO\\",\\"motivo\\":\\"linha \\\\\\"3\\\\\\"\\"}"}');
  });
});

describe('insertFromArrays checks', () => {
  it('refuses the ledger tables: only postTransactions writes them', () => {
    expect(() => refuseLedgerTable('ledger_entry')).toThrow(/postTransactions/);
    expect(() => refuseLedgerTable('"LEDGER_transaction"')).toThrow(/postTransactions/);
    expect(() => refuseLedgerTable('boleto_historico')).not.toThrow();
  });

  it('refuses columns of different lengths', () => {
    expect(() =>
      rowCount('boleto_historico', [
        ['boleto_id', 'int', [1, 2]],
        ['para', 'varchar', ['LIQUIDADO']],
      ]),
    ).toThrow(/1 valores para 2 linhas/);
    expect(rowCount('boleto_historico', [['boleto_id', 'int', [1, 2]]])).toBe(2);
  });
});
