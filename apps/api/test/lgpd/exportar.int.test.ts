import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatCpfCnpj } from '@bg/domain';
import { createCpfSuspeito } from '../../src/factories/cadastros.js';
import { auditLog, acessoDadosPessoais } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { registrarConsentimento } from '../../src/modules/mensagem/consentimento.js';
import { registrarAcessoPagador } from '../../src/modules/pagador/acesso-pagador.js';
import { multipart, PNG } from '../multipart.js';
import { acordoBody, defaulter, get, newCpf, pdfText, post, until, type Defaulter } from '../cobranca/support.js';

/**
 * The data subject's export (LGPD art. 18; docs/decisions/095): POST /api/lgpd/exportar with the
 * CPF/CNPJ in the body answers everything held about it as a JSON download, /pdf as a report; the
 * export is logged and audited; administradores only.
 */
let t: TestApp;
let token: string;
let d: Defaulter;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userWithToken({ nivel: '2', empresa_id: null })).token;
  // a defaulter with two overdue boletos, an acordo on one, SPC on the other, a note, a phone, a
  // document, a bureau query, a suspect-list entry and the messages these sent
  d = await defaulter(t, [{ cents: 30000, daysAgo: 40 }, { cents: 45000, daysAgo: 20 }], { telefone1: '11987650001' });
  expect((await post(t, '/api/pessoa/adicionaTelefone', token, { pessoa_id: d.pessoaId, telefone: '11955550002', contato: 'Trabalho' })).statusCode).toBe(200);
  const up = multipart({ pessoa_id: String(d.pessoaId) }, [{ name: 'rg-frente.png', data: PNG, type: 'image/png' }]);
  expect((await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token, ...up })).statusCode).toBe(200);
  expect((await post(t, '/api/pessoa/createNote', token, { data: '2031-01-10', descricao: 'Ligar após o almoço', pessoa_id: d.pessoaId })).statusCode).toBe(200);
  expect((await post(t, '/api/acordo/create', token, acordoBody({ pessoaId: d.pessoaId, boletos: [d.boletos[0]] }, { qtd: 2 }))).statusCode).toBe(200);
  expect((await post(t, '/api/acordo/incluir-spc', token, { boletoId: d.boletos[1].id })).statusCode).toBe(200);
  const [g] = (await t.database.executeSql('SELECT garantia_id FROM boleto WHERE id = $1', [d.boletos[1].id])).rows as { garantia_id: number }[];
  expect((await get(t, `/api/garantia/consultaRestritiva/${g.garantia_id}`, token)).statusCode).toBe(200);
  await createCpfSuspeito(t.database.db, { cpf_cnpj: d.cpf, motivo: 'Documento rasurado' });
  await get(t, `/api/pessoa/getById/${d.pessoaId}`, token);
  // the SPC notice goes through the outbox job: wait until it is recorded as sent
  await until(async () => {
    const { rows } = await t.database.executeSql(`SELECT 1 FROM mensagem_outbox WHERE recipient = '11987650001' AND status = 'sent'`);
    return rows.length > 0;
  });
});
afterAll(async () => t?.close());

describe('the messaging records of the person (issue 27)', () => {
  it('lists its choices per channel, what it wrote by WhatsApp and its uses of the payer page', async () => {
    await registrarConsentimento(t.database.db, { pessoaId: d.pessoaId, channel: 'whatsapp', aceito: false, origem: 'whatsapp', detalhe: 'SAIR' });
    await t.database.executeSql(
      `INSERT INTO whatsapp_recebida (wamid, telefone, pessoa_id, tipo, texto, recebida_em) VALUES ('wamid.lgpd-1', '5511987650001', $1, 'text', 'SAIR', now())`,
      [d.pessoaId],
    );
    await registrarAcessoPagador(t.database.db, { ip: '203.0.113.9', userAgent: 'Navegador de teste' }, { pessoaId: d.pessoaId, acao: 'identificacao', meio: 'documento' });
    const e = (await exportar({ cpf_cnpj: formatCpfCnpj(d.cpf) })).json();
    expect(e.consentimentos).toEqual([expect.objectContaining({ canal: 'whatsapp', aceito: false, origem: 'whatsapp', detalhe: 'SAIR' })]);
    expect(e.whatsapp_recebidas).toEqual([expect.objectContaining({ telefone: '5511987650001', texto: 'SAIR' })]);
    expect(e.acessos_pagina_pagador).toEqual([expect.objectContaining({ acao: 'identificacao', meio: 'documento', ip: '203.0.113.9', user_agent: 'Navegador de teste' })]);
  });
});

const exportar = (body: object, suffix = '', as = token) => t.call({ method: 'POST', url: `/api/lgpd/exportar${suffix}`, token: as, payload: body });

describe('POST /api/lgpd/exportar', () => {
  it('answers every section as a JSON attachment, the files listed by name only', async () => {
    const res = await exportar({ cpf_cnpj: formatCpfCnpj(d.cpf) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lgpd-${d.cpf}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const e = res.json();
    expect(Object.keys(e)).toEqual([
      'gerado_em', 'gerado_por', 'cpf_cnpj', 'titular', 'visoes', 'telefones', 'documentos', 'garantias', 'boletos', 'boletos_avulsos',
      'acordos', 'anotacoes', 'spc', 'assinaturas', 'mensagens', 'consentimentos', 'whatsapp_recebidas', 'acessos_pagina_pagador', 'consultas_documento', 'consultas_bureau', 'decisoes_automatizadas', 'cpf_suspeito', 'acessos',
    ]);
    // the identity, then every view marked by the shop that holds it (decision 104): the shop's
    // typed data, and the administradores' own (where the phone and the document below went)
    expect(e.titular).toMatchObject({ id: d.pessoaId, cpf_cnpj: d.cpf, nome_razao: d.nome });
    expect(e.titular).not.toHaveProperty('telefone1');
    expect(e.visoes).toEqual([
      expect.objectContaining({ empresa_id: d.empresaId, loja: expect.stringMatching(/\S/), telefone1: '11987650001', renda: 3500 }),
      expect.objectContaining({ empresa_id: null, loja: 'Administração', nome_razao: d.nome }),
    ]);
    expect(e.telefones).toEqual([expect.objectContaining({ telefone: '11955550002', contato: 'Trabalho', empresa_id: null, loja: 'Administração' })]);
    expect(e.documentos).toEqual([expect.objectContaining({ nome: 'rg-frente.png', tipo: 'image/png', loja: 'Administração' })]);
    expect(e.garantias[0].dados_informados).toMatchObject({ telefone1: '11987650001', renda: 3500, origem: 'solicitacao' });
    expect(JSON.stringify(e.documentos)).not.toMatch(/url|storage|sig=/);
    expect(e.garantias).toHaveLength(2);
    expect(e.boletos).toHaveLength(2);
    expect(e.boletos[0]).toMatchObject({ valor: 300, historico: expect.any(Array) });
    expect(e.boletos.map((b: { situacao: string }) => b.situacao)).toContain('ENVIADO PARA REMOÇÃO');
    expect(e.acordos).toEqual([expect.objectContaining({ numero_parcelas: 2, parcelas: [expect.any(Object), expect.any(Object)] })]);
    expect(e.anotacoes).toEqual([expect.objectContaining({ data: '2031-01-10', descricao: 'Ligar após o almoço' })]);
    expect(e.spc).toEqual([expect.objectContaining({ boleto_id: d.boletos[1].id })]);
    expect(e.mensagens.length).toBeGreaterThanOrEqual(1);
    expect(e.mensagens[0]).toMatchObject({ canal: 'whatsapp', destinatario: '11987650001' });
    expect(e.consultas_bureau).toEqual([expect.objectContaining({ tipo: 'RESTRITIVA', resultado: expect.any(Object) })]);
    expect(e.cpf_suspeito).toMatchObject({ motivo: 'Documento rasurado' });
    expect(e.acessos.map((a: { recurso: string }) => a.recurso)).toEqual(expect.arrayContaining(['renda', 'consulta_bureau']));
  });

  it('is logged as an access (exportacao) and audited', async () => {
    await exportar({ cpf_cnpj: d.cpf });
    const log = await t.database.db.select().from(acessoDadosPessoais).where(and(eq(acessoDadosPessoais.pessoa_id, d.pessoaId), eq(acessoDadosPessoais.recurso, 'exportacao')));
    expect(log.length).toBeGreaterThanOrEqual(1);
    expect(log[0].rota).toBe('POST /api/lgpd/exportar');
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'lgpd.exportar'), eq(auditLog.entity_id, String(d.pessoaId))));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    // the document is not written to the audit trail
    expect(JSON.stringify(audit)).not.toContain(d.cpf);
  });

  it('a document nothing is held about answers the same shape, every section empty', async () => {
    const cpf = newCpf();
    const e = (await exportar({ cpf_cnpj: cpf })).json();
    expect(e).toMatchObject({ cpf_cnpj: cpf, titular: null, telefones: [], documentos: [], garantias: [], boletos: [], acordos: [], spc: [], mensagens: [], acessos: [], cpf_suspeito: null });
  });

  it('refuses an invalid document (422), a non-administrador (403) and the document in the URL', async () => {
    expect((await exportar({ cpf_cnpj: '123.456.789-00' })).statusCode).toBe(422);
    const loja = await t.userWithToken({ nivel: '1' });
    expect((await exportar({ cpf_cnpj: d.cpf }, '', loja.token)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/lgpd/exportar?cpf_cnpj=${d.cpf}`, token })).statusCode).toBe(404);
  });
});

describe('POST /api/lgpd/exportar/pdf', () => {
  it('the same report as a PDF with every section', async () => {
    const res = await exportar({ cpf_cnpj: d.cpf }, '/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const title of ['Relatório de dados pessoais (LGPD)', 'Identificação (comum a todas as lojas)', 'Dados informados — Administração', 'Telefones adicionais', 'Documentos', 'Garantias', 'Boletos', 'Acordos', 'Anotações', 'Inclusões no SPC', 'Mensagens enviadas', 'Consultas de crédito', 'Lista de CPFs suspeitos', 'Acessos aos dados pessoais']) {
      expect(text, title).toContain(title);
    }
    expect(text).toContain(d.nome);
    expect(text).toContain(formatCpfCnpj(d.cpf));
    expect(text).toContain('rg-frente.png');
    expect(text).toContain('Ligar após o almoço');
    expect(text).toContain('Documento rasurado');
  });
});
