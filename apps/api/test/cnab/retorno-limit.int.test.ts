import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cnabAccountFromConta, todayInSaoPaulo, writeRetorno240, type RetornoTitleInput } from '@bg/domain';
import { loadConfig } from '../../src/config.js';
import { DEMO_CONTA } from '../../src/seed/seed-boletos.js';
import { createCnabTestApp, uploadRetorno, type CnabTestApp } from './support.js';

/**
 * The retorno upload limit (spec §5: 500 MB; config retornoMaxBytes, RETORNO_MAX_MB): an app built
 * with a 1 MB limit refuses a larger file while it streams in — 413 with the Portuguese message,
 * no file left in storage (nor in its temporary folder), no stored_file or retorno row — and still
 * takes a file under the limit.
 */
const MB = 1024 * 1024;
let t: CnabTestApp;

beforeAll(async () => {
  t = await createCnabTestApp({ retornoMaxBytes: loadConfig({ RETORNO_MAX_MB: '1' }).retornoMaxBytes });
});
afterAll(async () => t?.close());

/** A well-formed CNAB 240 retorno (entradas confirmadas) of `titles` T+U pairs. */
function retornoOf(titles: number, fileNumber: number): Buffer {
  const occurrenceDate = todayInSaoPaulo();
  const list: RetornoTitleInput[] = Array.from({ length: titles }, (_, i) => ({
    movement: '02',
    ourNumber: 900_000 + i,
    documentNumber: String(900_000 + i),
    dueDate: occurrenceDate,
    amountCents: 10_000,
    occurrenceDate,
  }));
  return writeRetorno240({ account: cnabAccountFromConta(DEMO_CONTA), fileNumber, generatedAt: new Date(), titles: list });
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function rows(): Promise<{ retornos: number; arquivos: number }> {
  const res = await t.db.execute(sql`select (select count(*)::int from retorno) as retornos, (select count(*)::int from stored_file) as arquivos`);
  return (res as { rows: { retornos: number; arquivos: number }[] }).rows[0];
}

describe('retorno upload limit', () => {
  it('RETORNO_MAX_MB sets it, 500 MB by default', () => {
    expect(loadConfig({}).retornoMaxBytes).toBe(500 * MB);
    expect(loadConfig({ RETORNO_MAX_MB: '2' }).retornoMaxBytes).toBe(2 * MB);
  });

  it('refuses a file over the limit with 413 and keeps nothing', async () => {
    const before = await rows();
    const big = retornoOf(2_500, 1);
    expect(big.length).toBeGreaterThan(MB);
    const res = await uploadRetorno(t, 'RET-GRANDE.ret', big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, msg: 'O arquivo retorno pode ter no máximo 1 MB.' });
    expect(filesUnder(t.storageDir)).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it('takes a file under the limit', async () => {
    const small = retornoOf(1_000, 2);
    expect(small.length).toBeLessThan(MB);
    const res = await uploadRetorno(t, 'RET-PEQUENO.ret', small);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ duplicado: false });
    expect(filesUnder(t.storageDir)).toHaveLength(1);
  });
});
