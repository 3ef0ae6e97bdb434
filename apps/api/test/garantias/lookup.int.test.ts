import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { addMonthsClamped, todayInSaoPaulo } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { consultaDocumento, cpfSuspeito, spcInclusao } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { newCnpj, newCpf } from './helpers.js';

let t: TestApp;
let loja: { token: string; user: { id: number; empresa_id: number | null } };
beforeAll(async () => {
  t = await createTestApp();
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

// the document travels in the body (docs/security.md); `extra` is `&empresa_id=N`
const lookup = (documento: string, token = loja.token, extra = '') =>
  t.call({ method: 'POST', url: '/api/garantia/consultaDocumento', payload: { documento, ...Object.fromEntries(new URLSearchParams(extra)) }, token });
const lastRecord = async (doc: string) =>
  (await t.database.db.select().from(consultaDocumento).where(eq(consultaDocumento.cpf_cnpj, doc)).orderBy(desc(consultaDocumento.id)))[0];

describe('consultaDocumento', () => {
  it('requires and validates the document (422, field message)', async () => {
    const empty = await lookup('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.documento).toBe('É obrigatório informar um CPF/CNPJ para consulta');
    const bad = await lookup('123.456.789-00');
    expect(bad.json().errors.documento).toBe('Informe um CPF/CNPJ válido!');
  });

  it('answers 200 for a clean new document and records the lookup', async () => {
    const doc = newCpf();
    const res = await lookup(doc.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, obj: { pessoa_id: null, pessoa: null }, consulta: '' });
    expect(await lastRecord(doc)).toMatchObject({ usuario_id: loja.user.id, empresa_id: loja.user.empresa_id, motivo: 'solicitacao_garantia', status: 200 });
  });

  it('pre-fills from the Loja\'s own view; a person known only to another shop is answered as unknown (decision 104)', async () => {
    const mine = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, status: 'APROVADO' });
    const res = await lookup((await pessoaDoc(mine.pessoa_id))!);
    expect(res.json().obj.pessoa_id).toBe(mine.pessoa_id);
    expect(res.json().obj.pessoa).toMatchObject({ id: mine.pessoa_id, nome_razao: expect.any(String), renda: 3500 });
    // the pre-fill fields only (spec §3 Person), not the row's situação or timestamps
    expect(Object.keys(res.json().obj.pessoa).sort()).toEqual(
      ['id', 'tipo_pessoa', 'cpf_cnpj', 'nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'telefone1', 'telefone2', 'ref_comercial', 'tel_ref_comercial', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'renda', 'socio_avalista', 'cpf_avalista'].sort(),
    );
    // known to another shop only: neither its id nor anything that shop typed (it used to answer the id)
    const otherShop = await createEmpresa(t.database.db);
    const theirs = await createGarantia(t.database.db, { empresa_id: otherShop.id, usuario_id: loja.user.id, dados: { telefone1: '11911112222' } });
    const other = await lookup((await pessoaDoc(theirs.pessoa_id))!);
    expect(other.json().obj).toEqual({ pessoa_id: null, pessoa: null });
    expect(other.body).not.toContain('11911112222');
  });

  it('answers 900 for a document on the suspect list, with escaped HTML detail', async () => {
    const doc = newCpf();
    await t.database.db.insert(cpfSuspeito).values({ cpf_cnpj: doc, motivo: 'Fraude <script>alert(1)</script>' });
    const res = await lookup(doc);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(900);
    expect(body.msg).toBe('O cliente possui uma ou mais restrições comerciais.');
    expect(body.consulta).toContain('lista de CPFs suspeitos');
    expect(body.consulta).toContain('&lt;script&gt;');
    expect(body.consulta).not.toContain('<script>');
    expect((await lastRecord(doc)).status).toBe(900);
  });

  it('answers 900 for an open overdue boleto in any empresa, not for a paid or future one', async () => {
    const other = await createEmpresa(t.database.db);
    const p = await createPessoa(t.database.db);
    const past = addMonthsClamped(todayInSaoPaulo(), -2);
    await createGarantia(t.database.db, { empresa_id: other.id, usuario_id: loja.user.id, pessoa_id: p.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'LIQUIDADO', primeiroVencimento: past, parcelas: [10000] });
    await createGarantia(t.database.db, { empresa_id: other.id, usuario_id: loja.user.id, pessoa_id: p.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas: [10000] });
    expect((await lookup(p.cpf_cnpj)).json().status).toBe(200);
    await createGarantia(t.database.db, { empresa_id: other.id, usuario_id: loja.user.id, pessoa_id: p.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', primeiroVencimento: past, parcelas: [10000] });
    const res = (await lookup(p.cpf_cnpj)).json();
    expect(res.status).toBe(900);
    expect(res.consulta).toContain('vencido(s) em aberto');
  });

  it('answers 900 for an active SPC inclusion, 200 once it is removed', async () => {
    const doc = newCnpj();
    const [row] = await t.database.db.insert(spcInclusao).values({ cpf_cnpj: doc, status: 'ATIVA', protocolo: 'X1' }).returning();
    const res = (await lookup(doc)).json();
    expect(res.status).toBe(900);
    expect(res.consulta).toContain('SPC');
    await t.database.db.update(spcInclusao).set({ status: 'REMOVIDA' }).where(eq(spcInclusao.id, row.id));
    expect((await lookup(doc)).json().status).toBe(200);
  });

  it('refuses with title and msg when the document already uses the empresa limite_cpf_cnpj (recorded too)', async () => {
    const empresa = await createEmpresa(t.database.db, { limite_cpf_cnpj: '500.00' });
    const u = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
    const p = await createPessoa(t.database.db);
    await createGarantia(t.database.db, { empresa_id: empresa.id, usuario_id: u.user.id, pessoa_id: p.id, parcelas: [25000, 25000] });
    const res = await lookup(p.cpf_cnpj, u.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, title: 'Limite por CPF/CNPJ atingido' });
    expect(res.json().msg).toContain('R$ 500,00');
    expect((await lastRecord(p.cpf_cnpj)).status).toBe(409);
    // another loja without limit is not affected
    expect((await lookup(p.cpf_cnpj)).json().status).toBe(200);
  });

  it('makes an administrador choose the Loja, and refuses a blocked empresa', async () => {
    const admin = await t.userWithToken({ nivel: '2' });
    const res = await lookup(newCpf(), admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ empresa_id: 'Campo obrigatório' });
    expect((await lookup(newCpf(), admin.token, `&empresa_id=${loja.user.empresa_id}`)).json().status).toBe(200);
    const blocked = await createEmpresa(t.database.db, { situacao: 'BLOQUEADA' });
    const b = await lookup(newCpf(), admin.token, `&empresa_id=${blocked.id}`);
    expect(b.statusCode).toBe(409);
    expect(b.json().msg).toBe('A empresa está bloqueada e não pode solicitar garantias.');
    // an usuario cannot request for another empresa
    expect((await lookup(newCpf(), loja.token, `&empresa_id=${blocked.id}`)).statusCode).toBe(404);
  });
});

async function pessoaDoc(id: number) {
  const res = await t.database.db.execute(sql`select cpf_cnpj from pessoa where id = ${id}`);
  return (res as { rows: { cpf_cnpj: string }[] }).rows[0]?.cpf_cnpj;
}
