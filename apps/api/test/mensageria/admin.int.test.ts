import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mensagemOutbox } from '../../src/db/schema/index.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { enqueueMensagem, sendMensagemJob } from '../../src/modules/mensagem/enqueue-mensagem.js';
import { createTestApp, type TestApp } from '../harness.js';
import { until } from '../cobranca/support.js';

// Administração > Mensagens and a person's consent, through the API (default outbox provider).
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

const send = (message: Parameters<typeof enqueueMensagem>[2]) => t.database.db.transaction((tx) => enqueueMensagem(tx, t.app.jobs, message, null));
const get = (url: string, token = admin.token) => t.call({ method: 'GET', url, token });

describe('Mensagens (administrador)', () => {
  it('filters by tipo, period and the person\'s name; one message answers its timeline', async () => {
    const pessoa = await createPessoa(t.database.db, { nome_razao: 'Josefina Filtrável' });
    const { id } = await send({ channel: 'email', to: 'josefina@example.com', subject: 'Aviso', text: 'Aviso prévio', tipo: 'spc_aviso', pessoaId: pessoa.id });
    await send({ channel: 'email', to: 'outra@example.com', text: 'Recibo', tipo: 'recibo' });
    t.app.jobs.wake(sendMensagemJob);
    await until(async () => ((await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0].status === 'sent' ? true : null));

    const byTipo = (await get('/api/mensagem/getAllPaginate?tipo=spc_aviso')).json();
    expect(byTipo.data.map((m: { id: number }) => m.id)).toEqual([id]);
    expect(byTipo.data[0]).toMatchObject({ tipo: 'spc_aviso', base_legal: 'protecao_credito', pessoa_nome: 'Josefina Filtrável', provider: 'outbox', anexos: [] });
    expect((await get('/api/mensagem/getAllPaginate?pesquisa=Filtr%C3%A1vel')).json().total).toBe(1);
    const hoje = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    expect((await get(`/api/mensagem/getAllPaginate?de=${hoje}&ate=${hoje}&tipo=spc_aviso`)).json().total).toBe(1);
    expect((await get('/api/mensagem/getAllPaginate?ate=2020-01-01')).json().total).toBe(0);
    expect((await get('/api/mensagem/getAllPaginate?de=31/12/2026')).statusCode).toBe(422);
    expect((await get('/api/mensagem/getAllPaginate?status=pendente')).statusCode).toBe(422);

    const one = await get(`/api/mensagem/getById/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.eventos.map((e: { status: string }) => e.status)).toEqual(['queued', 'sent']);
    expect((await get(`/api/mensagem/getById/${id}`, loja.token)).statusCode).toBe(403);
    expect((await get('/api/mensagem/getById/999999')).statusCode).toBe(404);
  });

  it('a person\'s consent: recorded by an administrador with the reason, shown per channel with date and source; suppressed messages resend only after the person comes back', async () => {
    const pessoa = await createPessoa(t.database.db);
    const url = `/api/mensagem/consentimento/${pessoa.id}`;
    expect((await get(url)).json().data.canais).toEqual([
      { channel: 'whatsapp', atual: null },
      { channel: 'email', atual: null },
    ]);
    expect((await t.call({ method: 'POST', url, token: loja.token, payload: { channel: 'email', aceito: false } })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url, token: admin.token, payload: { channel: 'sms', aceito: false } })).statusCode).toBe(422);
    const res = await t.call({ method: 'POST', url, token: admin.token, payload: { channel: 'email', aceito: false, detalhe: 'Pediu por telefone' } });
    expect(res.statusCode).toBe(200);
    const after = (await get(url)).json().data;
    expect(after.canais[1].atual).toMatchObject({ channel: 'email', aceito: false, origem: 'operador', detalhe: 'Pediu por telefone', created_by: admin.user.name });

    const { id } = await send({ channel: 'email', to: 'saiu@example.com', text: 'x', pessoaId: pessoa.id });
    t.app.jobs.wake(sendMensagemJob);
    await until(async () => ((await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, id)))[0].status === 'suppressed' ? true : null));
    const refused = await t.call({ method: 'POST', url: `/api/mensagem/reenviar/${id}`, token: admin.token });
    expect(refused.statusCode).toBe(409);
    await t.call({ method: 'POST', url, token: admin.token, payload: { channel: 'email', aceito: true } });
    const resent = await t.call({ method: 'POST', url: `/api/mensagem/reenviar/${id}`, token: admin.token });
    expect(resent.statusCode).toBe(200);
    const [copy] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, resent.json().data.id));
    expect(copy).toMatchObject({ pessoa_id: pessoa.id, tipo: 'outro', recipient: 'saiu@example.com' });
    expect((await get(`/api/mensagem/consentimento/999999`)).statusCode).toBe(404);
  });
});
