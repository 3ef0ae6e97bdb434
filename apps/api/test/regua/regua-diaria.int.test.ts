import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, dayInSaoPaulo, diaDeEnvioPermitido, instanteEmSaoPaulo, type IsoDate } from '@bg/domain';
import { acordo, mensagemOutbox, spcInclusao } from '../../src/db/schema/index.js';
import { registrarConsentimento } from '../../src/modules/mensagem/consentimento.js';
import { pessoaDoCodigoPagador } from '../../src/modules/pagador/link-pagador.js';
import { eficaciaRegua } from '../../src/modules/regua/eficacia-regua.js';
import { createTestApp, type TestApp } from '../harness.js';
import { BASE_URL, comEmail, devedor, diaSp, envios, loja, pagar, rodar } from './support.js';

// The régua's daily run on a fixed clock over a seeded month (March 2027: Good Friday on the 26th,
// Sundays 7, 14, 21, 28), run every day at 09:00 São Paulo time as the hourly cron's first run would.
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
type D = Awaited<ReturnType<typeof devedor>>;
let p1: D, p2: D, p3: D, p4: D, p5: D, p6: D, p7: D, p8: D, p9: D;
const segundaRodada: { planejadas: number; enfileiradas: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken({ nivel: '2' });
  const db = t.database.db;
  const a = await loja(t);
  const b = await loja(t);
  p1 = await devedor(t, a, ['2027-03-15']);
  p2 = await devedor(t, a, ['2027-03-15']);
  p3 = await devedor(t, a, ['2027-03-15']);
  await comEmail(db, p3.boletos[0], 'pagador3@example.com', a.userId);
  await registrarConsentimento(db, { pessoaId: p3.pessoaId, channel: 'whatsapp', aceito: false, origem: 'whatsapp', detalhe: 'SAIR' });
  p4 = await devedor(t, a, ['2027-03-15', '2027-03-12']);
  p5 = await devedor(t, b, ['2027-03-10']);
  p6 = await devedor(t, a, ['2027-03-15']);
  p7 = await devedor(t, a, ['2027-03-15']);
  p8 = await devedor(t, a, ['2027-03-15']);
  p9 = await devedor(t, a, ['2027-03-26']);
  // shop B's own régua: only D+5 by WhatsApp
  const save = await t.call({
    method: 'POST', url: '/api/regua/salvar', token: admin.token,
    payload: { empresa_id: b.empresaId, etapas: [{ dias: 5, canal: 'whatsapp', template: 'atraso_amigavel', ativo: true }, { dias: 0, canal: 'whatsapp', template: 'lembrete_dia', ativo: false }], parar_acordo: true, parar_spc: true, parar_contestado: true },
  });
  expect(save.statusCode, save.body).toBe(200);
  // p6 contested, p7 with the SPC prior notice running, p8 with an acordo in progress
  const contest = await t.call({ method: 'POST', url: '/api/regua/contestacao', token: admin.token, payload: { boleto_id: p6.boletos[0], motivo: 'Mercadoria devolvida à loja' } });
  expect(contest.statusCode, contest.body).toBe(200);
  await db.insert(spcInclusao).values({ cpf_cnpj: p7.cpf, pessoa_id: p7.pessoaId, boleto_id: p7.boletos[0], status: 'AVISADA', valor: '150.00', vencimento: '2027-03-15', inclusao_prevista: '2027-04-30' });
  await db.insert(acordo).values({
    pessoa_id: p8.pessoaId, descricao: 'Acordo em andamento', status: 'ATIVO', valor: '100.00', valor_sem_juros: '100.00', multa: '0', juros: '0', taxa: '0',
    valor_atualizado: '100.00', valor_entrada: '10.00', numero_parcelas: 2, ultimo_vencimento: '2027-05-01', data_simulacao: '2027-02-01', user_id: admin.user.id,
  });

  for (let day: IsoDate = '2027-02-20'; day <= '2027-04-20'; day = addDays(day, 1)) {
    // p2 pays on 16/03 (before the run of the day)
    if (day === '2027-03-16') await pagar(db, p2.boletos[0], instanteEmSaoPaulo('2027-03-16', 7));
    await rodar(t, day);
    // the same day again (the next hourly run, or a second process): nothing new
    if (day >= '2027-03-01' && day <= '2027-03-31') segundaRodada.push(await rodar(t, day, 9, 30));
  }
}, 240_000);
afterAll(async () => t?.close());

const doBoleto = async (boletoId: number) => envios(t.database.db, sql`boleto_id = ${boletoId}`);
const enfileirados = async (boletoId: number) => (await doBoleto(boletoId)).filter((e) => e.status === 'ENFILEIRADO').map((e) => [e.dias, e.canal, diaSp(e.enfileirado_em)]);

describe('the daily run over a month', () => {
  it('who gets what: the default steps on their days, an e-mail step without an e-mail dropped', async () => {
    expect(await enfileirados(p1.boletos[0])).toEqual([
      [-10, 'whatsapp', '2027-03-05'],
      [0, 'whatsapp', '2027-03-15'],
      [3, 'whatsapp', '2027-03-18'],
      [15, 'whatsapp', '2027-03-30'],
      [30, 'whatsapp', '2027-04-14'],
    ]);
    expect((await doBoleto(p1.boletos[0])).filter((e) => e.status === 'IGNORADO').map((e) => [e.dias, e.motivo])).toEqual([[7, 'sem_contato']]);
  });

  it('the message carries the linha digitável, the Pix code, the payer link and the creditor; nothing about the debt in the first line', async () => {
    const [d0] = (await doBoleto(p1.boletos[0])).filter((e) => e.dias === 0);
    const [m] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, d0.mensagem_id!));
    const linha = (await t.database.db.execute(sql`select linha_digitavel from boleto where id = ${p1.boletos[0]}`)) as { rows: { linha_digitavel: string }[] };
    expect(m).toMatchObject({ channel: 'whatsapp', recipient: '11987654321', subject: null, entity: 'boleto', entity_id: String(p1.boletos[0]), pessoa_id: p1.pessoaId, tipo: 'lembrete_vencimento', base_legal: 'execucao_contrato' });
    const digits = linha.rows[0].linha_digitavel.replace(/\D/g, '');
    expect(m.text.replace(/\D/g, '')).toContain(digits);
    expect(m.text).toMatch(/Pix copia e cola: 000201/);
    expect(m.text.split('\n')[0]).toBe(`Olá, ${p1.nome.split(' ')[0]}! Mensagem de Boleto Garantido Serviços Financeiros Ltda.`);
    expect(m.text).toContain('Credor: Boleto Garantido Serviços Financeiros Ltda — CNPJ 11.222.333/0001-81.');
    const link = /https:\/\/bg\.example\/pagar\/([A-Z0-9-]+)/.exec(m.text);
    expect(link).not.toBeNull();
    expect(m.link).toBe(link![0]);
    expect(await pessoaDoCodigoPagador(t.database.db, link![1], instanteEmSaoPaulo('2027-03-15', 10))).toBe(p1.pessoaId);
    const [d3] = (await doBoleto(p1.boletos[0])).filter((e) => e.dias === 3);
    const [m3] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, d3.mensagem_id!));
    expect(m3).toMatchObject({ tipo: 'cobranca', base_legal: 'exercicio_direitos', whatsapp_template: 'bg_cobranca' });
    // outside the 24 h window WhatsApp takes the approved template: first name, creditor, CNPJ, due date, linha, link
    expect(m.whatsapp_template).toBe('bg_lembrete_vencimento');
    expect(m.whatsapp_vars).toEqual([p1.nome.split(' ')[0], 'Boleto Garantido Serviços Financeiros Ltda', '11.222.333/0001-81', '15/03/2027', expect.stringMatching(/^\d{5}\.\d{5} /), m.link]);
    expect(BASE_URL).toBe('https://bg.example');
  });

  it('a boleto paid in between is not reminded again', async () => {
    expect(await enfileirados(p2.boletos[0])).toEqual([
      [-10, 'whatsapp', '2027-03-05'],
      [0, 'whatsapp', '2027-03-15'],
    ]);
    expect((await doBoleto(p2.boletos[0])).every((e) => e.dias <= 0)).toBe(true);
  });

  it('opted out of WhatsApp: the WhatsApp steps dropped, the e-mail step sent to the payer’s e-mail with a neutral subject', async () => {
    const rows = await doBoleto(p3.boletos[0]);
    expect(rows.filter((e) => e.canal === 'whatsapp').map((e) => [e.dias, e.status, e.motivo])).toEqual([
      [-10, 'IGNORADO', 'canal_recusado'], [0, 'IGNORADO', 'canal_recusado'], [3, 'IGNORADO', 'canal_recusado'], [15, 'IGNORADO', 'canal_recusado'], [30, 'IGNORADO', 'canal_recusado'],
    ]);
    const [email] = rows.filter((e) => e.canal === 'email');
    expect(email).toMatchObject({ dias: 7, status: 'ENFILEIRADO' });
    const [m] = await t.database.db.select().from(mensagemOutbox).where(eq(mensagemOutbox.id, email.mensagem_id!));
    expect(m).toMatchObject({ channel: 'email', recipient: 'pagador3@example.com', subject: 'Mensagem de Boleto Garantido Serviços Financeiros Ltda', tipo: 'cobranca' });
  });

  it('one collection message per person per day: the second waits for the next allowed day', async () => {
    expect(await enfileirados(p4.boletos[1])).toEqual([
      [-10, 'whatsapp', '2027-03-02'],
      [0, 'whatsapp', '2027-03-12'],
      [3, 'whatsapp', '2027-03-15'],
      [15, 'whatsapp', '2027-03-27'],
      [30, 'whatsapp', '2027-04-12'], // due on Sunday 11/04: sent on Monday
    ]);
    const [d0] = (await doBoleto(p4.boletos[0])).filter((e) => e.dias === 0);
    expect(d0).toMatchObject({ status: 'ENFILEIRADO', adiamentos: 1 });
    expect(diaSp(d0.enfileirado_em)).toBe('2027-03-16');
    // nobody got two in one day, nothing went on a Sunday or holiday, or outside 08:00–20:00
    const all = (await envios(t.database.db)).filter((e) => e.status === 'ENFILEIRADO');
    const perDay = new Map<string, number>();
    for (const e of all) {
      const key = `${e.pessoa_id}:${diaSp(e.enfileirado_em)}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
      expect(diaDeEnvioPermitido(dayInSaoPaulo(e.enfileirado_em!))).toBe(true);
      const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' }).format(e.enfileirado_em!));
      expect(hour >= 8 && hour < (new Date(`${dayInSaoPaulo(e.enfileirado_em!)}T12:00:00Z`).getUTCDay() === 6 ? 14 : 20)).toBe(true);
    }
    expect(Math.max(...perDay.values())).toBe(1);
  });

  it('quiet days: a step due on Good Friday goes on Saturday', async () => {
    expect(await enfileirados(p9.boletos[0])).toContainEqual([0, 'whatsapp', '2027-03-27']);
  });

  it("a shop's own régua replaces the default: only its active steps", async () => {
    expect(await enfileirados(p5.boletos[0])).toEqual([[5, 'whatsapp', '2027-03-15']]);
    expect(await doBoleto(p5.boletos[0])).toHaveLength(1);
  });

  it('contested, in the SPC notice, in an acordo: nothing at all', async () => {
    for (const p of [p6, p7, p8]) expect(await doBoleto(p.boletos[0])).toEqual([]);
  });

  it('running twice plans and sends nothing new', async () => {
    expect(segundaRodada.length).toBe(31);
    expect(segundaRodada.every((r) => r.planejadas === 0 && r.enfileiradas === 0)).toBe(true);
    const ids = (await envios(t.database.db)).map((e) => e.mensagem_id).filter((id): id is number => id !== null);
    expect(new Set(ids).size).toBe(ids.length);
    const outbox = await t.database.db.select({ id: mensagemOutbox.id }).from(mensagemOutbox).where(inArray(mensagemOutbox.tipo, ['lembrete_vencimento', 'cobranca']));
    expect(outbox.length).toBe(ids.length);
  });

  it('cure rate per step: of the D0 messages, the one whose boleto was paid within 3 days', async () => {
    const admin2 = { id: admin.user.id, nivel: '2' as const, empresa_id: null, name: 'Admin', ip: null };
    const rows = await eficaciaRegua(t.database.db, admin2, { de: '2027-03-01', ate: '2027-04-30' });
    // D0 by WhatsApp: p1, p2, p4 (two boletos), p9 — p2 paid the next morning
    expect(rows.find((r) => r.dias === 0 && r.canal === 'whatsapp')).toEqual({ dias: 0, canal: 'whatsapp', enviadas: 5, pagas_em_3_dias: 1, taxa: 20 });
    // D−10: p2 paid 11 days later — not within 3 days
    expect(rows.find((r) => r.dias === -10)).toMatchObject({ pagas_em_3_dias: 0 });
    expect(rows.find((r) => r.dias === 5)).toMatchObject({ enviadas: 1, pagas_em_3_dias: 0, taxa: 0 });
    const loja = await t.userWithToken({ nivel: '1' });
    const res = await t.call({ method: 'GET', url: '/api/regua/eficacia?de=2027-03-01&ate=2027-04-30', token: loja.token });
    expect(res.statusCode).toBe(403);
    const api = await t.call({ method: 'GET', url: '/api/regua/eficacia?de=2027-03-01&ate=2027-04-30', token: admin.token });
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json().data).toEqual(rows);
  });
});
