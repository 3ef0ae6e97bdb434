import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a1FromConfig } from '../../src/modules/assinatura/pades-signer.js';
import { pdfBytesProblem } from '../../src/modules/files/pdf-inspection.js';
import { pessoa, storedFile } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { aprovada, assinar, enviado, pdfText, solicitacao } from './support.js';

const asn1 = forge.asn1;
const TITULAR = 'BOLETO GARANTIDO TESTE LTDA:11222333000181';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-a1-'));
const p12Path = path.join(dir, 'a1.p12');

/** A self-signed A1-like certificate (RSA 2048, one year) in a PKCS#12 file with a password. */
function makeP12(password: string): { certDer: Buffer } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '0a1b2c3d';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86400_000);
  const subject = [{ name: 'commonName', value: TITULAR }, { name: 'organizationName', value: 'Teste' }, { name: 'countryName', value: 'BR' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  fs.writeFileSync(p12Path, Buffer.from(asn1.toDer(p12).getBytes(), 'binary'));
  return { certDer: Buffer.from(asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary') };
}

let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let certDer: Buffer;
beforeAll(async () => {
  ({ certDer } = makeP12('senha-do-a1'));
  t = await createTestApp({ signatureP12Path: p12Path, signatureP12Password: 'senha-do-a1' });
  loja = await t.userWithToken();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
/** Total length of the DER element at the start of `b` (tag, length octets and content). */
function derLength(b: Buffer): number {
  if (b[1] < 0x80) return 2 + b[1];
  const n = b[1] & 0x7f;
  return 2 + n + b.subarray(2, 2 + n).reduce((len, byte) => len * 256 + byte, 0);
}
const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');
const kids = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const oidOf = (node: forge.asn1.Asn1) => asn1.derToOid(forge.util.createBuffer(node.value as string));

describe('PAdES signature with an A1 certificate (SIGNATURE_P12_PATH)', () => {
  it('signs the whole file but the signature (/ByteRange) with a CMS that verifies against the certificate', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const [buyer] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, garantia.pessoa_id));
    const { id, token } = await enviado(t, loja.token, garantia.id);
    const res = await assinar(t, token, { cpf_cnpj: buyer.cpf_cnpj, nome: 'Comprador de Teste', aceite: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tipo).toBe('PADES');
    const row = await solicitacao(t, id);
    expect(row).toMatchObject({ tipo: 'PADES', certificado_titular: TITULAR });
    const [file] = await t.database.db.select().from(storedFile).where(eq(storedFile.id, row.assinado_file_id!));
    const pdf = await fs.promises.readFile(path.join(t.config.storageDir, file.storage_key));
    expect(sha256(pdf).toString('hex')).toBe(row.assinado_sha256);
    // uploaded back as a person's document, our own signed PDF passes the upload inspection (decision 107)
    expect(pdfBytesProblem(pdf)).toBeNull();

    // /ByteRange [0 a b c]: everything before and after the /Contents hex string
    const text = pdf.toString('latin1');
    expect(text).toContain('/SubFilter /ETSI.CAdES.detached');
    const br = /\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text)!;
    const [start, a, b, c] = br.slice(1).map(Number);
    expect(start).toBe(0);
    expect(b + c).toBe(pdf.length);
    expect(text[a]).toBe('<');
    expect(text[b - 1]).toBe('>');
    const signedBytes = Buffer.concat([pdf.subarray(0, a), pdf.subarray(b, b + c)]);
    const contents = Buffer.from(text.slice(a + 1, b - 1), 'hex');
    const cmsDer = contents.subarray(0, derLength(contents)); // the rest is the placeholder's zero padding

    // CMS SignedData → SignerInfo: SHA-256 of the ranges in message-digest, RSA signature over the attributes
    const contentInfo = asn1.fromDer(forge.util.createBuffer(cmsDer.toString('binary')));
    expect(oidOf(kids(contentInfo)[0])).toBe('1.2.840.113549.1.7.2');
    const parts = kids(kids(kids(contentInfo)[1])[0]);
    const certificates = kids(parts[3]).map((n) => Buffer.from(asn1.toDer(n).getBytes(), 'binary'));
    expect(certificates[0].equals(certDer)).toBe(true);
    const signerInfo = kids(kids(parts[4])[0]);
    const attrs = kids(signerInfo[3]);
    const attr = (oid: string) => attrs.find((x) => oidOf(kids(x)[0]) === oid);
    const valueOf = (x: forge.asn1.Asn1) => kids(kids(x)[1])[0];
    const messageDigest = bytesOf(valueOf(attr('1.2.840.113549.1.9.4')!));
    expect(messageDigest.equals(sha256(signedBytes))).toBe(true);
    // ESS signing-certificate-v2 (PAdES B-B) names our certificate by its SHA-256; no signing-time attribute
    const essCertIdV2 = kids(kids(valueOf(attr('1.2.840.113549.1.9.16.2.47')!))[0])[0];
    expect(bytesOf(kids(essCertIdV2)[0]).equals(sha256(certDer))).toBe(true);
    expect(attr('1.2.840.113549.1.9.5')).toBeUndefined();
    const signedAttrs = Buffer.from(asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attrs)).getBytes(), 'binary');
    const signature = bytesOf(signerInfo[5]);
    expect(verify('sha256', signedAttrs, new X509Certificate(certDer).publicKey, signature)).toBe(true);
    // any change to the signed bytes breaks it
    const tampered = Buffer.from(signedBytes);
    tampered[100] ^= 1;
    expect(sha256(tampered).equals(messageDigest)).toBe(false);

    // the certificate page says how it was signed
    const cert = pdfText(pdf).split('\f').filter((p) => p.trim()).at(-1)!.replace(/\s+/g, ' ');
    expect(cert).toContain('PAdES');
    expect(cert).toContain(TITULAR);
    expect(cert).toContain('Lei nº 14.063/2020, art. 4º, II');

    // poppler's pdfsig (NSS) validates it too, when installed
    let pdfsig: string | null = null;
    try {
      pdfsig = execFileSync('pdfsig', [path.join(t.config.storageDir, file.storage_key)], { encoding: 'utf8' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (pdfsig !== null) {
      expect(pdfsig).toContain('Signature is Valid.');
      expect(pdfsig).toContain('Total document signed');
      expect(pdfsig).toContain('ETSI.CAdES.detached');
    }
  });

  it('a wrong password or an unreadable file is a configuration error (the routes load it at start)', () => {
    expect(() => a1FromConfig({ signatureP12Path: p12Path, signatureP12Password: 'errada' })).toThrow(
      /^SIGNATURE_P12_PATH\/SIGNATURE_P12_PASSWORD: certificado A1 ilegível ou senha incorreta/,
    );
    expect(() => a1FromConfig({ signatureP12Path: path.join(dir, 'nao-existe.p12'), signatureP12Password: 'x' })).toThrow(/^SIGNATURE_P12_PATH: não foi possível ler .* \(ENOENT\)$/);
    expect(a1FromConfig({ signatureP12Path: null, signatureP12Password: '' })).toBeNull();
    expect(a1FromConfig({ signatureP12Path: p12Path, signatureP12Password: 'senha-do-a1' })?.titular).toBe(TITULAR);
  });
});
