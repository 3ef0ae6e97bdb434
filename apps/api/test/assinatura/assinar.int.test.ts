import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSINATURA_MSG, formatCpfCnpj } from '@bg/domain';
import { assinaturaSolicitacao, garantia as garantiaTable, pessoa, storedFile } from '../../src/db/schema/index.js';
import { PUBLIC_MAX_FAILURES, PUBLIC_WINDOW_MS } from '../../src/modules/assinatura/public-access.js';
import { createTestApp, type TestApp } from '../harness.js';
import { awayFromWindowEnd } from '../rate-window.js';
import { aprovada, assinar, documento, enviado, freshIp, mensagensDa, pdfText, publica, solicitacao } from './support.js';

let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  loja = await t.userWithToken();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const NOME = 'Maria Assinante da Silva';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0';

/** An APROVADO guarantee sent for signature: its id, the buyer's CPF, the request and the link's token. */
async function pronta() {
  const { garantia } = await aprovada(t, loja.user, { parcelas: [40000, 40000, 40000] });
  const [buyer] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, garantia.pessoa_id));
  const { id, token } = await enviado(t, loja.token, garantia.id);
  return { garantia, cpf: buyer.cpf_cnpj, nome: buyer.nome_razao, id, token };
}

describe('public signing page', () => {
  it('shows who signs (document masked), the duplicatas and the hash, and records the first opening', async () => {
    const p = await pronta();
    const ip = freshIp();
    const res = await publica(t, p.token, { ip, userAgent: BROWSER });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.signatario.nome).toBe(p.nome);
    expect(data.signatario.documento).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(data.signatario.documento).not.toContain(p.cpf.slice(0, 3));
    expect(data.documento.parcelas).toHaveLength(3);
    expect(data.documento.total).toBe(1200);
    expect(data.aceite).toMatch(/^Declaro que li as duplicatas/);
    const first = await solicitacao(t, p.id);
    expect(first).toMatchObject({ opened_ip: ip, opened_user_agent: BROWSER });
    expect(first.opened_at).toBeInstanceOf(Date);
    await publica(t, p.token, { ip: freshIp(), userAgent: 'outro' });
    expect((await solicitacao(t, p.id)).opened_user_agent).toBe(BROWSER);
  });

  it('refuses a CPF that is not the buyer’s, then signs with the masked one; the link is single use', async () => {
    const p = await pronta();
    const wrong = await assinar(t, p.token, { cpf_cnpj: '529.982.247-25', nome: NOME, aceite: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ cpf_cnpj: ASSINATURA_MSG.documentoNaoConfere });
    expect((await solicitacao(t, p.id)).status).toBe('PENDENTE');

    const noAceite = await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: NOME, aceite: false });
    expect(noAceite.statusCode).toBe(422);
    expect(noAceite.json().errors.aceite).toBe(ASSINATURA_MSG.aceiteObrigatorio);
    const oneName = await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: 'Maria', aceite: true });
    expect(oneName.json().errors.nome).toBe(ASSINATURA_MSG.nomeCompleto);

    const ip = freshIp();
    const ok = await assinar(t, p.token, { cpf_cnpj: formatCpfCnpj(p.cpf), nome: `  ${NOME} `, aceite: true }, { ip, userAgent: BROWSER });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().msg).toBe(ASSINATURA_MSG.assinado);
    expect(ok.json().data).toMatchObject({ tipo: 'EVIDENCIAS' });

    // used: every public call now answers the same 404, never the document
    for (const res of [await publica(t, p.token), await documento(t, p.token), await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: NOME, aceite: true })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: ASSINATURA_MSG.linkInvalido });
    }
    const row = await solicitacao(t, p.id);
    expect(row).toMatchObject({ status: 'ASSINADA', signer_nome: NOME, signer_cpf_cnpj: p.cpf, signer_ip: ip, signer_user_agent: BROWSER, tipo: 'EVIDENCIAS' });
    expect(row.aceite_texto).toMatch(/^Declaro que li/);
  });

  it('the signed PDF is the original pages plus the certificate page with the evidence; it joins the guarantee’s duplicatas', async () => {
    const p = await pronta();
    const original = (await documento(t, p.token)).rawPayload;
    await publica(t, p.token, { ip: '10.99.1.1', userAgent: 'Navegador de Abertura/2.0' });
    const res = await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: NOME, aceite: true }, { ip: '10.99.1.2', userAgent: BROWSER });
    expect(res.statusCode, res.body).toBe(200);
    const row = await solicitacao(t, p.id);
    expect(res.json().data).toMatchObject({ documento_sha256: row.documento_sha256, assinado_sha256: row.assinado_sha256 });

    const [file] = await t.database.db.select().from(storedFile).where(eq(storedFile.id, row.assinado_file_id!));
    const signed = await fs.promises.readFile(path.join(t.config.storageDir, file.storage_key));
    expect(sha256(signed)).toBe(row.assinado_sha256);
    expect(file).toMatchObject({ content_type: 'application/pdf', sha256: row.assinado_sha256 });

    const originalPages = pdfText(original).split('\f').filter((x) => x.trim());
    const pages = pdfText(signed).split('\f').filter((x) => x.trim());
    expect(pages).toHaveLength(originalPages.length + 1);
    expect(pages.slice(0, -1)).toEqual(originalPages);
    const cert = pages.at(-1)!.replace(/\s+/g, ' ');
    for (const expected of [
      'Certificado de Assinatura Eletrônica', row.documento_sha256, NOME, formatCpfCnpj(p.cpf), '10.99.1.1', 'Navegador de Abertura/2.0', '10.99.1.2',
      'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0', '(11)98765-4321', 'cliente.assina@example.com', 'Lei nº 14.063/2020, art. 4º, II', 'Declaro que li as duplicatas',
    ]) {
      expect(cert, expected).toContain(expected);
    }
    expect(cert).not.toContain('PAdES');

    // the analysis screen's gallery: the signed PDF is a duplicata of the guarantee
    const analise = (await t.call({ method: 'GET', url: `/api/garantia/getById/${p.garantia.id}`, token: admin.token })).json().data;
    expect(analise.possui_duplicata).toBe('S');
    expect(analise.duplicatas).toEqual([expect.objectContaining({ id: file.id, nome: file.original_name })]);
    expect(file.original_name).toMatch(/-assinadas\.pdf$/);
    const served = await t.call({ method: 'GET', url: analise.duplicatas[0].url });
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(row.assinado_sha256);

    // the signer gets a confirmation e-mail with the signed file's hash
    const outbox = await mensagensDa(t, p.id);
    expect(outbox.map((m) => m.channel)).toEqual(['whatsapp', 'email', 'email']);
    expect(outbox[2].subject).toBe(`Duplicatas assinadas — ${analise.empresa.fantasia}`);
    expect(outbox[2].text).toContain(row.assinado_sha256!);
    expect(outbox[2].link).toBeNull();
    const lista = await t.call({ method: 'GET', url: `/api/assinatura/getByGarantia/${p.garantia.id}`, token: loja.token });
    expect(lista.json().data[0]).toMatchObject({ situacao: 'ASSINADA', signer_nome: NOME, assinado_sha256: row.assinado_sha256, tipo: 'EVIDENCIAS' });
    // signed once: sending again is refused
    const again = await t.call({ method: 'POST', url: `/api/boleto/getDuplicataAssinatura/${p.garantia.id}`, token: loja.token, payload: { email: 'a@b.com', telefone: '11987654321' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(ASSINATURA_MSG.jaAssinada);
  });

  it('an expired link shows nothing and cannot sign', async () => {
    const p = await pronta();
    await t.database.db.update(assinaturaSolicitacao).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(assinaturaSolicitacao.id, p.id));
    expect((await publica(t, p.token)).json()).toEqual({ status: 404, msg: ASSINATURA_MSG.linkInvalido });
    expect((await documento(t, p.token)).statusCode).toBe(404);
    expect((await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: NOME, aceite: true })).statusCode).toBe(404);
    const lista = await t.call({ method: 'GET', url: `/api/assinatura/getByGarantia/${p.garantia.id}`, token: loja.token });
    expect(lista.json().data[0].situacao).toBe('EXPIRADA');
  });

  it('a tampered or unknown token answers exactly like an expired one', async () => {
    const p = await pronta();
    const flipped = (p.token[0] === 'A' ? 'B' : 'A') + p.token.slice(1);
    for (const token of [flipped, p.token.slice(0, 42), `${p.token}x`, 'nada', '../../etc/passwd']) {
      const res = await publica(t, encodeURIComponent(token));
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: ASSINATURA_MSG.linkInvalido });
    }
    expect((await publica(t, p.token)).statusCode).toBe(200);
  });

  it('a stored document that no longer matches its hash is never shown nor signed', async () => {
    const p = await pronta();
    const row = await solicitacao(t, p.id);
    const [file] = await t.database.db.select().from(storedFile).where(eq(storedFile.id, row.documento_file_id));
    const full = path.join(t.config.storageDir, file.storage_key);
    const bytes = await fs.promises.readFile(full);
    await fs.promises.writeFile(full, Buffer.concat([bytes, Buffer.from('%alterado\n')]));
    expect((await publica(t, p.token)).json()).toEqual({ status: 404, msg: ASSINATURA_MSG.linkInvalido });
    const doc = await documento(t, p.token);
    expect(doc.statusCode).toBe(404);
    expect(doc.headers['content-type']).toMatch(/json/);
    expect((await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: NOME, aceite: true })).statusCode).toBe(404);
    expect((await solicitacao(t, p.id)).status).toBe('PENDENTE');
  });

  it('a guarantee cancelled after the send makes its link unusable', async () => {
    const p = await pronta();
    await t.database.db.update(garantiaTable).set({ status: 'CANCELADO' }).where(eq(garantiaTable.id, p.garantia.id));
    expect((await publica(t, p.token)).statusCode).toBe(404);
  });

  it('two signatures at once: exactly one wins, the other gets the unusable-link answer', async () => {
    const p = await pronta();
    const body = { cpf_cnpj: p.cpf, nome: NOME, aceite: true };
    const results = await Promise.all([assinar(t, p.token, body), assinar(t, p.token, body), assinar(t, p.token, body)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 404, 404]);
    const row = await solicitacao(t, p.id);
    expect(row.status).toBe('ASSINADA');
    const duplicatas = (await t.call({ method: 'GET', url: `/api/garantia/getDuplicatas/${p.garantia.id}`, token: loja.token })).json().data;
    expect(duplicatas).toHaveLength(1);
    // the losers' signed files were removed again: every file in storage has its stored_file row
    const onDisk = (await fs.promises.readdir(path.join(t.config.storageDir, 'assinatura'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(t.config.storageDir, path.join(e.parentPath, e.name)));
    const rows = await t.database.db.select({ key: storedFile.storage_key }).from(storedFile).where(inArray(storedFile.storage_key, onDisk));
    expect(rows.map((r) => r.key).sort()).toEqual(onDisk.sort());
  });

  it('rate limit: an IP with too many failures gets 429, even with a good link; other IPs are not affected', async () => {
    const p = await pronta();
    const ip = freshIp();
    await awayFromWindowEnd(PUBLIC_WINDOW_MS / 1000, 15);
    for (let i = 0; i < PUBLIC_MAX_FAILURES; i++) expect((await publica(t, 'x'.repeat(43), { ip })).statusCode).toBe(404);
    const blocked = await publica(t, p.token, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(ASSINATURA_MSG.muitasTentativas);
    expect((await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: NOME, aceite: true }, { ip })).statusCode).toBe(429);
    expect((await publica(t, p.token, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('wrong CPFs count as failures of the IP', async () => {
    const p = await pronta();
    const ip = freshIp();
    await awayFromWindowEnd(PUBLIC_WINDOW_MS / 1000, 15);
    for (let i = 0; i < PUBLIC_MAX_FAILURES; i++) {
      expect((await assinar(t, p.token, { cpf_cnpj: '529.982.247-25', nome: NOME, aceite: true }, { ip })).statusCode).toBe(422);
    }
    expect((await assinar(t, p.token, { cpf_cnpj: p.cpf, nome: NOME, aceite: true }, { ip })).statusCode).toBe(429);
    expect((await solicitacao(t, p.id)).status).toBe('PENDENTE');
  });
});

describe('client IP behind a proxy (TRUST_PROXY)', () => {
  it('records X-Forwarded-For only when TRUST_PROXY is on', async () => {
    // one proxy in front (TRUST_PROXY=1; `true` is refused since decision 106)
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const user = await proxied.userWithToken();
      const { garantia } = await aprovada(proxied, user.user);
      const { id, token } = await enviado(proxied, user.token, garantia.id);
      await proxied.call({ method: 'GET', url: `/api/assinatura/${token}`, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect((await solicitacao(proxied, id)).opened_ip).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
    const p = await pronta();
    await t.call({ method: 'GET', url: `/api/assinatura/${p.token}`, remoteAddress: '10.77.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect((await solicitacao(t, p.id)).opened_ip).toBe('10.77.0.1');
  });
});
