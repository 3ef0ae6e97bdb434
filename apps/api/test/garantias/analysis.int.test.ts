import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addMonthsClamped, DENY_REASONS, todayInSaoPaulo } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { consultaBureau, cpfSuspeito, garantia, motivoNegacao } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart } from '../multipart.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const get = (url: string, token = admin.token) => t.call({ method: 'GET', url, token });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082', 'hex');

describe('admin list', () => {
  it('filters by loja, situação, duplicatas and name/document, newest first, with the protocol', async () => {
    const empresa = await createEmpresa(t.database.db);
    const p = await createPessoa(t.database.db, { nome_razao: 'Zuleica Filtrável' });
    const a = await createGarantia(t.database.db, { empresa_id: empresa.id, usuario_id: admin.user.id, pessoa_id: p.id, status: 'APROVADO', data: new Date('2026-01-10T12:00:00Z') });
    const b = await createGarantia(t.database.db, { empresa_id: empresa.id, usuario_id: admin.user.id, pessoa_id: p.id, status: 'NÃO AUTORIZADO', data: new Date('2026-02-10T12:00:00Z') });
    await t.database.db.update(garantia).set({ possui_duplicata: 'S' }).where(eq(garantia.id, a.garantia.id));
    const list = (q: string) => get(`/api/garantia/getAllPaginate?empresa_id=${empresa.id}${q}`).then((r) => r.json());
    const all = await list('');
    expect(all).toMatchObject({ status: 200, total: 2, from: 1, to: 2 });
    expect(all.data.map((r: { id: number }) => r.id)).toEqual([b.garantia.id, a.garantia.id]);
    expect(all.data[0]).toMatchObject({ protocolo: `${b.garantia.id}-${b.garantia.digito}`, loja: empresa.fantasia, pessoa: 'Zuleica Filtrável', cpf_cnpj: p.cpf_cnpj, qtd_titulo: 3, status: 'NÃO AUTORIZADO', possui_duplicata: 'N' });
    expect((await list('&situacao=TODAS')).total).toBe(2);
    expect((await list(`&situacao=${encodeURIComponent('NÃO AUTORIZADO')}`)).data.map((r: { id: number }) => r.id)).toEqual([b.garantia.id]);
    expect((await list('&possui_duplicata=S')).data.map((r: { id: number }) => r.id)).toEqual([a.garantia.id]);
    // the counts without a search read garantia alone: the same filters
    expect((await list(`&situacao=${encodeURIComponent('NÃO AUTORIZADO')}`)).total).toBe(1);
    expect((await list('&possui_duplicata=S&situacao=APROVADO')).total).toBe(1);
    expect((await list('&possui_duplicata=S&situacao=PENDENTE')).total).toBe(0);
    expect((await list('&possui_duplicata=N')).data.map((r: { id: number }) => r.id)).toEqual([b.garantia.id]);
    expect((await list('&pesquisa=zuleica')).total).toBe(2);
    const masked = p.cpf_cnpj.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    expect((await list(`&pesquisa=${encodeURIComponent(masked)}`)).total).toBe(2);
    expect((await list('&pesquisa=ninguem-com-este-nome')).total).toBe(0);
  });
});

describe('analysis', () => {
  it('getById answers the request, person, boletos and only older guarantees as Boletos Anteriores', async () => {
    const p = await createPessoa(t.database.db);
    const older = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, pessoa_id: p.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'LIQUIDADO', parcelas: [10000, 10000], data: new Date('2025-05-01T12:00:00Z') });
    const g = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, pessoa_id: p.id, data: new Date('2026-06-01T12:00:00Z') });
    await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, pessoa_id: p.id, data: new Date('2026-07-01T12:00:00Z') });
    const d = (await get(`/api/garantia/getById/${g.garantia.id}`)).json().data;
    expect(d).toMatchObject({ id: g.garantia.id, protocolo: `${g.garantia.id}-${g.garantia.digito}`, status: 'PENDENTE', status_label: 'PENDENTE', qtd_titulo: 3 });
    expect(d.pessoa).toMatchObject({ id: p.id, cpf_cnpj: p.cpf_cnpj, renda: 3500, ref_pessoal: 'Maria Referência', telefones: [] });
    // only what the analysis shows: no ids of users, no timestamps of the rows
    for (const key of ['empresa_id', 'usuario_id', 'pessoa_id', 'decidido_por', 'liberado_por', 'cancelado_por', 'created_at', 'updated_at']) expect(d).not.toHaveProperty(key);
    for (const key of ['situacao', 'created_at', 'updated_at']) expect(d.pessoa).not.toHaveProperty(key);
    expect(d.data).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(d.usuario.empresa.fantasia).toBe(d.empresa.fantasia);
    expect(d.boletos).toHaveLength(3);
    expect(d.boletos[0]).toMatchObject({ parcela: 1, valor: 250, situacao: null });
    expect(d.boletos_anteriores.map((b: { garantia_id: number }) => b.garantia_id)).toEqual([older.garantia.id, older.garantia.id]);
    expect(d.boletos_anteriores[0]).toMatchObject({ garantia_status: 'APROVADO', situacao: 'LIQUIDADO', valor: 100 });
  });

  it('Consulta Restritiva and Analítica: computed from our data, stored once with who/when', async () => {
    const p = await createPessoa(t.database.db);
    const dados = { renda: '6000.00' };
    await t.database.db.insert(cpfSuspeito).values({ cpf_cnpj: p.cpf_cnpj, motivo: 'Terceiro <b>suspeito</b>' });
    await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, pessoa_id: p.id, dados, status: 'APROVADO', libera_boleto: 'S', situacao: 'LIQUIDADO', parcelas: [10000, 10000], primeiroVencimento: addMonthsClamped(todayInSaoPaulo(), -3), data: new Date('2025-01-01T12:00:00Z') });
    const g = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, pessoa_id: p.id });
    const r = (await get(`/api/garantia/consultaRestritiva/${g.garantia.id}`)).json().data;
    // the report as the screen shows it; the provider's raw answer is stored, never answered
    expect(Object.keys(r).sort()).toEqual(['created_at', 'html', 'usuario']);
    expect(r.usuario).toBe(admin.user.name);
    expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(r.html).toContain('COM RESTRIÇÃO');
    expect(r.html).toContain('Fonte: local');
    expect(r.html).toContain('&lt;b&gt;suspeito&lt;/b&gt;');
    const a = (await get(`/api/garantia/consultaAnalitica/${g.garantia.id}`)).json().data;
    // 500 − 400 (suspeito) + 40 (2 pagos) + 25 (1 aprovada sem inadimplência) + 50 (relacionamento) + 80 (renda ≥ 5.000)
    expect(a.html).toContain('<span class="score">295</span> — risco ALTO');
    expect(a).not.toHaveProperty('resultado');
    const stored = await t.database.db.select().from(consultaBureau).where(eq(consultaBureau.garantia_id, g.garantia.id));
    expect(stored.find((c) => c.tipo === 'ANALITICA')?.resultado).toMatchObject({ score: 295, faixa: 'ALTO' });
    expect(stored.find((c) => c.tipo === 'RESTRITIVA')?.resultado).toMatchObject({ restrito: true });
    // a second call (another admin) answers the stored result: one row per kind
    const other = await t.userWithToken({ nivel: '2' });
    const again = (await get(`/api/garantia/consultaAnalitica/${g.garantia.id}`, other.token)).json().data;
    expect(again.usuario).toBe(admin.user.name);
    expect(await t.database.db.select().from(consultaBureau).where(eq(consultaBureau.garantia_id, g.garantia.id))).toHaveLength(2);
    const d = (await get(`/api/garantia/getById/${g.garantia.id}`)).json().data;
    expect(d.consultas.restritiva.html).toBe(r.html);
    expect(d.consultas.analitica).toEqual(a);
    expect((await get(`/api/garantia/consultaRestritiva/${g.garantia.id}`, loja.token)).statusCode).toBe(403);
  });

  it('the deny reasons of the migration are the domain list, in order', async () => {
    const rows = await t.database.db.select().from(motivoNegacao).orderBy(asc(motivoNegacao.ordem));
    expect(rows.map((r) => r.descricao)).toEqual([...DENY_REASONS]);
  });
});

describe('duplicatas', () => {
  it('uploads PNG duplicatas for an own guarantee, sets possui_duplicata and lists expiring links', async () => {
    const g = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, status: 'APROVADO' });
    const res = await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...multipart({ garantia_id: String(g.garantia.id) }, [{ name: 'a.png', data: PNG }, { name: 'b.jpg', data: PNG }]) });
    expect(res.json()).toMatchObject({ status: 200, data: { garantia_id: g.garantia.id, arquivos: 2 } });
    expect((await t.database.db.select().from(garantia).where(eq(garantia.id, g.garantia.id)))[0].possui_duplicata).toBe('S');
    const list = (await get(`/api/garantia/getDuplicatas/${g.garantia.id}`, loja.token)).json().data;
    expect(list).toHaveLength(2);
    // a link, a name, when and who (Boletos da Garantia lists them), never the storage key
    expect(Object.keys(list[0]).sort()).toEqual(['enviado_em', 'enviado_por', 'id', 'nome', 'url']);
    expect(list.map((d: { nome: string }) => d.nome)).toEqual(['a.png', 'b.jpg']);
    expect(list[0].enviado_por).toBe(loja.user.name);
    expect(new Date(list[0].enviado_em).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(list[0].url).toMatch(/^\/api\/arquivo\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const file = await t.call({ method: 'GET', url: list[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('counts the 12 per guarantee: after 11 sent, 1 more is accepted and 2 are refused whole', async () => {
    const g = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, status: 'APROVADO' });
    const send = (n: number) =>
      t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...multipart({ garantia_id: String(g.garantia.id) }, Array.from({ length: n }, (_, i) => ({ name: `${i}.png`, data: PNG }))) });
    expect((await send(11)).statusCode).toBe(200);
    const two = await send(2);
    expect(two.statusCode).toBe(409);
    expect(two.json().msg).toBe('A garantia já tem 11 de 12 duplicatas: envie até 1 arquivo. Nenhum arquivo foi enviado.');
    expect((await get(`/api/garantia/getDuplicatas/${g.garantia.id}`, loja.token)).json().data).toHaveLength(11);
    expect((await send(1)).statusCode).toBe(200);
    expect((await send(1)).json().msg).toBe('A garantia já tem 12 de 12 duplicatas: nenhum arquivo foi enviado.');
  });

  it('refuses a non-image by content, more than 12 files, and another empresa guarantee', async () => {
    const g = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    const fake = await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...multipart({ garantia_id: String(g.garantia.id) }, [{ name: 'x.png', data: Buffer.from('%PDF-1.4 not an image') }]) });
    expect(fake.statusCode).toBe(415);
    const many = Array.from({ length: 13 }, (_, i) => ({ name: `${i}.png`, data: PNG }));
    expect((await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...multipart({ garantia_id: String(g.garantia.id) }, many) })).statusCode).toBe(400);
    const stranger = await t.userWithToken({ nivel: '1' });
    const out = await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: stranger.token, ...multipart({ garantia_id: String(g.garantia.id) }, [{ name: 'a.png', data: PNG }]) });
    expect(out.statusCode).toBe(404);
    expect((await t.database.db.select().from(garantia).where(eq(garantia.id, g.garantia.id)))[0].possui_duplicata).toBe('N');
  });

  it('accepts exactly 12 files and refuses more than 50 MB (spec §5)', async () => {
    const g = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    const twelve = Array.from({ length: 12 }, (_, i) => ({ name: `${i}.png`, data: PNG }));
    const ok = await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...multipart({ garantia_id: String(g.garantia.id) }, twelve) });
    expect(ok.json()).toMatchObject({ status: 200, data: { arquivos: 12 } });
    // two PNGs of 26 MB each: every file fits, the upload (52 MB) does not; each a real PNG made big by
    // a private ancillary chunk after IHDR (uploads check the whole structure, decision 107)
    const pad = Buffer.concat([Buffer.from('prVt'), Buffer.alloc(26 * 1024 * 1024)]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(pad.length - 4);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(pad) >>> 0);
    const big = Buffer.concat([PNG.subarray(0, 33), length, pad, crc, PNG.subarray(33)]);
    const h = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    const tooBig = await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...multipart({ garantia_id: String(h.garantia.id) }, [{ name: 'a.png', data: big }, { name: 'b.png', data: big }]) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toContain('50 MB');
    expect((await t.database.db.select().from(garantia).where(eq(garantia.id, h.garantia.id)))[0].possui_duplicata).toBe('N');
  });
});
