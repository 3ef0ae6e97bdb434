import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANCO_CERTIFICADO_MSG } from '@bg/domain';
import { BankError } from '../../src/adapters/bank/bank-adapter.js';
import { bbApiAdapter } from '../../src/adapters/bank/bb-api-adapter.js';
import { auditLog, contaCobranca } from '../../src/db/schema/index.js';
import { adapterConfig, contaById } from '../../src/modules/banco/conta-banco.js';
import type { ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import type { BankServices } from '../../src/services.js';
import { multipart, PDF, PNG, type UploadFile } from '../multipart.js';
import { get, nonAdminTokens, post, type CnabTestApp } from '../cnab/support.js';
import { activeConta, bbConta, createBankTestApp, startSandbox } from './support.js';

/**
 * The conta de cobrança's client certificate (issue 26): uploaded as PEM (one file or two) or
 * PKCS#12 with its password, checked by content, refused when expired, for another key, with a
 * wrong password or not a certificate at all; the key sealed in the database, never answered; and
 * mutual TLS for real — an HTTPS server that asks for the client certificate (node:https,
 * requestCert + rejectUnauthorized, a CA made here with openssl) in front of the BB sandbox: with
 * the conta's certificate the adapter's calls succeed, without it the handshake is refused.
 */
const CLIENT = { clientId: 'cliente-mtls', clientSecret: 'segredo-mtls-123', appKey: 'chave-mtls-456' };
let t: CnabTestApp;
let bank: BankServices;
let conta: ContaCobrancaRow;
let dir: string;
let sandbox: FastifyInstance;
let sandboxUrl: string;
const pem = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const bytes = (name: string) => fs.readFileSync(path.join(dir, name));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA, the bank's server certificate (127.0.0.1) and our client certificate, as the banks issue them. */
function makeCertificates() {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '30', '-subj', '/CN=AC Teste do Banco');
  fs.writeFileSync(path.join(dir, 'srv.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=api.banco.teste');
  openssl('x509', '-req', '-in', 'srv.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.crt', '-days', '30', '-extfile', 'srv.ext');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'cli.key', '-out', 'cli.csr', '-subj', '/O=Boleto Garantido/CN=BOLETO GARANTIDO:11222333000181');
  openssl('x509', '-req', '-in', 'cli.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'cli.crt', '-days', '20');
  openssl('pkcs12', '-export', '-in', 'cli.crt', '-inkey', 'cli.key', '-certfile', 'ca.crt', '-passout', 'pass:senha-do-pfx', '-out', 'cli.pfx');
  // another key: the mismatch
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'outra.key');
  // the client key encrypted with a password (PEM)
  openssl('pkey', '-in', 'cli.key', '-aes256', '-passout', 'pass:senha-da-chave', '-out', 'cli-cifrada.key');
  // an expired certificate: openssl 3.0's x509 cannot back-date, node-forge (already a dependency) can
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0a';
  cert.validity.notBefore = new Date(Date.now() - 400 * 86_400_000);
  cert.validity.notAfter = new Date(Date.now() - 5 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'Vencido' }]);
  cert.setIssuer([{ name: 'commonName', value: 'Vencido' }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  fs.writeFileSync(path.join(dir, 'vencido.pem'), forge.pki.certificateToPem(cert) + forge.pki.privateKeyToPem(keys.privateKey));
}

/**
 * The bank's mutual-TLS front: answers only a client whose certificate the CA signed, and forwards
 * the call to the BB sandbox (what the bank's gateway does). `seen` keeps each caller's CN.
 */
async function mtlsFront(maxVersion: 'TLSv1.2' | 'TLSv1.3') {
  const seen: string[] = [];
  const server = https.createServer({ key: pem('srv.key'), cert: pem('srv.crt'), ca: pem('ca.crt'), requestCert: true, rejectUnauthorized: true, maxVersion }, async (req, res) => {
    seen.push(String((req.socket as TLSSocket).getPeerCertificate().subject?.CN ?? ''));
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
    const answer = await fetch(`${sandboxUrl}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const upload = (files: UploadFile[], fields: Record<string, string> = {}, token = t.admin.token, id = conta.id) => {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: `/api/contaCobranca/certificado/${id}`, headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
};
const row = async () => (await contaById(t.db, conta.id))!;
/** The base64 body of a PEM key: what must never be found in clear. */
const keyBody = (keyPem: string) => keyPem.split('\n').filter((l) => l && !l.startsWith('-----')).slice(1, 3).join('');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-cert-'));
  makeCertificates();
  t = await createBankTestApp(3000);
  bank = t.app.services.bank;
  const started = await startSandbox({ credentials: [CLIENT], alteracaoDelayMs: 0, webhookUrl: () => null });
  sandbox = started.app;
  sandboxUrl = started.url;
  conta = await activeConta(t, bbConta({ conta: '55555' }));
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the conta’s client certificate: upload', () => {
  it('PEM with certificate and key in one file: subject, issuer, validity and days left; the key neither answered nor stored in clear', async () => {
    const res = await upload([{ name: 'cliente.pem', data: Buffer.from(pem('cli.crt') + pem('cli.key')) }]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ subject: 'BOLETO GARANTIDO:11222333000181', issuer: 'AC Teste do Banco', vencendo: true });
    expect(data.dias_restantes).toBeGreaterThanOrEqual(19);
    expect(data.dias_restantes).toBeLessThanOrEqual(20);
    expect(new Date(data.validade).getTime()).toBeGreaterThan(Date.now());
    expect(res.body).not.toContain('PRIVATE KEY');
    expect(res.body).not.toContain(keyBody(pem('cli.key')));

    const stored = await row();
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain('PRIVATE KEY');
    expect(everything).not.toContain(keyBody(pem('cli.key')));
    expect(stored.certificado_pem).toMatch(/^v1\./);
    expect(stored).toMatchObject({ certificado_subject: 'BOLETO GARANTIDO:11222333000181', certificado_emissor: 'AC Teste do Banco', certificado_enviado_por: t.admin.id });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity_id, String(conta.id)));
    expect(JSON.stringify(audits)).not.toContain(keyBody(pem('cli.key')));

    // the contas' list shows it without the key
    const list = await get(t, '/api/contaCobranca/getAll');
    const mine = list.json().data.find((c: { id: number }) => c.id === conta.id);
    expect(mine.certificado).toMatchObject({ subject: 'BOLETO GARANTIDO:11222333000181', vencendo: true });
    expect(list.body).not.toContain('PRIVATE KEY');

    // the adapter's configuration carries it opened (PEM) for mutual TLS
    const cfg = adapterConfig(bank, stored);
    expect(cfg.tls?.cert).toContain('BEGIN CERTIFICATE');
    expect(cfg.tls?.key).toContain('BEGIN PRIVATE KEY');
  });

  it('PEM in two files (the certificate and the key), and an encrypted key with its password', async () => {
    const two = await upload([
      { name: 'cliente.crt', data: bytes('cli.crt') },
      { name: 'cliente.key', data: bytes('cli.key') },
    ]);
    expect(two.statusCode, two.body).toBe(200);
    const cifrada = await upload([{ name: 'c.crt', data: bytes('cli.crt') }, { name: 'c.key', data: bytes('cli-cifrada.key') }], { senha: 'senha-da-chave' });
    expect(cifrada.statusCode, cifrada.body).toBe(200);
    const semSenha = await upload([{ name: 'c.crt', data: bytes('cli.crt') }, { name: 'c.key', data: bytes('cli-cifrada.key') }]);
    expect(semSenha.statusCode).toBe(422);
    expect(semSenha.json().errors.senha).toBe(BANCO_CERTIFICADO_MSG.senhaFaltando);
  });

  it('PKCS#12 (.pfx) with its password; a wrong password is the senha field’s 422', async () => {
    const ok = await upload([{ name: 'cliente.pfx', data: bytes('cli.pfx') }], { senha: 'senha-do-pfx' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ subject: 'BOLETO GARANTIDO:11222333000181', issuer: 'AC Teste do Banco' });
    const stored = await row();
    expect(stored.certificado_pem).not.toContain('senha-do-pfx');
    // the chain of the file goes with the certificate
    expect((adapterConfig(bank, stored).tls?.cert.match(/BEGIN CERTIFICATE/g) ?? []).length).toBe(2);

    const wrong = await upload([{ name: 'cliente.pfx', data: bytes('cli.pfx') }], { senha: 'errada' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ msg: BANCO_CERTIFICADO_MSG.senhaIncorreta, errors: { senha: BANCO_CERTIFICADO_MSG.senhaIncorreta } });
  });

  it('refuses an expired certificate, a key of another certificate, and files that are not certificates — whatever their names', async () => {
    const before = (await row()).certificado_serial;
    const vencido = await upload([{ name: 'vencido.pem', data: bytes('vencido.pem') }]);
    expect(vencido.statusCode).toBe(422);
    expect(vencido.json().msg).toMatch(/^O certificado venceu em \d{2}\/\d{2}\/\d{4}: envie um certificado válido\.$/);

    const outra = await upload([{ name: 'c.pem', data: Buffer.from(pem('cli.crt') + pem('outra.key')) }]);
    expect(outra.statusCode).toBe(422);
    expect(outra.json().msg).toBe(BANCO_CERTIFICADO_MSG.chaveNaoConfere);

    const semChave = await upload([{ name: 'c.pem', data: bytes('cli.crt') }]);
    expect(semChave.statusCode).toBe(422);
    expect(semChave.json().msg).toBe(BANCO_CERTIFICADO_MSG.semChave);

    for (const f of [
      { name: 'certificado.pfx', data: PNG },
      { name: 'certificado.pem', data: PDF },
      { name: 'certificado.p12', data: Buffer.from('isto não é um certificado') },
      { name: 'certificado.pfx', data: Buffer.from([0x30, 0x82, 0x01, 0x00, 0xff, 0xee]) },
    ]) {
      const res = await upload([f], { senha: 'x' });
      expect(res.statusCode, f.name).toBe(415);
      expect(res.json().msg).toBe(BANCO_CERTIFICADO_MSG.naoCertificado);
    }
    // nothing refused replaced the stored certificate
    expect((await row()).certificado_serial).toBe(before);
  });

  it('is the administradores’ only', async () => {
    const { usuario } = await nonAdminTokens(t);
    const res = await upload([{ name: 'cliente.pem', data: Buffer.from(pem('cli.crt') + pem('cli.key')) }], {}, usuario);
    expect(res.statusCode).toBe(403);
    expect((await post(t, `/api/contaCobranca/removerCertificado/${conta.id}`, usuario)).statusCode).toBe(403);
  });
});

describe('mutual TLS with the bank', () => {
  it('with the conta’s certificate the token and the API calls pass the bank’s TLS; without it the handshake is refused with a Portuguese sentence', async () => {
    for (const version of ['TLSv1.3', 'TLSv1.2'] as const) {
      const front = await mtlsFront(version);
      try {
        await t.db
          .update(contaCobranca)
          .set({ modo: 'API', api_url: `${front.url}/bb/cobrancas/v2`, api_oauth_url: `${front.url}/bb/oauth/token`, api_client_id: CLIENT.clientId, variacao_carteira: '35' })
          .where(eq(contaCobranca.id, conta.id));
        const saved = await post(t, `/api/contaCobranca/integracao/${conta.id}`, t.admin.token, { modo: 'API', client_secret: CLIENT.clientSecret, app_key: CLIENT.appKey });
        expect(saved.statusCode, saved.body).toBe(200);
        const cfg = adapterConfig(bank, await row());
        expect(cfg.tls).toBeDefined();
        // the test's CA is not a public one: trusted for the bank's server certificate here only
        const ca = pem('ca.crt');

        const withCert = bbApiAdapter({ ...cfg, tls: { ...cfg.tls!, ca } });
        const calls: { operacao: string; status: number | null; erro: string | null }[] = [];
        const state = await withCert.get(withCert.numeroBanco(9_999_999_999), (c) => calls.push(c));
        expect(state).toBeNull(); // the sandbox does not know the title: the call went through
        expect(calls.map((c) => [c.operacao, c.status])).toEqual([
          ['token', 200],
          ['consultar', 404],
        ]);
        expect(front.seen).toEqual(['BOLETO GARANTIDO:11222333000181', 'BOLETO GARANTIDO:11222333000181']);

        // no client certificate (the bank's CA still trusted, as a public one would be)
        const without = bbApiAdapter({ ...cfg, tls: { cert: '', key: '', ca } });
        const refused = await without.get(without.numeroBanco(9_999_999_999), () => {}).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(BankError);
        const e = refused as BankError;
        if (version === 'TLSv1.2') {
          // the refusal arrives as the handshake's alert: the conta's certificate, not an outage
          expect(e.kind).toBe('CREDENCIAIS');
          expect(e.message).toMatch(/^O Banco do Brasil recusou a conexão segura \(TLS mútuo\): confira o certificado da conta de cobrança/);
        } else {
          // TLS 1.3: the alert comes after our side finished; undici sees the connection closed
          expect(e.kind).toBe('INDISPONIVEL');
          expect(e.message).toContain('se ele exige TLS mútuo, envie o certificado da conta de cobrança');
        }
        expect(front.seen).toHaveLength(2); // the bank's front answered nothing without the certificate
      } finally {
        await front.close();
      }
    }
  }, 30_000);

  it('another certificate than the one the bank knows is refused (the bank’s CA did not sign it)', async () => {
    const front = await mtlsFront('TLSv1.2');
    try {
      await t.db.update(contaCobranca).set({ api_url: `${front.url}/bb/cobrancas/v2`, api_oauth_url: `${front.url}/bb/oauth/token` }).where(eq(contaCobranca.id, conta.id));
      const cfg = adapterConfig(bank, await row());
      const vencido = pem('vencido.pem');
      const strange = bbApiAdapter({ ...cfg, tls: { cert: vencido.slice(0, vencido.indexOf('-----BEGIN RSA')), key: vencido.slice(vencido.indexOf('-----BEGIN RSA')), ca: pem('ca.crt') } });
      const e = (await strange.get(strange.numeroBanco(1), () => {}).catch((x: unknown) => x)) as BankError;
      expect(e).toBeInstanceOf(BankError);
      expect(e.kind).toBe('CREDENCIAIS');
      expect(e.message).toContain('com o certificado da conta');
      expect(front.seen).toEqual([]);
    } finally {
      await front.close();
    }
  });
});

describe('Início and removal', () => {
  it('Início warns about a certificate that expires within 30 days, or expired', async () => {
    const res = await get(t, '/api/dashboard/getResumo');
    expect(res.statusCode).toBe(200);
    const alerta = res.json().data.certificadosVencendo.find((c: { conta_id: number }) => c.conta_id === conta.id);
    expect(alerta.texto).toMatch(/^Certificado da conta 001 ag\. 4321 c\/c 55555 vence em (19|20) dias\.$/);

    await t.db.update(contaCobranca).set({ certificado_validade: new Date(Date.now() - 3 * 86_400_000 - 60_000) }).where(eq(contaCobranca.id, conta.id));
    const expired = (await get(t, '/api/dashboard/getResumo')).json().data.certificadosVencendo.find((c: { conta_id: number }) => c.conta_id === conta.id);
    expect(expired).toMatchObject({ dias_restantes: -4 });
    expect(expired.texto).toContain('venceu há 4 dias');

    await t.db.update(contaCobranca).set({ certificado_validade: new Date(Date.now() + 90 * 86_400_000) }).where(eq(contaCobranca.id, conta.id));
    expect((await get(t, '/api/dashboard/getResumo')).json().data.certificadosVencendo).toBeUndefined();
  });

  it('removing it: the calls go without a client certificate; removing again is a 409', async () => {
    const res = await post(t, `/api/contaCobranca/removerCertificado/${conta.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await row();
    expect(stored.certificado_pem).toBeNull();
    expect(adapterConfig(bank, stored).tls).toBeUndefined();
    const list = await get(t, '/api/contaCobranca/getAll');
    expect(list.json().data.find((c: { id: number }) => c.id === conta.id).certificado).toBeNull();
    const again = await post(t, `/api/contaCobranca/removerCertificado/${conta.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(BANCO_CERTIFICADO_MSG.semCertificadoNaConta);
  });
});
