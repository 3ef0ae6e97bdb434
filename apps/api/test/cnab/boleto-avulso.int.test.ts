import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, readRemessa240, todayInSaoPaulo, type RemessaEntryRead } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createPessoa, createVisao } from '../../src/factories/garantia.js';
import { boletoAvulso } from '../../src/db/schema/index.js';
import { bankAnswer, createCnabTestApp, download, get, nonAdminTokens, post, uploadRetorno, waitForRetorno, type CnabTestApp } from './support.js';

/** Boletos avulsos: create, list and filters, payer lookup, PDF, remittance file, retorno, access. */
let t: CnabTestApp;
beforeAll(async () => {
  t = await createCnabTestApp();
});
afterAll(async () => t?.close());

const vencimento = addDays(todayInSaoPaulo(), 10);
const novo = (over: Record<string, unknown> = {}) => ({
  cpf_cnpj: '529.982.247-25',
  nome_razao: 'Ana Paula Souza',
  cep: '01310-100',
  endereco: 'Avenida Paulista',
  numero: '1500',
  complemento: 'Sala 2',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  valor: 150.75,
  vencimento,
  empresa_id: null,
  ...over,
});

describe('boletos avulsos', () => {
  it('creates a numbered slip with its own remittance file; lists, filters, prints it', async () => {
    const emp = await createEmpresa(t.db);
    const res = await post(t, '/api/boletoAvulso/create', t.admin.token, novo({ empresa_id: String(emp.id) }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const [row] = await t.db.select().from(boletoAvulso).where(eq(boletoAvulso.id, id));
    expect(row).toMatchObject({ situacao: 'DISPONÍVEL PARA PAGAMENTO', cpf_cnpj: '52998224725', cep: '01310100', valor: '150.75', empresa_id: emp.id, conta_cobranca_id: t.conta.id });
    expect(row.linha_digitavel.replace(/\D/g, '')).toMatch(/^\d{47}$/);

    const list = (await get(t, `/api/boletoAvulso/getAllPaginate?empresa_id=${emp.id}&situacao=DISPONÍVEL PARA PAGAMENTO`)).json();
    expect(list.total).toBe(1);
    const item = list.data[0];
    expect(item).toMatchObject({ id, nome_razao: 'Ana Paula Souza', valor: 150.75, vencimento, situacao: 'DISPONÍVEL PARA PAGAMENTO', fantasia: emp.fantasia, empresa_id: emp.id });
    expect(item.remessa_arquivo).toMatch(new RegExp(`^remessa_\\d{14}-${id}\\.txt$`));
    expect((await get(t, '/api/boletoAvulso/getAllPaginate?pesquisa=529.982')).json().total).toBeGreaterThanOrEqual(1);
    expect((await get(t, '/api/boletoAvulso/getAllPaginate?situacao=LIQUIDADO&pesquisa=Ana Paula')).json().total).toBe(0);

    const file = await download(t, item.remessa_link);
    const entries: RemessaEntryRead[] = [];
    for await (const e of readRemessa240([file])) entries.push(e);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'entrada', ourNumber: String(row.nosso_numero), amountCents: 15075, dueDate: vencimento, payer: { document: '52998224725', cep: '01310100', uf: 'SP' } });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/boletoAvulso/getBoleto/${id}`, headers: { authorization: `Bearer ${t.admin.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toContain(row.linha_digitavel);
    expect(text).toContain('Ana Paula Souza');
    // a stand-alone slip is not guaranteed, and must not say so (issue 25)
    expect(text).not.toMatch(/assegurado/i);
  });

  it('validates the §5 required fields, the document and the due date', async () => {
    const res = await post(t, '/api/boletoAvulso/create', t.admin.token, novo({ nome_razao: '', cep: '', endereco: '', numero: '', bairro: '', cidade: '', uf: '', vencimento: '', cpf_cnpj: '111.111.111-11' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ nome_razao: 'Campo obrigatório', numero: 'Campo obrigatório', bairro: 'Campo obrigatório', cidade: 'Campo obrigatório', vencimento: 'Campo obrigatório', cpf_cnpj: 'Informe um CPF/CNPJ válido!' });
    const past = await post(t, '/api/boletoAvulso/create', t.admin.token, novo({ vencimento: addDays(todayInSaoPaulo(), -1) }));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.vencimento).toMatch(/anterior a hoje/);
    const zero = await post(t, '/api/boletoAvulso/create', t.admin.token, novo({ valor: 0 }));
    expect(zero.json().errors.valor).toMatch(/maior que zero/);
  });

  it('pre-fills a known payer by CPF/CNPJ: a person of ours, else an earlier slip; null when unknown', async () => {
    const p = await createPessoa(t.db, { nome_razao: 'Cliente Conhecido' });
    const v = await createVisao(t.db, { pessoa_id: p.id, empresa_id: null, dados: { bairro: 'Centro' } });
    const known = (await post(t, '/api/boletoAvulso/getByCpfCnpj', t.admin.token, { cpf_cnpj: p.cpf_cnpj })).json();
    expect(known.data).toMatchObject({ cpf_cnpj: p.cpf_cnpj, nome_razao: 'Cliente Conhecido', cep: v.cep, bairro: 'Centro', cidade: v.cidade, uf: v.uf });
    const fromSlip = (await post(t, '/api/boletoAvulso/getByCpfCnpj', t.admin.token, { cpf_cnpj: '529.982.247-25' })).json();
    expect(fromSlip.data).toMatchObject({ nome_razao: 'Ana Paula Souza', numero: '1500' });
    const unknown = (await post(t, '/api/boletoAvulso/getByCpfCnpj', t.admin.token, { cpf_cnpj: '39053344705' })).json();
    expect(unknown).toMatchObject({ status: 200, data: null });
  });

  it('its remittance takes the account file number after the remessas, and a retorno registers and settles it', async () => {
    const res = await post(t, '/api/boletoAvulso/create', t.admin.token, novo({ cpf_cnpj: '39053344705', nome_razao: 'Pagador Avulso' }));
    const id = res.json().data.id as number;
    const [row] = await t.db.select().from(boletoAvulso).where(eq(boletoAvulso.id, id));
    const item = (await get(t, '/api/boletoAvulso/getAllPaginate?pesquisa=Pagador Avulso')).json().data[0];
    const file = await download(t, item.remessa_link);
    expect(file.toString('latin1').slice(157, 163)).toBe(String(row.numero_arquivo).padStart(6, '0'));
    const answer = await bankAnswer(file, { liquidar: () => true, fileNumber: 300 });
    const up = await uploadRetorno(t, 'avulso.ret', answer);
    const retornoId = up.json().data.id as number;
    await waitForRetorno(t.db, retornoId, (r) => r.status === 'PRONTO');
    expect((await post(t, `/api/retorno/aplicar/${retornoId}`)).statusCode).toBe(200);
    const done = await waitForRetorno(t.db, retornoId, (r) => r.status === 'PROCESSADO');
    expect(done).toMatchObject({ quantidade_entrada: 1, quantidade_liquidado: 1 });
    const [after] = await t.db.select().from(boletoAvulso).where(eq(boletoAvulso.id, id));
    expect(after.situacao).toBe('LIQUIDADO');
    const paid = await t.app.inject({ method: 'GET', url: `/api/boletoAvulso/getBoleto/${id}`, headers: { authorization: `Bearer ${t.admin.token}` } });
    expect(paid.statusCode).toBe(409);
  });

  it('is for administradores only', async () => {
    const { usuario, franqueado } = await nonAdminTokens(t);
    for (const token of [usuario, franqueado]) {
      expect((await get(t, '/api/boletoAvulso/getAllPaginate', token)).statusCode).toBe(403);
      expect((await post(t, '/api/boletoAvulso/getByCpfCnpj', token, { cpf_cnpj: '39053344705' })).statusCode).toBe(403);
      expect((await get(t, '/api/boletoAvulso/getBoleto/1', token)).statusCode).toBe(403);
      expect((await post(t, '/api/boletoAvulso/create', token, novo())).statusCode).toBe(403);
    }
  });
});
