import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { API_V1_MSG, type ApiEscopo } from '@bg/domain';
import { auditLog, garantia } from '../../src/db/schema/index.js';
import { apiIdempotencia } from '../../src/db/schema/integracao-chaves.js';
import { createCpfSuspeito } from '../../src/factories/cadastros.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { limparIdempotenciaLote } from '../../src/modules/integracao/api-v1/limpeza-job.js';
import { createTestApp, type TestApp } from '../harness.js';
import { ensureConta, pdfText, releasedGarantia } from '../boletos/support.js';
import { count, payload } from '../garantias/helpers.js';
import { novaChave, v1 } from './support.js';

/**
 * The public API /api/v1 (issue 28, decision 117): authentication by key, scopes, tenancy, IP
 * allow-list, rate limit, idempotency (replay, conflict, concurrency), audit with the key's id, the
 * resources and PDFs, its own OpenAPI document.
 */
const RATE = 25;
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let lojaA: Awaited<ReturnType<TestApp['userWithToken']>>;
let lojaB: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp({ apiV1RateLimit: RATE });
  await ensureConta(t.database.db);
  admin = await t.userWithToken({ nivel: '2' });
  const empresaA = await createEmpresa(t.database.db, { qtd_max_parcelas: 6 });
  lojaA = await t.userWithToken({ nivel: '1', empresa_id: empresaA.id });
  lojaB = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const ALL: ApiEscopo[] = ['garantias:write', 'garantias:read', 'boletos:read', 'webhooks:manage'];
const chaveDe = (loja: typeof lojaA, escopos: ApiEscopo[] = ALL, extra: { ips?: string[] } = {}) =>
  novaChave(t, loja.token, { empresa_id: loja.user.empresa_id!, escopos, ...extra });
const solicitar = (chave: string, body: object, key: string | null = randomUUID()) =>
  v1(t, chave, { method: 'POST', url: '/api/v1/garantias', payload: body, headers: key === null ? {} : { 'idempotency-key': key } });

describe('authentication', () => {
  it('no key, a malformed or unknown one: 401 in Portuguese, the same message for any wrong key', async () => {
    const none = await v1(t, null, { url: '/api/v1/boletos' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: 401, msg: API_V1_MSG.semChave });
    const k = await chaveDe(lojaA);
    for (const wrong of ['abc', `${k.prefixo}_${'A'.repeat(43)}`, `bg_live_ZZZZZZZZ_${'A'.repeat(43)}`, `${k.chave}x`]) {
      const res = await v1(t, wrong, { url: '/api/v1/boletos' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: API_V1_MSG.chaveInvalida });
    }
    // a session token is not a key
    expect((await v1(t, lojaA.token, { url: '/api/v1/boletos' })).statusCode).toBe(401);
    // and a key is not a session
    expect((await t.call({ method: 'GET', url: '/api/boleto/getAllPaginate', headers: { authorization: `Bearer ${k.chave}` } })).statusCode).toBe(401);
  });

  it('each scope allows only its calls (403 naming the missing scope)', async () => {
    const { garantia: g, boletos } = await releasedGarantia(t.database.db, { empresa_id: lojaA.user.empresa_id!, usuario_id: lojaA.user.id });
    const calls: { escopo: ApiEscopo; call: (chave: string) => ReturnType<typeof v1> }[] = [
      { escopo: 'garantias:write', call: (c) => solicitar(c, payload()) },
      { escopo: 'garantias:read', call: (c) => v1(t, c, { url: `/api/v1/garantias/${g.id}` }) },
      { escopo: 'boletos:read', call: (c) => v1(t, c, { url: '/api/v1/boletos' }) },
      { escopo: 'boletos:read', call: (c) => v1(t, c, { url: `/api/v1/boletos/${boletos[0].id}` }) },
      { escopo: 'boletos:read', call: (c) => v1(t, c, { url: `/api/v1/boletos/${boletos[0].id}/pdf` }) },
      { escopo: 'boletos:read', call: (c) => v1(t, c, { url: `/api/v1/garantias/${g.id}/carne` }) },
    ];
    for (const escopo of ALL) {
      const k = await chaveDe(lojaA, [escopo]);
      for (const c of calls) {
        const res = await c.call(k.chave);
        if (c.escopo === escopo) expect(res.statusCode, `${escopo} → ${c.escopo}`).toBe(200);
        else expect(res.json(), `${escopo} → ${c.escopo}`).toEqual({ status: 403, msg: API_V1_MSG.escopo(c.escopo) });
      }
    }
  });

  it('a key of shop A never reads shop B: 404 for B\'s guarantee and boleto, B\'s boletos never listed', async () => {
    const { garantia: gB, boletos: bB } = await releasedGarantia(t.database.db, { empresa_id: lojaB.user.empresa_id!, usuario_id: lojaB.user.id });
    const { garantia: gA } = await releasedGarantia(t.database.db, { empresa_id: lojaA.user.empresa_id!, usuario_id: lojaA.user.id });
    const k = await chaveDe(lojaA);
    for (const url of [`/api/v1/garantias/${gB.id}`, `/api/v1/boletos/${bB[0].id}`, `/api/v1/boletos/${bB[0].id}/pdf`, `/api/v1/garantias/${gB.id}/carne`, `/api/v1/boletos/${bB[0].id}/recibo`]) {
      const res = await v1(t, k.chave, { url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(String(bB[0].linha_digitavel ?? 'nada'));
    }
    const own = await v1(t, k.chave, { url: `/api/v1/garantias/${gA.id}` });
    expect(own.statusCode).toBe(200);
    const listed = await v1(t, k.chave, { url: '/api/v1/boletos?per_page=100' });
    const ids = (listed.json().data as { id: number; empresa_id: number }[]);
    expect(ids.every((b) => b.empresa_id === lojaA.user.empresa_id)).toBe(true);
    expect(ids.map((b) => b.id)).not.toContain(bB[0].id);
    // an empresa_id of another shop in the request is the 404 of a shop it cannot see
    const other = await solicitar(k.chave, payload({ empresa_id: lojaB.user.empresa_id }));
    expect(other.statusCode).toBe(404);
    // a key made by an administrador for B acts as B, not as an administrador
    const kB = await novaChave(t, admin.token, { empresa_id: lojaB.user.empresa_id!, escopos: ['garantias:read'] });
    expect((await v1(t, kB.chave, { url: `/api/v1/garantias/${gA.id}` })).statusCode).toBe(404);
    expect((await v1(t, kB.chave, { url: `/api/v1/garantias/${gB.id}` })).statusCode).toBe(200);
  });

  it('IP allow-list: addresses and CIDR blocks (IPv4, IPv6, IPv4-mapped); outside it 403', async () => {
    const k = await chaveDe(lojaA, ['boletos:read'], { ips: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.9'] });
    const from = (ip: string) => v1(t, k.chave, { url: '/api/v1/boletos', remoteAddress: ip });
    for (const ip of ['203.0.113.77', '2001:db8::5', '198.51.100.9', '::ffff:203.0.113.1']) expect((await from(ip)).statusCode, ip).toBe(200);
    for (const ip of ['203.0.114.1', '198.51.100.10', '2001:db9::1', '127.0.0.1']) {
      const res = await from(ip);
      expect(res.json(), ip).toEqual({ status: 403, msg: API_V1_MSG.ip });
    }
  });

  it('rate limit per key: 429 with Retry-After past the limit; another key is not affected', async () => {
    const k = await chaveDe(lojaA, ['boletos:read']);
    const other = await chaveDe(lojaA, ['boletos:read']);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < RATE + 2; i++) {
      last = await v1(t, k.chave, { url: '/api/v1/boletos?per_page=1' });
      statuses.push(last.statusCode);
    }
    // a window may turn during the loop: at least RATE successes, and the last call refused
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(RATE);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    const refused = await v1(t, k.chave, { url: '/api/v1/boletos?per_page=1' });
    if (refused.statusCode === 429) {
      expect(refused.json()).toEqual({ status: 429, msg: API_V1_MSG.limite });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await v1(t, other.chave, { url: '/api/v1/boletos?per_page=1' })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/garantias', () => {
  it('the wizard\'s rules: 200 with the guarantee PENDENTE (as GET answers it), the lookup recorded and billed', async () => {
    const k = await chaveDe(lojaA);
    const body = payload();
    const res = await solicitar(k.chave, body);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({ status: 'PENDENTE', situacao: 'PENDENTE', empresa_id: lojaA.user.empresa_id, qtd_parcelas: 3, valor_total: 451.5, boletos_liberados: false });
    expect(out.data.cliente).toEqual({ tipo_pessoa: 'F', cpf_cnpj: body.cpf_cnpj, nome_razao: 'Carlos Pereira Lima' });
    expect(out.data.boletos.map((b: { parcela: number; situacao: null; imprimivel: boolean }) => [b.parcela, b.situacao, b.imprimivel])).toEqual([[1, null, false], [2, null, false], [3, null, false]]);
    const get = await v1(t, k.chave, { url: `/api/v1/garantias/${out.data.id}` });
    expect(get.json().data).toEqual(out.data);
    // the lookup of step 1, recorded like the wizard's
    expect(await count(t.database.db, sql`select count(*)::int as n from consulta_documento where cpf_cnpj = ${body.cpf_cnpj} and empresa_id = ${lojaA.user.empresa_id}`)).toBe(1);
    // the guarantee's user is the key's maker; the audit records carry the key's id
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, out.data.id));
    expect(g.usuario_id).toBe(lojaA.user.id);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'garantia.solicitar'), eq(auditLog.entity_id, String(out.data.id))));
    expect(audits[0].summary).toMatchObject({ api_chave_id: k.id });
  });

  it('answers 900 with the restrictions for a document on the suspect list, as the wizard does', async () => {
    const k = await chaveDe(lojaA);
    const body = payload();
    await createCpfSuspeito(t.database.db, { cpf_cnpj: body.cpf_cnpj });
    const res = await solicitar(k.chave, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 900, title: expect.any(String), consulta: expect.stringContaining('CPF_SUSPEITO') });
    expect(await count(t.database.db, sql`select count(*)::int as n from garantia g join pessoa p on p.id = g.pessoa_id where p.cpf_cnpj = ${body.cpf_cnpj}`)).toBe(0);
  });

  it('bad input: 422 with a message per field (never a 500); more instalments than the shop allows', async () => {
    const k = await chaveDe(lojaA);
    const res = await solicitar(k.chave, { ...payload(), cpf_cnpj: '123', renda: 'muito', titulos: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('Verifique os campos informados.');
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['cpf_cnpj', 'renda']));
    const many = await solicitar(k.chave, payload({ qtd_titulos: 8 }));
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.qtd_titulos).toBeTruthy();
    const notJson = await t.app.inject({ method: 'POST', url: '/api/v1/garantias', payload: '{"x":', headers: { authorization: `Bearer ${k.chave}`, 'content-type': 'application/json', 'idempotency-key': 'a' } });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('Idempotency-Key', () => {
  it('is required on every POST (400 without it or with an invalid one), before the body is validated', async () => {
    const k = await chaveDe(lojaA);
    for (const key of [null, '', 'x'.repeat(256), 'com espaço']) {
      const res = await solicitar(k.chave, { nada: true }, key);
      expect(res.statusCode, String(key)).toBe(400);
      expect([API_V1_MSG.idempotenciaAusente, API_V1_MSG.idempotenciaInvalida]).toContain(res.json().msg);
    }
  });

  it('the same key and body: the stored answer again, marked as a replay, one guarantee; another body: 409', async () => {
    const k = await chaveDe(lojaA);
    const key = randomUUID();
    const body = payload();
    const first = await solicitar(k.chave, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // the same content with its keys in another order is the same body
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await solicitar(k.chave, reordered, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(t.database.db, sql`select count(*)::int as n from garantia g join pessoa p on p.id = g.pessoa_id where p.cpf_cnpj = ${body.cpf_cnpj}`)).toBe(1);
    const other = await solicitar(k.chave, { ...body, nome_razao: 'Outro Nome' }, key);
    expect(other.json()).toEqual({ status: 409, msg: API_V1_MSG.idempotenciaOutroCorpo });
    // the same Idempotency-Key under another API key is another request
    const k2 = await chaveDe(lojaA);
    const viaOther = await solicitar(k2.chave, payload(), key);
    expect(viaOther.statusCode).toBe(200);
    expect(viaOther.headers['idempotent-replayed']).toBeUndefined();
    // stored 24 h, with the body's hash and the answer
    const [row] = await t.database.db.select().from(apiIdempotencia).where(and(eq(apiIdempotencia.chave_id, k.id), eq(apiIdempotencia.idempotency_key, key)));
    expect(row.status_http).toBe(200);
    expect(row.corpo_hash).toMatch(/^[0-9a-f]{64}$/);
    const hours = (row.expira_em.getTime() - row.criado_em.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it('a refusal is stored too: the same request gets the same 4xx again', async () => {
    const k = await chaveDe(lojaA);
    const key = randomUUID();
    const body = payload({ empresa_id: lojaB.user.empresa_id });
    const first = await solicitar(k.chave, body, key);
    expect(first.statusCode).toBe(404);
    const again = await solicitar(k.chave, body, key);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('concurrent requests with the same key: one guarantee; the others get its answer (or 409), never a second one', async () => {
    const k = await chaveDe(lojaA);
    const key = randomUUID();
    const body = payload();
    const results = await Promise.all(Array.from({ length: 5 }, () => solicitar(k.chave, body, key)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ids = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(await count(t.database.db, sql`select count(*)::int as n from garantia g join pessoa p on p.id = g.pessoa_id where p.cpf_cnpj = ${body.cpf_cnpj}`)).toBe(1);
  });

  it('an expired answer is gone: the cleanup job deletes it, and the key can be used again', async () => {
    const k = await chaveDe(lojaA);
    const key = randomUUID();
    expect((await solicitar(k.chave, payload(), key)).statusCode).toBe(200);
    await t.database.db.update(apiIdempotencia).set({ expira_em: new Date(Date.now() - 1000) }).where(eq(apiIdempotencia.chave_id, k.id));
    expect(await limparIdempotenciaLote(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(apiIdempotencia).where(eq(apiIdempotencia.chave_id, k.id))).toEqual([]);
    const again = await solicitar(k.chave, payload(), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('reads and files', () => {
  it('boletos by situação and date, paged; a boleto; its PDF and the carnê; the receipt once the shop received it', async () => {
    const { garantia: g, boletos } = await releasedGarantia(t.database.db, { empresa_id: lojaA.user.empresa_id!, usuario_id: lojaA.user.id, parcelas: [10000, 20000] });
    const k = await chaveDe(lojaA, ['boletos:read']);
    const one = await v1(t, k.chave, { url: `/api/v1/boletos/${boletos[0].id}` });
    expect(one.json().data).toMatchObject({ id: boletos[0].id, garantia_id: g.id, parcela: 1, qtd_parcelas: 2, valor: 100, situacao: 'DISPONÍVEL PARA PAGAMENTO', imprimivel: true, possui_recibo: false });
    expect(one.json().data.linha_digitavel).toMatch(/^\d{5}\.\d{5} /);
    const page = await v1(t, k.chave, { url: `/api/v1/boletos?situacao=${encodeURIComponent('DISPONÍVEL PARA PAGAMENTO')}&desde=2020-01-01&per_page=1` });
    expect(page.json()).toMatchObject({ status: 200, per_page: 1, current_page: 1 });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().total).toBeGreaterThanOrEqual(2);
    const future = await v1(t, k.chave, { url: '/api/v1/boletos?desde=2099-01-01' });
    expect(future.json().data).toEqual([]);
    expect((await v1(t, k.chave, { url: '/api/v1/boletos?situacao=QUALQUER&desde=ontem' })).statusCode).toBe(422);

    const pdf = await v1(t, k.chave, { url: `/api/v1/boletos/${boletos[0].id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const carne = await v1(t, k.chave, { url: `/api/v1/garantias/${g.id}/carne` });
    expect(carne.statusCode).toBe(200);
    expect(pdfText(carne.rawPayload).length).toBeGreaterThan(0);

    // no receipt until the shop receives the boleto
    const none = await v1(t, k.chave, { url: `/api/v1/boletos/${boletos[0].id}/recibo` });
    expect(none.json()).toEqual({ status: 409, msg: API_V1_MSG.semRecibo });
    const baixa = await t.call({ method: 'POST', url: `/api/boleto/baixar/${boletos[0].id}`, token: lojaA.token, payload: {} });
    expect(baixa.statusCode).toBe(200);
    const recibo = await v1(t, k.chave, { url: `/api/v1/boletos/${boletos[0].id}/recibo` });
    expect(recibo.statusCode).toBe(200);
    expect(recibo.headers['content-type']).toBe('application/pdf');
    // paid or received: no longer printable
    expect((await v1(t, k.chave, { url: `/api/v1/boletos/${boletos[0].id}` })).json().data).toMatchObject({ possui_recibo: true, imprimivel: false });
    const refused = await v1(t, k.chave, { url: `/api/v1/boletos/${boletos[0].id}/pdf` });
    expect(refused.statusCode).toBe(409);
  });

  it('a guarantee not yet released: no PDF (409 in Portuguese)', async () => {
    const { garantia: g, boletos } = await createGarantia(t.database.db, { empresa_id: lojaA.user.empresa_id!, usuario_id: lojaA.user.id });
    const k = await chaveDe(lojaA, ['boletos:read', 'garantias:read']);
    const res = await v1(t, k.chave, { url: `/api/v1/garantias/${g.id}/carne` });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/liberados/);
    expect((await v1(t, k.chave, { url: `/api/v1/boletos/${boletos[0].id}/pdf` })).statusCode).toBe(409);
    expect((await v1(t, k.chave, { url: '/api/v1/boletos/abc' })).statusCode).toBe(422);
    expect((await v1(t, k.chave, { url: '/api/v1/garantias/99999999' })).statusCode).toBe(404);
  });
});

describe('audit', () => {
  it('every call of a known key is an audit record with the key\'s id: successes, refusals, replays', async () => {
    const k = await chaveDe(lojaA, ['boletos:read']);
    await v1(t, k.chave, { url: '/api/v1/boletos' });
    await v1(t, k.chave, { url: '/api/v1/garantias/1' });
    await v1(t, k.chave, { method: 'POST', url: '/api/v1/garantias', payload: {}, headers: { 'idempotency-key': 'k1' } });
    // onResponse writes after the answer: wait for the rows
    let rows: (typeof auditLog.$inferSelect)[] = [];
    for (let i = 0; i < 50 && rows.length < 3; i++) {
      rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'api.v1.chamada'), eq(auditLog.entity_id, String(k.id))));
      if (rows.length < 3) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rows.map((r) => [r.summary.rota, r.summary.status]).sort()).toEqual([
      ['/api/v1/boletos', 200],
      ['/api/v1/garantias', 403],
      ['/api/v1/garantias/:id', 403],
    ]);
    expect(rows.every((r) => r.summary.api_chave_id === k.id && r.usuario_id === lojaA.user.id && r.entity === 'api_chave')).toBe(true);
  });
});

describe('/api/v1/docs', () => {
  it('its own OpenAPI document lists only the v1 routes, with the key as their security and Idempotency-Key on POST', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/v1/docs/init.js');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/docs/init.js' })).body).toContain('/api/v1/docs/json');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
    const paths = Object.keys(doc.paths).sort();
    expect(paths).toEqual([
      '/api/v1/boletos',
      '/api/v1/boletos/{id}',
      '/api/v1/boletos/{id}/pdf',
      '/api/v1/boletos/{id}/recibo',
      '/api/v1/garantias',
      '/api/v1/garantias/{id}',
      '/api/v1/garantias/{id}/carne',
      '/api/v1/webhooks',
      '/api/v1/webhooks/{id}',
      '/api/v1/webhooks/{id}/entregas',
      '/api/v1/webhooks/{id}/reenviar',
      '/api/v1/webhooks/{id}/teste',
    ]);
    expect(doc.components.securitySchemes.chaveApi).toMatchObject({ type: 'http', scheme: 'bearer' });
    const post = doc.paths['/api/v1/garantias'].post;
    expect(post.security).toEqual([{ chaveApi: [] }]);
    expect(post.parameters.some((p: { in: string; name: string; required: boolean }) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required)).toBe(true);
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('cpf_cnpj');
    // the pages themselves need no key
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).statusCode).toBe(200);
  });
});

