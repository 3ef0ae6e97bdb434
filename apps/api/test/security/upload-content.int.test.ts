/**
 * Uploads are checked by their whole content, not only their first bytes (issue 23, decision 107):
 * an image must decode as the image it claims (a PNG signature followed by HTML was stored and served
 * as image/png), and a PDF may carry no JavaScript, no Launch action and no attached files (they
 * were stored as they came). The files are real crafted ones (test/fixtures/uploads, README.md).
 * The PDFs this server makes — boleto, carnê, duplicatas (pdfkit), the signed duplicatas (pdf-lib;
 * its object streams are covered by upload-content.test.ts) — are accepted when a shop uploads them
 * back as a person's document.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pessoa, storedFile } from '../../src/db/schema/index.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { assinar, enviado } from '../assinatura/support.js';
import { ensureConta, releasedGarantia } from '../boletos/support.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart } from '../multipart.js';

const fixtures = fileURLToPath(new URL('../fixtures/uploads/', import.meta.url));
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  await ensureConta(t.database.db);
  loja = await t.userWithToken({ nivel: '1' });
}, 60_000);
afterAll(async () => t?.close());

const storedCount = async () => Number(((await t.database.db.execute(sql`select count(*)::int as n from stored_file`)) as { rows: { n: number }[] }).rows[0].n);
const filesOnDisk = () => fs.readdirSync(t.config.storageDir, { recursive: true }).filter((f) => fs.statSync(path.join(t.config.storageDir, String(f))).isFile()).length;

async function uploadDocumento(name: string, data: Buffer, type = 'application/octet-stream') {
  const { pessoa_id } = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
  return t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: loja.token, ...multipart({ pessoa_id: String(pessoa_id) }, [{ name, data, type }]) });
}

describe('person documents (JPEG, PNG, PDF): the content decides (issue 23)', () => {
  it.each([
    ['png-then-html.png', 'não é uma imagem PNG válida'],
    ['png-bad-crc.png', 'CRC errado'],
    ['png-then-trailing-html.png', 'depois do fim da imagem'],
    ['png-short-pixels.png', 'não conferem com as dimensões'],
    ['jpeg-then-html.jpg', 'não é uma imagem JPEG válida'],
    ['jpeg-truncated.jpg', 'não é uma imagem JPEG válida'],
    ['pdf-openaction-js.pdf', 'o PDF contém JavaScript'],
    ['pdf-escaped-names.pdf', 'o PDF contém JavaScript'],
    ['pdf-js-in-object-stream.pdf', 'o PDF contém JavaScript'],
    ['pdf-launch.pdf', 'o PDF contém uma ação que abre outros programas'],
    ['pdf-embedded-file.pdf', 'o PDF contém arquivos anexados'],
    ['pdf-hidden-object.pdf', 'o PDF contém um objeto escondido'],
    ['pdf-objstm-lzw.pdf', 'não pôde ser verificado'],
  ])('%s is refused with 415 and the reason; nothing is stored', async (name, why) => {
    const [rows, files] = [await storedCount(), filesOnDisk()];
    const res = await uploadDocumento(name, fixture(name), name.endsWith('.pdf') ? 'application/pdf' : 'image/png');
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().msg).toContain(`Arquivo recusado (${name}): `);
    expect(res.json().msg).toContain(why);
    expect([await storedCount(), filesOnDisk()]).toEqual([rows, files]);
  });

  it.each(['python.png', 'interlaced.png', 'python.jpg', 'progressive.jpg', 'pdf-plain.pdf'])('%s is accepted', async (name) => {
    const res = await uploadDocumento(name, fixture(name));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a JPEG with a trailer after the image is stored as the image alone (size and hash of what is kept)', async () => {
    const image = fixture('python.jpg');
    const res = await uploadDocumento('com-trailer.jpg', fixture('jpeg-with-trailer.jpg'), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(storedFile).where(eq(storedFile.original_name, 'com-trailer.jpg'));
    expect(row).toMatchObject({ size_bytes: image.length, sha256: createHash('sha256').update(image).digest('hex'), content_type: 'image/jpeg' });
    expect(fs.readFileSync(path.join(t.config.storageDir, row.storage_key)).equals(image)).toBe(true);
  });

  it('a guarantee duplicata (JPEG, PNG) is checked the same way', async () => {
    const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    const up = (name: string) => t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...multipart({ garantia_id: String(garantia.id) }, [{ name, data: fixture(name), type: 'image/png' }]) });
    const bad = await up('png-then-html.png');
    expect(bad.statusCode).toBe(415);
    expect(bad.json().msg).toContain('não é uma imagem PNG válida');
    expect((await up('python.png')).statusCode).toBe(200);
  });
});

describe('the PDFs this server makes pass when uploaded back as a document', () => {
  it('boleto, carnê and duplicatas (pdfkit), and the signed duplicatas (pdf-lib)', async () => {
    const { garantia, boletos } = await releasedGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, status: 'APROVADO' });
    const pdfs: [string, Buffer][] = [];
    for (const url of [`/api/boleto/getBoleto/${boletos[0].id}`, `/api/boleto/getCarneBoleto/${garantia.id}/1`, `/api/boleto/getDuplicataAll/${garantia.id}`]) {
      const res = await t.call({ method: 'GET', url, token: loja.token });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      pdfs.push([url, res.rawPayload]);
    }
    // the signing flow: the duplicatas rendered once, then the signed file (original pages + certificate page)
    const [buyer] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, garantia.pessoa_id));
    const { token } = await enviado(t, loja.token, garantia.id);
    const signed = await assinar(t, token, { cpf_cnpj: buyer.cpf_cnpj, nome: 'Comprador de Teste', aceite: true });
    expect(signed.statusCode, signed.body).toBe(200);
    const [file] = await t.database.db.select().from(storedFile).where(sql`${storedFile.original_name} ilike '%assinad%'`);
    expect(file, 'the signed file is stored').toBeDefined();
    pdfs.push(['signed duplicatas', fs.readFileSync(path.join(t.config.storageDir, file.storage_key))]);

    for (const [what, bytes] of pdfs) {
      const res = await uploadDocumento('devolvido.pdf', bytes, 'application/pdf');
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
    }
  });
});
