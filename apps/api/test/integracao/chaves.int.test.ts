import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CHAVE_MSG, isIpOrCidr } from '@bg/domain';
import { auditLog, empresa, usuario } from '../../src/db/schema/index.js';
import { apiChave, apiChaveSegredo } from '../../src/db/schema/integracao-chaves.js';
import { createTestApp, type TestApp } from '../harness.js';
import { novaChave, v1 } from './support.js';

/**
 * Administração > Integrações' keys (issue 28, decision 117): who may manage which shop's keys,
 * the secret answered once and stored hashed, revoke, rotate with an overlap.
 */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let lojaA: Awaited<ReturnType<TestApp['userWithToken']>>;
let lojaB: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  lojaA = await t.userWithToken({ nivel: '1' });
  lojaB = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const post = (url: string, token: string, payload: object = {}) => t.call({ method: 'POST', url, token, payload });
const list = (token: string, query = '') => t.call({ method: 'GET', url: `/api/integracao/chaves${query}`, token });
const ping = (chave: string) => v1(t, chave, { url: '/api/v1/boletos' });

describe('creating a key', () => {
  it('answers the whole token once; only its SHA-256 is stored; the list shows the prefix, never the secret', async () => {
    const res = await post('/api/integracao/chaves', lojaA.token, { empresa_id: lojaA.user.empresa_id, nome: 'ERP', escopos: ['boletos:read', 'boletos:read'] });
    expect(res.statusCode).toBe(200);
    const { id, prefixo, chave } = res.json().data;
    expect(res.json().msg).toBe(CHAVE_MSG.criada);
    expect(prefixo).toMatch(/^bg_live_[A-Za-z0-9]{8}$/);
    expect(chave).toMatch(new RegExp(`^${prefixo}_[A-Za-z0-9_-]{43}$`));
    const [stored] = await t.database.db.select().from(apiChaveSegredo).where(eq(apiChaveSegredo.chave_id, id));
    expect(stored.hash).toBe(createHash('sha256').update(chave).digest('hex'));
    const dump = JSON.stringify(await t.database.db.execute(sql`select * from api_chave, api_chave_segredo where api_chave.id = ${id} and chave_id = ${id}`));
    expect(dump).not.toContain(chave.slice(prefixo.length + 1));
    const listed = await list(lojaA.token);
    expect(listed.statusCode).toBe(200);
    const row = listed.json().data.find((k: { id: number }) => k.id === id);
    expect(row).toMatchObject({ prefixo, nome: 'ERP', escopos: ['boletos:read'], status: 'ativa', ips: [], expira_em: null, ultimo_uso_em: null, segredo_anterior: null });
    expect(listed.body).not.toContain(chave.slice(prefixo.length + 1));
    expect(listed.body).not.toContain(stored.hash);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'integracao.chave.criar'));
    expect(audit.some((a) => a.entity_id === String(id) && !JSON.stringify(a.summary).includes(chave))).toBe(true);
  });

  it('a shop user creates keys for its own shop only (another shop is a 404), administradores for any shop', async () => {
    const other = await post('/api/integracao/chaves', lojaA.token, { empresa_id: lojaB.user.empresa_id, nome: 'x', escopos: ['boletos:read'] });
    expect(other.statusCode).toBe(404);
    const byAdmin = await post('/api/integracao/chaves', admin.token, { empresa_id: lojaB.user.empresa_id, nome: 'Feita pelo admin', escopos: ['garantias:read'] });
    expect(byAdmin.statusCode).toBe(200);
    // B sees the administrador's key for B; A does not
    expect((await list(lojaB.token)).json().data.map((k: { id: number }) => k.id)).toContain(byAdmin.json().data.id);
    expect((await list(lojaA.token)).json().data.map((k: { id: number }) => k.id)).not.toContain(byAdmin.json().data.id);
    // the administrador lists every shop's keys, or one shop's
    const all = (await list(admin.token, `?empresa_id=${lojaB.user.empresa_id}`)).json().data as { empresa_id: number }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((k) => k.empresa_id === lojaB.user.empresa_id)).toBe(true);
  });

  it('a user without the Integrações permission is refused (403), on every route', async () => {
    const semPermissao = await t.userWithToken({ nivel: '1', permissoes: ['usuario', 'usuario.updatePassword'] });
    const empresaId = semPermissao.user.empresa_id;
    expect((await post('/api/integracao/chaves', semPermissao.token, { empresa_id: empresaId, nome: 'x', escopos: ['boletos:read'] })).statusCode).toBe(403);
    expect((await list(semPermissao.token)).statusCode).toBe(403);
    const k = await novaChave(t, admin.token, { empresa_id: empresaId! });
    expect((await post(`/api/integracao/chaves/${k.id}/revogar`, semPermissao.token)).json()).toMatchObject({ status: 403, msg: CHAVE_MSG.semPermissao });
    // a new usuario gets the permission by default (migration 0163 gave it to existing ones)
    const [u] = await t.database.db.select({ p: usuario.permissoes }).from(usuario).where(eq(usuario.id, lojaA.user.id));
    expect(u.p).toContain('integracao.chaves');
  });

  it('refuses bad input with a message per field, never a 500', async () => {
    const res = await post('/api/integracao/chaves', lojaA.token, {
      empresa_id: lojaA.user.empresa_id, nome: '', escopos: ['tudo'], ips: ['10.0.0.300', '10.0.0.0/33', '2001:db8::/129'], expira_em: '31/12/2030',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(expect.arrayContaining(['nome', 'escopos.0', 'ips.0', 'ips.1', 'ips.2', 'expira_em']));
    const empty = await post('/api/integracao/chaves', lojaA.token, { empresa_id: lojaA.user.empresa_id, nome: 'x', escopos: [] });
    expect(empty.json().errors).toEqual({ escopos: CHAVE_MSG.escopos });
    const past = await post('/api/integracao/chaves', lojaA.token, { empresa_id: lojaA.user.empresa_id, nome: 'x', escopos: ['boletos:read'], expira_em: '2020-01-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ expira_em: CHAVE_MSG.expiraPassado });
  });

  it('the domain accepts IPv4/IPv6 addresses and CIDR blocks only', () => {
    for (const ok of ['203.0.113.10', '203.0.113.0/24', '::1', '2001:db8::/32', '::ffff:192.0.2.1', 'fe80::1:2:3:4']) expect(isIpOrCidr(ok)).toBe(true);
    for (const bad of ['', '1.2.3', '256.1.1.1', '1.2.3.4/33', '1.2.3.4/', 'abc', '2001:db8:::1', '1:2:3:4:5:6:7:8:9', '1.2.3.4/24/1']) expect(isIpOrCidr(bad)).toBe(false);
  });
});

describe('revoking and rotating', () => {
  it('a revoked key answers 401 at once; revoking again is a 409; another shop\'s key is a 404', async () => {
    const k = await novaChave(t, lojaA.token, { empresa_id: lojaA.user.empresa_id! });
    expect((await ping(k.chave)).statusCode).toBe(200);
    expect((await post(`/api/integracao/chaves/${k.id}/revogar`, lojaB.token)).statusCode).toBe(404);
    const res = await post(`/api/integracao/chaves/${k.id}/revogar`, lojaA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: k.id, status: 'revogada' });
    expect((await ping(k.chave)).statusCode).toBe(401);
    expect((await post(`/api/integracao/chaves/${k.id}/revogar`, lojaA.token)).json()).toMatchObject({ status: 409, msg: CHAVE_MSG.jaRevogada });
    expect((await post(`/api/integracao/chaves/${k.id}/rotacionar`, lojaA.token, { sobreposicao_horas: 1 })).statusCode).toBe(409);
  });

  it('rotation: a new secret for the same key; the old one works during the overlap and not after it', async () => {
    const k = await novaChave(t, lojaA.token, { empresa_id: lojaA.user.empresa_id! });
    const res = await post(`/api/integracao/chaves/${k.id}/rotacionar`, lojaA.token, { sobreposicao_horas: 2 });
    expect(res.statusCode).toBe(200);
    const novo = res.json().data;
    expect(novo.id).toBe(k.id);
    expect(novo.chave).not.toBe(k.chave);
    expect(new Date(novo.anterior_valido_ate).getTime() - Date.now()).toBeGreaterThan(7_100_000);
    // both work during the overlap
    expect((await ping(k.chave)).statusCode).toBe(200);
    expect((await ping(novo.chave)).statusCode).toBe(200);
    const listed = (await list(lojaA.token)).json().data.find((c: { id: number }) => c.id === k.id);
    expect(listed).toMatchObject({ prefixo: novo.prefixo, segredo_anterior: { prefixo: k.prefixo } });
    // the overlap ends: the old secret is refused, the new one goes on
    await t.database.db.update(apiChaveSegredo).set({ valido_ate: new Date(Date.now() - 1000) }).where(eq(apiChaveSegredo.prefixo, k.prefixo));
    expect((await ping(k.chave)).statusCode).toBe(401);
    expect((await ping(novo.chave)).statusCode).toBe(200);
    // overlap 0: the previous secret stops at once
    const again = (await post(`/api/integracao/chaves/${k.id}/rotacionar`, lojaA.token, { sobreposicao_horas: 0 })).json().data;
    expect((await ping(novo.chave)).statusCode).toBe(401);
    expect((await ping(again.chave)).statusCode).toBe(200);
    expect((await post(`/api/integracao/chaves/${k.id}/rotacionar`, lojaA.token, { sobreposicao_horas: 169 })).statusCode).toBe(422);
  });

  it('an expired key answers 401 and shows as expirada', async () => {
    const k = await novaChave(t, lojaA.token, { empresa_id: lojaA.user.empresa_id!, expira_em: '2099-12-31' });
    expect((await ping(k.chave)).statusCode).toBe(200);
    await t.database.db.update(apiChave).set({ expira_em: new Date(Date.now() - 1000) }).where(eq(apiChave.id, k.id));
    const res = await ping(k.chave);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Chave de API inválida, revogada ou expirada.');
    const listed = (await list(lojaA.token)).json().data.find((c: { id: number }) => c.id === k.id);
    expect(listed.status).toBe('expirada');
  });

  it('a blocked shop\'s keys stop like its users\' sessions (401), and work again when it is unblocked', async () => {
    const loja = await t.userWithToken({ nivel: '1' });
    const k = await novaChave(t, loja.token, { empresa_id: loja.user.empresa_id! });
    expect((await ping(k.chave)).statusCode).toBe(200);
    await t.database.db.update(empresa).set({ situacao: 'BLOQUEADA' }).where(eq(empresa.id, loja.user.empresa_id!));
    expect((await ping(k.chave)).json()).toEqual({ status: 401, msg: 'Empresa bloqueada. Procure o administrador do sistema.' });
    await t.database.db.update(empresa).set({ situacao: 'ATIVA' }).where(eq(empresa.id, loja.user.empresa_id!));
    expect((await ping(k.chave)).statusCode).toBe(200);
  });

  it('records the last use (time and address)', async () => {
    const k = await novaChave(t, lojaA.token, { empresa_id: lojaA.user.empresa_id! });
    await v1(t, k.chave, { url: '/api/v1/boletos', remoteAddress: '198.51.100.7' });
    const listed = (await list(lojaA.token)).json().data.find((c: { id: number }) => c.id === k.id);
    expect(listed.ultimo_uso_ip).toBe('198.51.100.7');
    expect(listed.ultimo_uso_em).not.toBeNull();
  });
});
