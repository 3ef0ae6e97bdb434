import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { instanteEmSaoPaulo } from '@bg/domain';
import { reguaEnvio } from '../../src/db/schema/index.js';
import { despacharEnvios } from '../../src/modules/regua/despachar-envios.js';
import { planejarEnvios } from '../../src/modules/regua/planejar-envios.js';
import { proximosEnvios } from '../../src/modules/regua/proximos-envios.js';
import { rowsOf } from '../../src/modules/regua/regua-sql.js';
import { createTestApp, type TestApp } from '../harness.js';
import { until } from '../cobranca/support.js';
import { BASE_URL, devedor, envios, loja, pagar, rodar } from './support.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let lojaUser: Awaited<ReturnType<TestApp['userWithToken']>>;
let shop: Awaited<ReturnType<typeof loja>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  shop = await loja(t);
  lojaUser = await t.userWithToken({ nivel: '1', empresa_id: shop.empresaId });
});
afterAll(async () => t?.close());

const get = (url: string, token = admin.token) => t.call({ method: 'GET', url, token });
const post = (url: string, payload: object = {}, token = admin.token) => t.call({ method: 'POST', url, token, payload });
const adminActor = () => ({ id: admin.user.id, nivel: '2' as const, empresa_id: null, name: 'Admin', ip: null });

describe('editing the régua (administradores only)', () => {
  it('answers the default, and a shop without its own régua sees the default marked as not its own', async () => {
    const res = await get('/api/regua');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ empresa_id: null, propria: true, parar_acordo: true, parar_spc: true, parar_contestado: true });
    expect(data.etapas.map((e: { dias: number; canal: string }) => `${e.dias}:${e.canal}`)).toEqual(['-10:whatsapp', '0:whatsapp', '3:whatsapp', '7:email', '15:whatsapp', '30:whatsapp']);
    const shopView = (await get(`/api/regua?empresa_id=${shop.empresaId}`)).json().data;
    expect(shopView).toMatchObject({ empresa_id: shop.empresaId, propria: false });
    expect(shopView.etapas).toHaveLength(6);
  });

  it('a loja user can neither read nor edit the régua, nor run it, nor contest', async () => {
    for (const res of [
      await get('/api/regua', lojaUser.token),
      await post('/api/regua/salvar', { empresa_id: shop.empresaId, etapas: [], parar_acordo: false, parar_spc: false, parar_contestado: false }, lojaUser.token),
      await post(`/api/regua/restaurar-padrao/${shop.empresaId}`, {}, lojaUser.token),
      await post('/api/regua/executar', {}, lojaUser.token),
      await get('/api/regua/proximos-envios', lojaUser.token),
      await post('/api/regua/contestacao', { boleto_id: 1, motivo: 'Não reconhece a compra' }, lojaUser.token),
    ]) expect(res.statusCode, res.body).toBe(403);
    const [r] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from regua where empresa_id is not null`);
    expect(r.n).toBe(0);
  });

  it('refuses bad steps with Portuguese messages, never a 500', async () => {
    const bad = await post('/api/regua/salvar', {
      empresa_id: null,
      etapas: [{ dias: 61, canal: 'sms', template: 'ameaca', ativo: true }, { dias: 3, canal: 'email', template: 'atraso_amigavel', ativo: true }, { dias: 3, canal: 'email', template: 'lembrete_dia', ativo: true }],
      parar_acordo: true, parar_spc: true, parar_contestado: true,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors).toEqual({
      'etapas.0.dias': 'O dia deve ser um número inteiro de -10 a 60 (relativo ao vencimento).',
      'etapas.0.canal': 'Escolha o canal: WhatsApp ou e-mail.',
      'etapas.0.template': 'Escolha um modelo de mensagem.',
    });
    const dup = await post('/api/regua/salvar', {
      empresa_id: null,
      etapas: [{ dias: 3, canal: 'email', template: 'atraso_amigavel', ativo: true }, { dias: 3, canal: 'email', template: 'lembrete_dia', ativo: false }],
      parar_acordo: true, parar_spc: true, parar_contestado: true,
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ 'etapas.1.dias': 'Já existe uma etapa neste dia e canal.' });
    // the default is unchanged
    expect((await get('/api/regua')).json().data.etapas).toHaveLength(6);
    expect((await post('/api/regua/salvar', { empresa_id: 99999999, etapas: [], parar_acordo: true, parar_spc: true, parar_contestado: true })).statusCode).toBe(404);
    expect((await get('/api/regua?empresa_id=abc')).statusCode).toBe(422);
    expect((await get('/api/regua/proximos-envios?dias=1e1')).statusCode).toBe(422);
  });

  it("saves a shop's own régua, which then answers; restoring the default removes it (audited)", async () => {
    const body = { empresa_id: shop.empresaId, etapas: [{ dias: -3, canal: 'email', template: 'lembrete_antecipado', ativo: true }, { dias: 2, canal: 'whatsapp', template: 'atraso_amigavel', ativo: false }], parar_acordo: false, parar_spc: true, parar_contestado: true };
    const res = await post('/api/regua/salvar', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Régua de cobrança salva.');
    const again = await post('/api/regua/salvar', body);
    expect(again.statusCode).toBe(200);
    const data = (await get(`/api/regua?empresa_id=${shop.empresaId}`)).json().data;
    expect(data).toMatchObject({ propria: true, parar_acordo: false, updated_by: admin.user.name });
    expect(data.etapas.map((e: { dias: number; ativo: boolean }) => [e.dias, e.ativo])).toEqual([[-3, true], [2, false]]);
    expect(data.lojas_com_regua_propria).toEqual([{ id: shop.empresaId, fantasia: expect.any(String) }]);
    const restore = await post(`/api/regua/restaurar-padrao/${shop.empresaId}`);
    expect(restore.json().msg).toBe('A loja voltou a usar a régua padrão.');
    expect((await get(`/api/regua?empresa_id=${shop.empresaId}`)).json().data.propria).toBe(false);
    const audit = await rowsOf<{ action: string }>(t.database.db, sql`select action from audit_log where action like 'regua.%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['regua.salvar', 'regua.salvar', 'regua.restaurar_padrao']);
  });
});

describe('guards at the moment of sending', () => {
  it('quiet hours: planned at night, sent at the next opening; nothing twice', async () => {
    const p = await devedor(t, shop, ['2027-05-10']); // Monday
    const noite = await rodar(t, '2027-05-10', 21);
    expect(noite).toMatchObject({ planejadas: 1, enfileiradas: 0 });
    const [row] = await envios(t.database.db, sql`boleto_id = ${p.boletos[0]}`);
    expect(row.status).toBe('AGENDADO');
    const [{ enviar_em }] = await rowsOf<{ enviar_em: string | Date }>(t.database.db, sql`select enviar_em from regua_envio where id = ${row.id}`);
    expect(new Date(enviar_em).toISOString()).toBe(instanteEmSaoPaulo('2027-05-11', 8).toISOString());
    expect(await rodar(t, '2027-05-11', 7, 59)).toMatchObject({ planejadas: 0, enfileiradas: 0 });
    expect(await rodar(t, '2027-05-11', 8, 5)).toMatchObject({ enfileiradas: 1 });
    expect(await rodar(t, '2027-05-11', 8, 10)).toMatchObject({ planejadas: 0, enfileiradas: 0 });
    const [sent] = await envios(t.database.db, sql`boleto_id = ${p.boletos[0]}`);
    expect(sent).toMatchObject({ dias: 0, status: 'ENFILEIRADO' });
  });

  it('Saturday afternoon: planned, sent on Monday morning (Saturdays close at 14:00)', async () => {
    const p = await devedor(t, shop, ['2027-05-15']); // Saturday
    expect(await rodar(t, '2027-05-15', 15)).toMatchObject({ planejadas: 1, enfileiradas: 0 });
    expect(await rodar(t, '2027-05-16', 10)).toMatchObject({ enfileiradas: 0 }); // Sunday
    expect(await rodar(t, '2027-05-17', 8)).toMatchObject({ enfileiradas: 1 });
    const [sent] = await envios(t.database.db, sql`boleto_id = ${p.boletos[0]}`);
    expect(sent).toMatchObject({ dias: 0, status: 'ENFILEIRADO', data_prevista: '2027-05-15' });
  });

  it('a boleto paid between the plan and the send is not reminded', async () => {
    const p = await devedor(t, shop, ['2027-06-15']);
    const now = instanteEmSaoPaulo('2027-06-15', 9);
    expect(await planejarEnvios(t.database.db, now)).toBe(1);
    await pagar(t.database.db, p.boletos[0], instanteEmSaoPaulo('2027-06-15', 8));
    expect(await despacharEnvios({ db: t.database.db, jobs: t.app.jobs, baseUrl: BASE_URL }, now)).toEqual({ enfileiradas: 0, ignoradas: 1, adiadas: 0 });
    const [row] = await envios(t.database.db, sql`boleto_id = ${p.boletos[0]}`);
    expect(row).toMatchObject({ status: 'IGNORADO', motivo: 'pago_ou_baixado', mensagem_id: null });
  });

  it('two runs at once enqueue each message once', async () => {
    const ps = await Promise.all([devedor(t, shop, ['2027-07-12']), devedor(t, shop, ['2027-07-12']), devedor(t, shop, ['2027-07-12'])]);
    const runs = await Promise.all([rodar(t, '2027-07-12', 10), rodar(t, '2027-07-12', 10)]);
    expect(runs[0].planejadas + runs[1].planejadas).toBe(3);
    expect(runs[0].enfileiradas + runs[1].enfileiradas).toBe(3);
    const rows = await envios(t.database.db, sql`boleto_id in (${sql.join(ps.map((p) => sql`${p.boletos[0]}`), sql`, `)})`);
    expect(rows.map((r) => r.status)).toEqual(['ENFILEIRADO', 'ENFILEIRADO', 'ENFILEIRADO']);
  });
});

describe('Próximos envios', () => {
  it("previews tomorrow's messages with their text, filters, and marks the person's second message and missing contacts", async () => {
    const a = await devedor(t, shop, ['2027-08-12', '2027-08-02']); // D0 tomorrow; the second (D+10 tomorrow) is on no step
    const b = await devedor(t, shop, ['2027-08-12'], { telefone1: null });
    const hoje = instanteEmSaoPaulo('2027-08-11', 10);
    const preview = await proximosEnvios(t.database.db, { now: () => hoje }, adminActor(), { page: 1, per_page: 50, empresa_id: shop.empresaId });
    expect(preview.dia).toBe('2027-08-12');
    const deA = preview.data.filter((r) => r.pessoa_id === a.pessoaId);
    expect(deA.map((r) => [r.boleto_id, r.dias, r.situacao])).toEqual([[a.boletos[0], 0, 'enviar']]);
    expect(deA[0].texto).toContain('Hoje é o vencimento da parcela 1/1');
    expect(deA[0].texto).toContain('[link da página do pagador, gerado no envio]');
    expect(deA[0].destinatario).toBe('11987654321');
    const deB = preview.data.filter((r) => r.pessoa_id === b.pessoaId);
    expect(deB.map((r) => r.situacao)).toEqual(['sem_contato']);
    // a second step the same day for person a: D+3 of a boleto due 09/08
    const c = await devedor(t, shop, ['2027-08-09']);
    await t.database.db.execute(sql`update garantia set pessoa_id = ${a.pessoaId} where id = (select garantia_id from boleto where id = ${c.boletos[0]})`);
    const again = await proximosEnvios(t.database.db, { now: () => hoje }, adminActor(), { page: 1, per_page: 50, empresa_id: shop.empresaId });
    expect(again.data.filter((r) => r.pessoa_id === a.pessoaId).map((r) => [r.dias, r.situacao])).toEqual([[3, 'enviar'], [0, 'limite_diario']]);
    // filters over HTTP: channel, step, search
    const filtrado = await proximosEnvios(t.database.db, { now: () => hoje }, adminActor(), { page: 1, per_page: 50, dias: 3, canal: 'whatsapp', pesquisa: a.cpf });
    expect(filtrado.data.map((r) => r.boleto_id)).toEqual([c.boletos[0]]);
    expect(filtrado.total).toBe(1);
    const porNome = await proximosEnvios(t.database.db, { now: () => hoje }, adminActor(), { page: 1, per_page: 50, pesquisa: a.nome, canal: 'email' });
    expect(porNome.data).toEqual([]);
    // over HTTP (the real clock: tomorrow), with the query's filters read from the URL
    const http = await get(`/api/regua/proximos-envios?dias=-10&canal=whatsapp&empresa_id=${shop.empresaId}&pesquisa=`);
    expect(http.statusCode, http.body).toBe(200);
    expect(http.json()).toMatchObject({ status: 200, current_page: 1 });
    // the preview writes nothing
    const [{ n }] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from regua_envio where data_prevista = '2027-08-12'`);
    expect(n).toBe(0);
    expect((await get('/api/regua/proximos-envios?data=2020-01-01')).statusCode).toBe(422);
  });
});

describe('contestations', () => {
  it('an open contestation stops the régua; closing it brings the boleto back; one open at a time', async () => {
    const p = await devedor(t, shop, ['2027-09-13']);
    const res = await post('/api/regua/contestacao', { boleto_id: p.boletos[0], motivo: 'Cliente devolveu a mercadoria' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const twice = await post('/api/regua/contestacao', { boleto_id: p.boletos[0], motivo: 'De novo' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('Este boleto já tem uma contestação aberta.');
    expect((await post('/api/regua/contestacao', { boleto_id: p.boletos[0], motivo: '' })).statusCode).toBe(422);
    expect((await post('/api/regua/contestacao', { boleto_id: 2147483647, motivo: 'Boleto inexistente' })).statusCode).toBe(404);
    expect(await rodar(t, '2027-09-13', 10)).toMatchObject({ planejadas: 0 });
    const list = (await get('/api/regua/contestacoes?situacao=abertas')).json();
    expect(list.data[0]).toMatchObject({ id, boleto_id: p.boletos[0], motivo: 'Cliente devolveu a mercadoria', aberta_por: admin.user.name, encerrada_em: null });
    const close = await post(`/api/regua/contestacao/encerrar/${id}`, { motivo: 'Loja confirmou a venda' });
    expect(close.statusCode, close.body).toBe(200);
    expect((await post(`/api/regua/contestacao/encerrar/${id}`, { motivo: 'Outra vez' })).statusCode).toBe(409);
    expect(await rodar(t, '2027-09-13', 11)).toMatchObject({ planejadas: 1, enfileiradas: 1 });
  });
});

describe('running on demand', () => {
  it('the administrador starts the job and follows it; a second click answers the same job', async () => {
    const res = await post('/api/regua/executar');
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json().data.job_id;
    const done = await until(async () => {
      const j = (await get(`/api/job/${jobId}`)).json().data;
      return j.status === 'done' || j.status === 'failed' ? j : null;
    }, 30_000);
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ planejadas: expect.any(Number), enfileiradas: expect.any(Number) });
    const count = await t.database.db.select().from(reguaEnvio);
    expect(count.length).toBeGreaterThan(0);
  });
});
