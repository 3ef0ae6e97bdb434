import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, readRemessa240, todayInSaoPaulo, type RemessaEntryRead } from '@bg/domain';
import { boleto, boletoHistorico, remessa, remessaItem } from '../../src/db/schema/index.js';
import { createCnabTestApp, download, gerarRemessa, get, historyCount, nonAdminTokens, post, releasedBoletos, waitForJob, type CnabTestApp } from './support.js';

/**
 * Gerar Remessa (POST /api/boleto/gerarRemessa → job cnab.remessa) and the list (GET
 * /api/boleto/getRemessas) on a database of this file's own: entradas, pedidos de baixa,
 * alterações, locally confirmed write-offs, the empty refusal, concurrency and access.
 */
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());

async function readFile(bytes: Buffer): Promise<RemessaEntryRead[]> {
  const out: RemessaEntryRead[] = [];
  for await (const e of readRemessa240([bytes])) out.push(e);
  return out;
}

const gerar = (token = t.admin.token) => gerarRemessa(t, token);

describe('Gerar Remessa', () => {
  it('sends every DISPONÍVEL boleto as an entrada, moves it to ENVIADO PARA REGISTRO and stores a downloadable file', async () => {
    const boletos = await releasedBoletos(t, [12345, 67890]);
    const { res, job, result, remessa: r } = await gerar();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ job_id: expect.any(Number), em_andamento: false });
    expect(job).toMatchObject({ kind: 'cnab.remessa', status: 'done', progress_done: 2, progress_total: 2, progress_unit: 'títulos' });
    expect(result).toMatchObject({ quantidade_entrada: 2, total_valor_entrada: 802.35, numero_arquivo: 1, baixas_sem_registro: 0 });
    expect(result!.mensagem).toContain('2 entrada(s)');
    expect(r).toMatchObject({ quantidade_entrada: 2, total_valor_entrada: 802.35, quantidade_baixa: 0, total_valor_baixa: 0, quantidade_alteracao: 0, numero_arquivo: 1 });
    expect(r.arquivo).toMatch(/^remessa_\d{14}-\d+\.txt$/);

    const after = await t.db.select().from(boleto).where(inArray(boleto.id, boletos.map((b) => b.id)));
    expect(after.map((b) => b.situacao)).toEqual(['ENVIADO PARA REGISTRO', 'ENVIADO PARA REGISTRO']);
    for (const b of boletos) expect(await historyCount(t.db, b.id, 'ENVIADO PARA REGISTRO')).toBe(1);
    const [hist] = await t.db.select().from(boletoHistorico).where(eq(boletoHistorico.boleto_id, boletos[0].id)).orderBy(sql`${boletoHistorico.id} desc`).limit(1);
    expect(hist).toMatchObject({ de: 'DISPONÍVEL PARA PAGAMENTO', para: 'ENVIADO PARA REGISTRO', motivo: 'Remessa nº 1', usuario_id: t.admin.id });

    const bytes = await download(t, r.link);
    expect(bytes.toString('latin1').split('\r\n')[0]).toHaveLength(240);
    const entries = await readFile(bytes);
    expect(entries.map((e) => [e.kind, Number(e.ourNumber), e.amountCents])).toEqual(boletos.map((b) => ['entrada', b.nosso_numero, Math.round(Number(b.valor) * 100)]));
    expect(entries[0].payer?.document).toHaveLength(11);

    const list = await get(t, '/api/boleto/getRemessas?page=1');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, current_page: 1, data: [{ id: r.id, quantidade_entrada: 2, arquivo: r.arquivo }] });
    expect(Object.keys(list.json().data[0]).sort()).toEqual(
      ['arquivo', 'created_at', 'id', 'link', 'numero_arquivo', 'quantidade_alteracao', 'quantidade_baixa', 'quantidade_entrada', 'total_valor_baixa', 'total_valor_entrada', 'usuario'].sort(),
    );
  });

  it('refuses an empty remessa with a message and burns no file number', async () => {
    const { res } = await gerar();
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/Não há títulos para a remessa/);
    await releasedBoletos(t, [1000]);
    const next = await gerar();
    expect(next.remessa.numero_arquivo).toBe(2);
  });

  it('sends pending write-off requests once, and the Acerto de Atendimento of registered boletos as alterations', async () => {
    const [b1, b2, b3] = await releasedBoletos(t, [10000, 20000, 30000], ['remessa', 'confirmarEntrada']);
    // b1 paid to the shop (Receber), b2 cancelled, b3 got a new due date and value
    await post(t, `/api/boleto/baixar/${b1.id}`, t.admin.token, {});
    await post(t, `/api/boleto/cancelar/${b2.id}`, t.admin.token, {});
    const novoVencimento = addDays(todayInSaoPaulo(), 40);
    const acerto = await post(t, `/api/boleto/update/${b3.id}`, t.admin.token, { vencimento: novoVencimento, valor: 315.5 });
    expect(acerto.statusCode, acerto.body).toBe(200);

    const { remessa: r } = await gerar();
    expect(r).toMatchObject({ quantidade_entrada: 0, quantidade_baixa: 2, total_valor_baixa: 300, quantidade_alteracao: 2 });
    const entries = await readFile(await download(t, r.link));
    expect(entries.map((e) => [e.kind, Number(e.ourNumber)]).sort()).toEqual(
      [['baixa', b1.nosso_numero], ['baixa', b2.nosso_numero], ['alteracao_valor', b3.nosso_numero], ['alteracao_vencimento', b3.nosso_numero]].sort(),
    );
    const alteracao = entries.find((e) => e.kind === 'alteracao_vencimento')!;
    expect(alteracao.dueDate).toBe(novoVencimento);
    expect(entries.find((e) => e.kind === 'alteracao_valor')!.amountCents).toBe(31550);
    // the situações wait for the retorno
    const after = await t.db.select({ id: boleto.id, situacao: boleto.situacao }).from(boleto).where(inArray(boleto.id, [b1.id, b2.id, b3.id])).orderBy(boleto.id);
    expect(after.map((b) => b.situacao)).toEqual(['ENVIADO PARA BAIXA', 'ENVIADO PARA CANCELAMENTO', 'GARANTIDO']);

    // nothing is sent twice
    expect((await gerar()).res.statusCode).toBe(409);
  });

  it('confirms at once the write-off of a title the bank never received', async () => {
    const [b] = await releasedBoletos(t, [5000]);
    await post(t, `/api/boleto/baixar/${b.id}`, t.admin.token, {});
    const { result, remessa: r } = await gerar();
    expect(result).toMatchObject({ remessa_id: null, baixas_sem_registro: 1, mensagem: expect.stringMatching(/nunca registrado/) });
    expect(r).toBeNull();
    const [row] = await t.db.select().from(boleto).where(eq(boleto.id, b.id));
    expect(row.situacao).toBe('BAIXADO');
    expect(await t.db.select().from(remessaItem).where(eq(remessaItem.boleto_id, b.id))).toEqual([]);
  });

  it('two concurrent requests never put one boleto in two files', async () => {
    const boletos = await releasedBoletos(t, Array.from({ length: 30 }, (_, i) => 1000 + i));
    // the requests at once: they share the job already queued, or (racing) enqueue their own
    const answers = await Promise.all([post(t, '/api/boleto/gerarRemessa'), post(t, '/api/boleto/gerarRemessa'), post(t, '/api/boleto/gerarRemessa')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const jobs = [...new Set(answers.map((a) => a.json().data.job_id as number))];
    for (const id of jobs) expect(await waitForJob(t, id)).toMatchObject({ status: 'done' });
    // and two generations run at the same moment, past the request's check
    const more = await releasedBoletos(t, Array.from({ length: 30 }, (_, i) => 2000 + i));
    const { gerarRemessa: generate } = await import('../../src/modules/cnab/gerar-remessa.js');
    const actor = { id: t.admin.id, nivel: '2' as const, empresa_id: null, name: 'admin', ip: null };
    const direct = await Promise.all([0, 1, 2].map(() => generate({ db: t.db, storage: t.app.services.storage }, actor)));
    expect(direct.filter((d) => d.remessa).length).toBeGreaterThanOrEqual(1);

    const all = [...boletos, ...more];
    const items = await t.db
      .select({ boleto_id: remessaItem.boleto_id, remessa_id: remessaItem.remessa_id })
      .from(remessaItem)
      .where(inArray(remessaItem.boleto_id, all.map((b) => b.id)));
    expect(items).toHaveLength(60);
    expect(new Set(items.map((i) => i.boleto_id)).size).toBe(60);
    for (const b of all) expect(await historyCount(t.db, b.id, 'ENVIADO PARA REGISTRO')).toBe(1);
    const numeros = (await t.db.select({ n: remessa.numero_arquivo }).from(remessa)).map((r) => r.n).sort((a, b) => a - b);
    expect(numeros).toEqual(numeros.map((_, i) => i + 1));
  });

  it('is for administradores only', async () => {
    const { usuario, franqueado } = await nonAdminTokens(t);
    for (const token of [usuario, franqueado]) {
      expect((await post(t, '/api/boleto/gerarRemessa', token)).statusCode).toBe(403);
      expect((await get(t, '/api/boleto/getRemessas', token)).statusCode).toBe(403);
    }
  });
});
