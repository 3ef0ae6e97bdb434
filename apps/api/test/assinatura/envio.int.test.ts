import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSINATURA_MSG, formatCpfCnpj, formatProtocol, SOMENTE_LEITURA_MSG } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { assinaturaSolicitacao, auditLog, storedFile } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { aprovada, CONTATO, documento, enviado, enviar, mensagensDa, pdfText, publica, solicitacao } from './support.js';

let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let outra: Awaited<ReturnType<TestApp['userWithToken']>>;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://boleto.example.com.br' });
  loja = await t.userWithToken();
  outra = await t.userWithToken();
  admin = await t.userWithToken({ nivel: '2' });
});
afterAll(async () => t?.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('POST /api/boleto/getDuplicataAssinatura/{garantiaId}', () => {
  it('stores the request with the hash of a 256-bit token and queues a WhatsApp and an e-mail with the link', async () => {
    const { garantia } = await aprovada(t, loja.user, { parcelas: [30000, 30000] });
    const res = await enviar(t, loja.token, garantia.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(ASSINATURA_MSG.enviadoTexto);
    const { id, expires_at, mensagens } = res.json().data;
    // SIGNATURE_LINK_TTL_DAYS default: 7 days
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(7 * 86400_000);

    const outbox = await mensagensDa(t, id);
    expect(outbox.map((m) => m.id)).toEqual(mensagens);
    expect(outbox.map((m) => [m.channel, m.recipient])).toEqual([
      ['whatsapp', '11987654321'],
      ['email', 'cliente.assina@example.com'],
    ]);
    const link = outbox[0].link!;
    expect(link).toMatch(/^https:\/\/boleto\.example\.com\.br\/assinatura\/[A-Za-z0-9_-]{43}$/);
    for (const m of outbox) {
      expect(m.link).toBe(link);
      expect(m.text).toContain(link);
      expect(m.text).toContain(formatProtocol(garantia.id, garantia.digito));
      expect(m.text).toContain('R$ 600,00');
    }
    expect(outbox[1].subject).toMatch(/^Duplicatas para assinatura — /);
    // the kind, its LGPD basis and who it is for (issue 27: opt-outs and the Mensagens filters)
    expect(outbox.map((m) => [m.tipo, m.base_legal, m.pessoa_id, m.empresa_id])).toEqual([
      ['assinatura', 'execucao_contrato', garantia.pessoa_id, garantia.empresa_id],
      ['assinatura', 'execucao_contrato', garantia.pessoa_id, garantia.empresa_id],
    ]);

    const row = await solicitacao(t, id);
    const token = link.split('/').pop()!;
    expect(row.token_hash).toBe(sha256(Buffer.from(token)));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ status: 'PENDENTE', email: 'cliente.assina@example.com', telefone: '11987654321', created_by: loja.user.id, opened_at: null, signed_at: null });
    // the outbox job hands both to the provider (MESSAGING_PROVIDER=outbox: logged) right after the commit
    await expect.poll(async () => (await mensagensDa(t, id)).map((m) => m.status), { timeout: 15_000, interval: 200 }).toEqual(['sent', 'sent']);
  });

  it('generates the duplicatas once: the page serves exactly the stored bytes, whose SHA-256 is the recorded one', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const { id, token } = await enviado(t, loja.token, garantia.id);
    const row = await solicitacao(t, id);
    const [file] = await t.database.db.select().from(storedFile).where(eq(storedFile.id, row.documento_file_id));
    expect(file.sha256).toBe(row.documento_sha256);
    const pdf = await documento(t, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(sha256(pdf.rawPayload)).toBe(row.documento_sha256);
    expect(pdf.rawPayload.length).toBe(file.size_bytes);
    // the same bytes again (never regenerated), and the page shows that hash
    expect(sha256((await documento(t, token)).rawPayload)).toBe(row.documento_sha256);
    const page = await publica(t, token);
    expect(page.json().data.documento.sha256).toBe(row.documento_sha256);
  });

  it('the duplicatas hold what Lei 5.474/68 art. 2º § 1º asks, one per instalment', async () => {
    const pessoa = await createPessoa(t.database.db);
    const { garantia } = await aprovada(t, loja.user, { pessoa_id: pessoa.id, dados: { complemento: 'Apto 12', cep: '01310100' }, parcelas: [123456, 5000], primeiroVencimento: '2027-03-10' });
    const res = await t.call({ method: 'GET', url: `/api/boleto/getDuplicataAll/${garantia.id}`, token: loja.token });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const protocolo = formatProtocol(garantia.id, garantia.digito);
    expect(text.match(/^\s*DUPLICATA DE VENDA MERCANTIL\s*$/gm)).toHaveLength(2);
    for (const label of ['Duplicata nº (ordem)', 'Fatura nº', 'Data de emissão', 'Vencimento', 'Valor por extenso', 'Vendedor (emitente)', 'CNPJ do vendedor',
      'Domicílio do vendedor', 'Comprador (sacado)', 'CPF/CNPJ do comprador', 'Domicílio do comprador', 'Praça de pagamento', 'Assinatura do comprador (aceite)', 'Data do aceite']) {
      expect(text, label).toContain(label);
    }
    expect(text).toContain(`${protocolo}/01`);
    expect(text).toContain(`${protocolo}/02`);
    expect(text).toContain('10/03/2027');
    expect(text).toContain('10/04/2027');
    expect(text).toContain('R$ 1.234,56');
    expect(text).toContain('mil, duzentos e trinta e quatro reais e cinquenta e seis centavos');
    expect(text).toContain('cinquenta reais');
    expect(text).toContain(pessoa.nome_razao);
    expect(text).toContain(formatCpfCnpj(pessoa.cpf_cnpj));
    expect(text).toContain('Apto 12');
    expect(text).toContain('CEP 01310-100');
    expect(text).toContain('São Paulo/SP');
    expect(text.replace(/\s+/g, ' ')).toMatch(/ou à sua ordem, na praça e no vencimento indicados/);
    expect(text.replace(/\s+/g, ' ')).toContain('Reconheço a exatidão desta DUPLICATA DE VENDA MERCANTIL');
    expect(text).toContain('Assinatura do emitente');
  });

  it('tenancy: another empresa gets 404, an administrador may send, a franqueado only for its own empresa', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const refused = await enviar(t, outra.token, garantia.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe('Garantia não encontrada.');
    expect((await enviar(t, admin.token, garantia.id)).statusCode).toBe(200);

    const franquia = await createEmpresa(t.database.db);
    const franqueado = await t.userWithToken({ nivel: '3', empresa_id: franquia.id });
    const filial = await createEmpresa(t.database.db, { franqueado_id: franquia.id });
    const vendedor = await t.userWithToken({ empresa_id: filial.id });
    const daFilial = await aprovada(t, vendedor.user);
    // the franchisee's guarantees are read-only for the franqueado: it sees them, so it is told so (issue 25)
    const somenteLeitura = await enviar(t, franqueado.token, daFilial.garantia.id);
    expect(somenteLeitura.statusCode).toBe(403);
    expect(somenteLeitura.json().msg).toBe(SOMENTE_LEITURA_MSG);
    const propria = await createGarantia(t.database.db, { empresa_id: franquia.id, usuario_id: franqueado.user.id, status: 'APROVADO' });
    expect((await enviar(t, franqueado.token, propria.garantia.id)).statusCode).toBe(200);
    const lista = await t.call({ method: 'GET', url: `/api/assinatura/getByGarantia/${garantia.id}`, token: outra.token });
    expect(lista.statusCode).toBe(404);
  });

  it('only an APROVADO guarantee: PENDENTE, NÃO AUTORIZADO and CANCELADO are refused with 409', async () => {
    for (const status of ['PENDENTE', 'NÃO AUTORIZADO', 'CANCELADO'] as const) {
      const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, status });
      const res = await enviar(t, loja.token, garantia.id);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().msg).toBe(ASSINATURA_MSG.somenteAprovada);
    }
  });

  it('phone and e-mail are required and validated (spec §5 Signature)', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const empty = await enviar(t, loja.token, garantia.id, { email: '', telefone: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ email: 'Campo obrigatório', telefone: 'Campo obrigatório' });
    const wrong = await enviar(t, loja.token, garantia.id, { email: 'sem-arroba', telefone: '(11)9876' });
    expect(wrong.json().errors).toEqual({ email: 'Informe um e-mail válido!', telefone: 'Informe um telefone válido!' });
    expect((await enviar(t, loja.token, garantia.id, { email: 'a@b.com', telefone: '(11)3333-4444' })).statusCode).toBe(200);
  });

  it('a new send replaces the open link: the old one stops working, the new one works', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const first = await enviado(t, loja.token, garantia.id);
    const second = await enviado(t, loja.token, garantia.id);
    expect((await solicitacao(t, first.id)).status).toBe('SUBSTITUIDA');
    const old = await publica(t, first.token);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ status: 404, msg: ASSINATURA_MSG.linkInvalido });
    expect((await publica(t, second.token)).statusCode).toBe(200);
    const lista = await t.call({ method: 'GET', url: `/api/assinatura/getByGarantia/${garantia.id}`, token: loja.token });
    expect(lista.json().data.map((r: { situacao: string }) => r.situacao)).toEqual(['PENDENTE', 'SUBSTITUIDA']);
  });

  it('two sends at once leave exactly one open link', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const results = await Promise.all([enviar(t, loja.token, garantia.id), enviar(t, loja.token, garantia.id)]);
    expect(results.map((r) => r.statusCode).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const rows = await t.database.db.select().from(assinaturaSolicitacao).where(eq(assinaturaSolicitacao.garantia_id, garantia.id));
    expect(rows.filter((r) => r.status === 'PENDENTE')).toHaveLength(1);
  });

  it('records the link in the audit without the token and uses CONTATO as typed', async () => {
    const { garantia } = await aprovada(t, loja.user);
    const { id, token } = await enviado(t, loja.token, garantia.id);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, String(garantia.id)));
    const envio = audits.find((a) => a.action === 'assinatura.enviar')!;
    expect(envio.summary).toMatchObject({ solicitacao_id: id, telefone: '11987654321', email: CONTATO.email.toLowerCase() });
    expect(JSON.stringify(envio.summary)).not.toContain(token);
  });
});
