import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { protocolCheckDigit } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { auditLog, boleto, cpfSuspeito, garantia, garantiaPessoa, pessoa, pessoaVisao } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { count, newCnpj, payload } from './helpers.js';

let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
beforeAll(async () => {
  t = await createTestApp();
  const empresa = await createEmpresa(t.database.db, { qtd_max_parcelas: 6 });
  loja = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
});
afterAll(async () => t?.close());

const send = (body: Record<string, unknown>, token = loja.token) => t.call({ method: 'POST', url: '/api/garantia/solicitaGarantia', token, payload: body });
const written = async (doc: string) =>
  count(t.database.db, sql`select (select count(*) from pessoa where cpf_cnpj = ${doc}) + (select count(*) from garantia g join pessoa p on p.id = g.pessoa_id where p.cpf_cnpj = ${doc}) as n`);

describe('solicitaGarantia', () => {
  it('creates the person, the guarantee PENDENTE with its digito and one boleto per instalment', async () => {
    const body = payload();
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ status: 200, msg: 'Dados da solicitação enviados para análise!' });
    const { id, digito, protocolo, pessoa_id } = out.data;
    expect(digito).toBe(protocolCheckDigit(id));
    expect(protocolo).toBe(`${id}-${digito}`);
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, id));
    expect(g).toMatchObject({ status: 'PENDENTE', libera_boleto: 'N', qtd_titulo: 3, empresa_id: loja.user.empresa_id, usuario_id: loja.user.id, pessoa_id });
    // the identity on the person; what was typed in the Loja's view and in the guarantee's snapshot (decision 104)
    const [p] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, pessoa_id));
    expect(p).toMatchObject({ tipo_pessoa: 'F', cpf_cnpj: body.cpf_cnpj, nome_razao: 'Carlos Pereira Lima', data_nascimento: '1979-03-21' });
    const [v] = await t.database.db.select().from(pessoaVisao).where(eq(pessoaVisao.pessoa_id, pessoa_id));
    expect(v).toMatchObject({ empresa_id: loja.user.empresa_id, cep: '01310100', telefone1: '11987654321', renda: '2800.00', telefone2: null });
    const [snap] = await t.database.db.select().from(garantiaPessoa).where(eq(garantiaPessoa.garantia_id, id));
    expect(snap).toMatchObject({ origem: 'solicitacao', nome_razao: 'Carlos Pereira Lima', cep: '01310100', telefone1: '11987654321', renda: '2800.00' });
    const bs = await t.database.db.select().from(boleto).where(eq(boleto.garantia_id, id)).orderBy(boleto.parcela);
    expect(bs.map((b) => [b.parcela, b.valor, b.vencimento, b.situacao, b.digito === protocolCheckDigit(b.id)])).toEqual(
      body.titulos.map((tt) => [tt.parcela, '150.50', tt.vencimento, null, true]),
    );
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, String(id)));
    expect(audit.map((a) => a.action)).toContain('garantia.solicitar');
  });

  it('a known document keeps its one person: the identity stays, the typed name goes to the Loja\'s view and the snapshot', async () => {
    const known = await createPessoa(t.database.db);
    const res = await send(payload({ cpf_cnpj: known.cpf_cnpj, nome_razao: 'Nome Atualizado' }));
    expect(res.json().data.pessoa_id).toBe(known.id);
    const [p] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, known.id));
    expect(p.nome_razao).toBe(known.nome_razao);
    const [v] = await t.database.db.select().from(pessoaVisao).where(eq(pessoaVisao.pessoa_id, known.id));
    expect(v).toMatchObject({ empresa_id: loja.user.empresa_id, nome_razao: 'Nome Atualizado' });
    const [snap] = await t.database.db.select().from(garantiaPessoa).where(eq(garantiaPessoa.garantia_id, res.json().data.id));
    expect(snap.nome_razao).toBe('Nome Atualizado');
  });

  it('stores a CNPJ as tipo J with its avalista', async () => {
    const res = await send(payload({ cpf_cnpj: newCnpj(), socio_avalista: 'Sócio Avalista', cpf_avalista: '529.982.247-25' }));
    expect(res.statusCode).toBe(200);
    const [p] = await t.database.db.select().from(pessoa).where(eq(pessoa.id, res.json().data.pessoa_id));
    expect(p.tipo_pessoa).toBe('J');
    const [v] = await t.database.db.select().from(pessoaVisao).where(eq(pessoaVisao.pessoa_id, p.id));
    expect(v).toMatchObject({ socio_avalista: 'Sócio Avalista', cpf_avalista: '52998224725' });
  });

  const invalids: [string, Record<string, unknown>, Record<string, string>][] = [
    ['a bad CPF', { cpf_cnpj: '123.456.789-00' }, { cpf_cnpj: 'Informe um CPF/CNPJ válido!' }],
    ['renda 299', { renda: 299 }, { renda: 'A renda informada não pode ser menor que R$ 300,00' }],
    ['one instalment', { qtd_titulos: 1 }, { qtd_titulos: 'Informe no mínimo 2 parcelas' }],
    ['more than qtd_max_parcelas (6)', { qtd_titulos: 7 }, { qtd_titulos: 'A empresa permite no máximo 6 parcelas' }],
    ['a CNPJ without avalista', { cpf_cnpj: newCnpj() }, { socio_avalista: 'Campo obrigatório', cpf_avalista: 'Campo obrigatório' }],
    ['missing required fields', { nome_razao: '', telefone1: '', ref_pessoal: '' }, { nome_razao: 'Campo obrigatório', telefone1: 'Campo obrigatório', ref_pessoal: 'Campo obrigatório' }],
  ];
  for (const [name, over, errors] of invalids) {
    it(`refuses ${name} with 422 and field messages, writing nothing`, async () => {
      const body = payload(over);
      const res = await send(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toMatchObject(errors);
      expect(await written(String(body.cpf_cnpj).replace(/\D/g, ''))).toBe(0);
    });
  }

  it('refuses an instalment above limite_boleto and a total above limite_cpf_cnpj', async () => {
    const empresa = await createEmpresa(t.database.db, { limite_boleto: '200.00', limite_cpf_cnpj: '1000.00' });
    const u = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
    const body = payload({ titulos: [{ parcela: 1, valor: 150, vencimento: payload().titulos[0].vencimento }, { parcela: 2, valor: 250, vencimento: payload().titulos[1].vencimento }], qtd_titulos: 2 });
    const res = await send(body, u.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'titulos.1.valor': 'O valor máximo por boleto desta loja é R$ 200,00' });
    const p = await createPessoa(t.database.db);
    await createGarantia(t.database.db, { empresa_id: empresa.id, usuario_id: u.user.id, pessoa_id: p.id, parcelas: [20000, 20000, 20000, 20000] });
    const over = await send(payload({ cpf_cnpj: p.cpf_cnpj }), u.token); // 3 × 150,50 on top of 800,00
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.titulos).toContain('R$ 200,00');
    expect(await count(t.database.db, sql`select count(*)::int as n from garantia where pessoa_id = ${p.id}`)).toBe(1);
    const fits = await send(payload({ cpf_cnpj: p.cpf_cnpj, qtd_titulos: 2, titulos: [{ parcela: 1, valor: 100, vencimento: body.titulos[0].vencimento }, { parcela: 2, valor: 100, vencimento: body.titulos[1].vencimento }] }), u.token);
    expect(fits.statusCode).toBe(200);
  });

  it('re-checks the lookup rules: a document that became suspect answers 900 and nothing is written', async () => {
    const body = payload();
    await t.database.db.insert(cpfSuspeito).values({ cpf_cnpj: body.cpf_cnpj, motivo: 'Documento usado em fraude' });
    const res = await send(body);
    expect(res.json()).toMatchObject({ status: 900, title: 'Que pena! Não conseguimos aprovar essa solicitação!' });
    expect(await written(body.cpf_cnpj)).toBe(0);
  });

  it('tenancy: an usuario cannot request for another empresa; an administrador must choose one', async () => {
    const other = await createEmpresa(t.database.db);
    expect((await send(payload({ empresa_id: other.id }))).statusCode).toBe(404);
    const admin = await t.userWithToken({ nivel: '2' });
    expect((await send(payload(), admin.token)).json().errors).toEqual({ empresa_id: 'Campo obrigatório' });
    const ok = await send(payload({ empresa_id: other.id }), admin.token);
    expect(ok.statusCode).toBe(200);
    const [g] = await t.database.db.select().from(garantia).where(eq(garantia.id, ok.json().data.id));
    expect(g.empresa_id).toBe(other.id);
  });
});
