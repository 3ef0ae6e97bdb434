import { describe, expect, it } from 'vitest';
import type { CnabWarning } from '../cnab-types.js';
import { chunksOf, fixture, readAllRetorno } from '../test-helpers.js';
import { readRetorno240Chunks } from './read-retorno.js';

const FIXTURES = ['cnab240-retorno-104-caixa-cnabphp.ret', 'cnab240-retorno-001-bb-cnabphp.ret', 'cnab240-retorno-748-sicredi-brcobranca.crt'];

/** readRetorno240Chunks is what the API's preview reads: it must hand over exactly readRetorno240's titles. */
describe('readRetorno240Chunks', () => {
  for (const name of FIXTURES) {
    for (const size of [1, 97, 240, 4096, 1 << 20]) {
      it(`${name} in chunks of ${size} bytes: the same titles and warnings, in order, no empty batch`, async () => {
        const bytes = fixture(name);
        const one = await readAllRetorno(chunksOf(bytes, size));
        const warnings: CnabWarning[] = [];
        const flat = [];
        for await (const batch of readRetorno240Chunks(chunksOf(bytes, size), { onWarning: (w) => warnings.push(w) })) {
          expect(batch.length).toBeGreaterThan(0);
          flat.push(...batch);
        }
        expect(flat).toEqual(one.items);
        expect(warnings).toEqual(one.warnings);
      });
    }
  }
});
