import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { completeCpf, formatCpfCnpj } from '@bg/domain';
import { cpfSuspeito } from '../../src/db/schema/index.js';
import { pagedSelect, textSearch } from '../../src/shared/paged-select.js';
import { createTestApp, type TestApp } from '../harness.js';
import { concurrencyDb, loggedDb } from '../query-log.js';

/** The one paged read of the eight list use-cases (shared/paged-select.ts). */
let t: TestApp;
const marker = `paged-${randomInt(1e9)}`;
/** A random CPF without "100" in it: the % and _ test searches "100%_certo", whose digits also search documents. */
function cpfWithout100(): string {
  for (;;) {
    const cpf = completeCpf(String(randomInt(100_000_000, 999_999_999)));
    if (!cpf.includes('100')) return cpf;
  }
}
const docs = Array.from({ length: 7 }, cpfWithout100);
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(cpfSuspeito).values(docs.map((cpf_cnpj, i) => ({ cpf_cnpj, motivo: `${marker} #${i + 1}${i === 6 ? ' 100%_certo' : ''}` })));
});
afterAll(async () => t?.close());

function list(page: number, per_page: number, pesquisa?: string) {
  const { db, queries } = loggedDb(t.database);
  const query = db
    .select({ cpf_cnpj: cpfSuspeito.cpf_cnpj, motivo: cpfSuspeito.motivo })
    .from(cpfSuspeito)
    .where(textSearch(pesquisa ?? marker, { text: [cpfSuspeito.motivo], digits: [cpfSuspeito.cpf_cnpj] }))
    .$dynamic();
  const result = pagedSelect(db, query, { page, per_page, orderBy: [asc(cpfSuspeito.id)] }, (r) => r.motivo);
  return result.then((r) => ({ ...r, queries: queries.length }));
}

describe('pagedSelect', () => {
  it('counts and reads one page in order, with the shared paged shape', async () => {
    expect(await list(1, 3)).toEqual({
      data: [`${marker} #1`, `${marker} #2`, `${marker} #3`],
      from: 1, to: 3, total: 7, current_page: 1, last_page: 3, per_page: 3, queries: 2,
    });
    expect(await list(3, 3)).toMatchObject({ data: [`${marker} #7 100%_certo`], from: 7, to: 7, total: 7, current_page: 3, last_page: 3 });
  });

  it('answers an empty page beyond the last without reading it, and bounds per_page and page', async () => {
    expect(await list(4, 3)).toEqual({ data: [], from: null, to: null, total: 7, current_page: 4, last_page: 3, per_page: 3, queries: 1 });
    expect(await list(Number.MAX_SAFE_INTEGER, 100)).toMatchObject({ data: [], total: 7, queries: 1 });
    const wide = await list(1, 1000);
    expect(wide).toMatchObject({ per_page: 100, total: 7, from: 1, to: 7 });
    expect(await list(0, 0)).toMatchObject({ current_page: 1, per_page: 1, data: [`${marker} #1`], last_page: 7 });
  });

  it('an empty result is page 1 of 1 (the count and the first page were read together)', async () => {
    expect(await list(1, 15, `${marker}-nothing`)).toEqual({ data: [], from: null, to: null, total: 0, current_page: 1, last_page: 1, per_page: 15, queries: 2 });
  });

  it('reads the first page together with the count; a later page, and a transaction, one after the other', async () => {
    const { db, inFlight } = concurrencyDb(t.database);
    const query = () =>
      db.select({ motivo: cpfSuspeito.motivo }).from(cpfSuspeito).where(textSearch(marker, { text: [cpfSuspeito.motivo] })).$dynamic();
    const first = await pagedSelect(db, query(), { page: 1, per_page: 3, orderBy: [asc(cpfSuspeito.id)] });
    expect(first).toMatchObject({ total: 7, data: [{ motivo: `${marker} #1` }, { motivo: `${marker} #2` }, { motivo: `${marker} #3` }] });
    expect(inFlight.max).toBe(2);
    inFlight.max = 0;
    expect(await pagedSelect(db, query(), { page: 2, per_page: 3, orderBy: [asc(cpfSuspeito.id)] })).toMatchObject({ total: 7, from: 4, to: 6 });
    expect(inFlight.max).toBe(1);
    // a transaction has one connection: the same answer, read in turn
    const inTx = await t.database.db.transaction((tx) =>
      pagedSelect(tx, tx.select({ motivo: cpfSuspeito.motivo }).from(cpfSuspeito).where(textSearch(marker, { text: [cpfSuspeito.motivo] })).$dynamic(), {
        page: 1, per_page: 3, orderBy: [asc(cpfSuspeito.id)],
      }),
    );
    expect(inTx).toEqual(first);
  });
});

describe('textSearch', () => {
  const motivos = async (pesquisa: string) => (await list(1, 100, pesquisa)).data;

  it('finds a document typed masked or as digits, and a name anywhere in the text', async () => {
    expect(await motivos(formatCpfCnpj(docs[2]))).toEqual([`${marker} #3`]);
    expect(await motivos(docs[4])).toEqual([`${marker} #5`]);
    expect(await motivos(`  ${marker} #6 `)).toEqual([`${marker} #6`]);
  });

  it('matches the user\'s % and _ literally', async () => {
    // the 3 digits (100) also search the documents: other files' rows on the shared database may match those
    expect((await motivos('100%_certo')).filter((m) => m.startsWith(marker))).toEqual([`${marker} #7 100%_certo`]);
    expect(await motivos(`${marker} #_`)).toEqual([]);
  });

  it('is no condition at all for an empty search', () => {
    expect(textSearch(undefined, { text: [cpfSuspeito.motivo] })).toBeUndefined();
    expect(textSearch('   ', { text: [cpfSuspeito.motivo] })).toBeUndefined();
  });
});
