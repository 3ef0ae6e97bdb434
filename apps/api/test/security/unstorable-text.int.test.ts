/**
 * Text the database cannot store (issue 23, decision 107): a lone UTF-16 surrogate ("x\ud800y", which
 * a JSON body carries as an escape) made every write below answer 500 — the audit record's jsonb
 * refused it — and a NUL answered a bare 400 from the driver. Every string of every request is now
 * checked once, before the contract's schema (http/contract-route.ts; multipart fields in
 * http/multipart-upload.ts): 422 with the field named and "Texto com caracteres inválidos.", and
 * nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, MSG, SITUACAO, todayInSaoPaulo } from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { boleto } from '../../src/db/schema/index.js';
import { DEMO_CONTA } from '../../src/seed/seed-boletos.js';
import { activeContaCobranca } from '../../src/modules/conta-cobranca/active-conta-cobranca.js';
import { insertContaCobranca } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart, PNG } from '../multipart.js';

let t: TestApp;
let admin: string;
let loja: { token: string; empresaId: number; userId: number };
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
  const u = await t.userWithToken({ nivel: '1' });
  loja = { token: u.token, empresaId: u.user.empresa_id!, userId: u.user.id };
  if (!(await activeContaCobranca(t.database.db))) await insertContaCobranca(t.database.db, DEMO_CONTA, 'SEED', null);
}, 60_000);
afterAll(async () => t?.close());

const BAD = { surrogate: 'x\ud800y', 'low surrogate': 'a\udc00', NUL: 'a\u0000b' } as const;

/** Rows written by any of the calls (the audit log included: a refusal writes nothing). */
async function rowCount(): Promise<number> {
  const r = await t.database.db.execute(sql`select (select count(*) from audit_log) + (select count(*) from empresa) + (select count(*) from usuario) + (select count(*) from cpf_suspeito) + (select count(*) from boleto_avulso) + (select count(*) from pessoa_telefone) as n`);
  return Number((r as { rows: { n: number }[] }).rows[0].n);
}

const cnpj = () => {
  // a valid CNPJ per call: base + check digits
  const base = `${String(10_000_000 + (Date.now() % 80_000_000) + ++n).slice(0, 8)}0001`;
  const dv = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * weights[i], 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = `${base}${dv(base)}`;
  return `${first}${dv(first)}`;
};

type Case = { name: string; field: string; call: (text: string) => Promise<{ method: 'POST'; url: string; token?: string; payload: object }> };

const cases: Case[] = [
  { name: 'login', field: 'username', call: async (text) => ({ method: 'POST', url: '/api/login', payload: { username: text, password: 'qualquer-senha' } }) },
  { name: 'CPF suspeito (motivo)', field: 'motivo', call: async (text) => ({ method: 'POST', url: '/api/cpfSuspeito/create', token: admin, payload: { cpf_cnpj: '390.533.447-05', motivo: text } }) },
  {
    name: 'boleto cancelado (motivo)',
    field: 'motivo',
    call: async (text) => {
      const { garantia } = await createGarantia(t.database.db, { empresa_id: loja.empresaId, usuario_id: loja.userId, status: 'APROVADO', libera_boleto: 'S', situacao: SITUACAO.DISPONIVEL });
      const [b] = await t.database.db.select().from(boleto).where(eq(boleto.garantia_id, garantia.id)).limit(1);
      return { method: 'POST', url: `/api/boleto/cancelar/${b.id}`, token: admin, payload: { motivo: text } };
    },
  },
  {
    name: 'telefone (contato)',
    field: 'contato',
    call: async (text) => {
      const { pessoa_id } = await createGarantia(t.database.db, { empresa_id: loja.empresaId, usuario_id: loja.userId });
      return { method: 'POST', url: '/api/pessoa/adicionaTelefone', token: loja.token, payload: { pessoa_id, telefone: '(11) 98888-7777', contato: text } };
    },
  },
  {
    name: 'empresa (razão social)',
    field: 'razao',
    call: async (text) => ({
      method: 'POST', url: '/api/empresa/create', token: admin,
      payload: { cnpj: cnpj(), razao: text, fantasia: 'Loja', cep: '01310-100', endereco: 'Avenida Paulista', numero: '100', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' },
    }),
  },
  {
    name: 'empresa (update, endereço)',
    field: 'endereco',
    call: async (text) => {
      const e = await createEmpresa(t.database.db);
      return { method: 'POST', url: `/api/empresa/update/${e.id}`, token: admin, payload: { cnpj: e.cnpj, razao: e.razao, fantasia: e.fantasia, cep: '01310-100', endereco: text, numero: '1', bairro: 'B', cidade: 'C', uf: 'SP' } };
    },
  },
  { name: 'usuário (nome)', field: 'name', call: async (text) => ({ method: 'POST', url: '/api/usuario/create', token: admin, payload: { name: text, login: `txt.${Date.now()}.${++n}`, password: 'segredo123', email: 'a@b.com.br', nivel: '1', empresa_id: loja.empresaId } }) },
  {
    name: 'boleto avulso (nome/razão)',
    field: 'nome_razao',
    call: async (text) => ({
      method: 'POST', url: '/api/boletoAvulso/create', token: admin,
      payload: { cpf_cnpj: '529.982.247-25', nome_razao: text, cep: '01310-100', endereco: 'Avenida Paulista', numero: '1500', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', valor: 150.75, vencimento: addDays(todayInSaoPaulo(), 10), empresa_id: null },
    }),
  },
];

describe('text the database cannot store answers 422 with the field, never 500 (issue 23)', () => {
  for (const c of cases) {
    for (const [kind, text] of Object.entries(BAD)) {
      it(`${c.name}: ${kind}`, async () => {
        const req = await c.call(text);
        const before = await rowCount();
        const res = await t.call(req);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({ status: 422, msg: 'Verifique os campos informados.', errors: { [c.field]: MSG.textInvalid } });
        expect(await rowCount()).toBe(before);
      });
    }
  }

  it('the same calls with good text (an emoji included) still pass', async () => {
    for (const c of cases.filter((x) => x.name !== 'login')) {
      const res = await t.call(await c.call('Texto 😀 çãõ'));
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(200);
    }
  });

  it('a bad key, a nested string and the query are checked too', async () => {
    const key = await t.call({ method: 'POST', url: '/api/cpfSuspeito/create', token: admin, payload: { cpf_cnpj: '390.533.447-05', motivo: 'ok', ['x\ud800']: 1 } });
    expect(key.statusCode).toBe(422);
    expect(key.json().errors).toEqual({ 'x\uFFFD': MSG.textInvalid });
    const query = await t.call({ method: 'GET', url: '/api/cpfSuspeito/getAllPaginate?pesquisa=a%00b', token: admin });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ pesquisa: MSG.textInvalid });
  });

  it('a multipart text field with a NUL: 422 on the field, nothing stored', async () => {
    const { pessoa_id } = await createGarantia(t.database.db, { empresa_id: loja.empresaId, usuario_id: loja.userId });
    const form = multipart({ pessoa_id: String(pessoa_id), descricao: 'a\u0000b' }, [{ name: 'doc.png', data: PNG, type: 'image/png' }]);
    const res = await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: loja.token, ...form });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ descricao: MSG.textInvalid });
  });

  it('an anonymous caller is still refused before any input rule (401 first)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/cpfSuspeito/create', payload: { cpf_cnpj: '390.533.447-05', motivo: 'x\ud800y' } });
    expect(res.statusCode).toBe(401);
  });
});
