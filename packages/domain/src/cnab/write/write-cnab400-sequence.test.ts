import { expect, it } from 'vitest';
import { recordNumber400 } from './write-cnab400.js';

// 395-400 has 6 digits: a file of more than 999 999 records numbers on from 000000, as the reader
// compares them (modulo 10^6). Before, writing bench:retorno's 1 M-title retorno threw at record
// 1 000 000 ("excede 6 dígitos"); writing a whole such file here takes ~20 s, so the rule is tested alone.
it('numbers records above 999 999 modulo 10^6', () => {
  expect([999_999, 1_000_000, 1_000_001, 2_000_002].map(recordNumber400)).toEqual([999_999, 0, 1, 2]);
});
