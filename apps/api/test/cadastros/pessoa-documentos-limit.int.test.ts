import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PESSOA_DOCUMENTO_MAX_FILES } from '@bg/domain';
import { pessoaDocumento } from '../../src/db/schema/index.js';
import { payload } from '../garantias/helpers.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart, PDF, PNG } from '../multipart.js';

/**
 * Defect 12 of issue 10: a person limited to 3 documents ended with 4 (1 sent by the wizard after
 * the request, 3 on the person screen). One limit per person, counted whichever way the files
 * came in, and enforced under concurrency.
 */
let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const upload = (pessoaId: number, n: number) =>
  t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: loja.token, ...multipart({ pessoa_id: String(pessoaId) }, Array.from({ length: n }, (_, i) => ({ name: `doc${i + 1}.png`, data: i % 2 ? PDF : PNG }))) });
const documentos = async (pessoaId: number) => (await t.database.db.select({ id: pessoaDocumento.id }).from(pessoaDocumento).where(eq(pessoaDocumento.pessoa_id, pessoaId))).length;
/** Files this file's user stored (the run's database is shared with other files). */
const storedFiles = async () => Number(((await t.database.db.execute(sql`select count(*)::int as n from stored_file where created_by = ${loja.user.id}`)) as { rows: { n: number }[] }).rows[0].n);

/** A new customer through the wizard: the request, then its documents (as NovaGarantiaPage sends them). */
async function wizardCustomer(documentsInWizard: number) {
  const res = await t.call({ method: 'POST', url: '/api/garantia/solicitaGarantia', token: loja.token, payload: payload() });
  expect(res.statusCode, res.body).toBe(200);
  const pessoaId = res.json().data.pessoa_id as number;
  if (documentsInWizard) expect((await upload(pessoaId, documentsInWizard)).statusCode).toBe(200);
  return pessoaId;
}

describe('documents of a person: one limit across the wizard and the person screen', () => {
  it('refuses what would pass the limit, keeping no file, and accepts up to it', async () => {
    expect(PESSOA_DOCUMENTO_MAX_FILES).toBe(3);
    const pessoaId = await wizardCustomer(1);
    const files = await storedFiles();
    const tooMany = await upload(pessoaId, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe('Esta pessoa já tem 1 documento e o limite é 3: envie no máximo 2.');
    expect(await documentos(pessoaId)).toBe(1);
    expect(await storedFiles()).toBe(files);
    expect((await upload(pessoaId, 2)).statusCode).toBe(200);
    expect(await documentos(pessoaId)).toBe(3);
    const full = await upload(pessoaId, 1);
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe('Esta pessoa já tem os 3 documentos permitidos.');
    expect(await documentos(pessoaId)).toBe(3);
  });

  it('lets only one of two concurrent uploads pass when both together would exceed it', async () => {
    const pessoaId = await wizardCustomer(0);
    const results = await Promise.all([upload(pessoaId, 2), upload(pessoaId, 2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await documentos(pessoaId)).toBe(2);
  });
});
