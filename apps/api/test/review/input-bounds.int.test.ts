import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import { payload } from '../garantias/helpers.js';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart, PNG } from '../multipart.js';

/**
 * Review: bad input must answer 4xx with a Portuguese msg, never 500. Before the fix each of these
 * reached PostgreSQL and failed there (integer out of range, numeric field overflow, invalid date,
 * NUL byte), answering "Erro interno".
 */
let t: TestApp;
let admin: string;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
const BIG_ID = '99999999999';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken({ nivel: '2' })).token;
  loja = await t.userWithToken({ nivel: '1' });
});
afterAll(async () => t?.close());

function expectClientError(res: { statusCode: number; json(): { status: number; msg: string } }, status = 422) {
  expect(res.statusCode).toBe(status);
  expect(res.json().status).toBe(status);
  expect(res.json().msg).toMatch(/[a-zà-ú]/i);
}

/** One PNG under the given fields. */
const withPng = (fields: Record<string, string>) => multipart(fields, [{ name: 'f.png', data: PNG, type: 'image/png' }]);

describe('ids beyond the integer key range', () => {
  it('path ids answer 422, never 500', async () => {
    for (const url of [
      `/api/empresa/getById/${BIG_ID}`,
      `/api/usuario/getById/${BIG_ID}`,
      `/api/pessoa/getById/${BIG_ID}`,
      `/api/pessoa/getTelefones/${BIG_ID}`,
      `/api/garantia/getById/${BIG_ID}`,
      `/api/boleto/getById/${BIG_ID}`,
      `/api/boleto/getGarantiaImpressao/${BIG_ID}`,
    ]) {
      const res = await t.call({ method: 'GET', url, token: admin });
      expectClientError(res);
      expect(res.json().errors).toEqual({ id: 'Identificador inválido' });
    }
    expectClientError(await t.call({ method: 'POST', url: `/api/garantia/aprovar/${BIG_ID}`, token: admin }));
    expectClientError(await t.call({ method: 'POST', url: `/api/boleto/baixar/${BIG_ID}`, token: loja.token }));
  });

  it('ids in query strings and bodies answer 422, never 500', async () => {
    expectClientError(await t.call({ method: 'GET', url: `/api/boleto/getAllPaginate?empresa_id=${BIG_ID}`, token: admin }));
    expectClientError(await t.call({ method: 'GET', url: `/api/garantia/getAllPaginate?empresa_id=${BIG_ID}`, token: admin }));
    expectClientError(await t.call({ method: 'POST', url: '/api/garantia/consultaDocumento', payload: { documento: '52998224725', empresa_id: BIG_ID }, token: admin }));
    expectClientError(await t.call({ method: 'POST', url: '/api/garantia/solicitaGarantia', token: admin, payload: payload({ empresa_id: BIG_ID }) }));
    expectClientError(await t.call({ method: 'POST', url: '/api/pessoa/adicionaTelefone', token: loja.token, payload: { pessoa_id: BIG_ID, telefone: '11987654321', contato: 'Ana' } }));
    expectClientError(await t.call({ method: 'POST', url: '/api/usuario/create', token: admin, payload: { name: 'Novo', login: `rev${Date.now()}`, nivel: '1', empresa_id: BIG_ID, password: 'Senha@12345' } }));
    const empresa = { cnpj: '11222333000181', razao: 'Loja', fantasia: 'Loja', cep: '01310100', endereco: 'Rua', numero: '1', bairro: 'B', cidade: 'C', uf: 'SP' };
    expectClientError(await t.call({ method: 'POST', url: `/api/empresa/update/${loja.user.empresa_id}`, token: admin, payload: { ...empresa, franqueado_id: BIG_ID } }));
  });

  it('multipart ids (uploadDocumento, uploadDuplicata) answer 422, never 500', async () => {
    expectClientError(await t.call({ method: 'POST', url: '/api/pessoa/uploadDocumento', token: loja.token, ...withPng({ pessoa_id: BIG_ID }) }));
    expectClientError(await t.call({ method: 'POST', url: '/api/garantia/uploadDuplicata', token: loja.token, ...withPng({ garantia_id: BIG_ID }) }));
  });
});

describe('money beyond numeric(14,2) and impossible dates', () => {
  it('a valor, renda or limite above R$ 999.999.999.999,99 answers 422, never 500', async () => {
    const huge = 1e13;
    const titulos = [1, 2, 3].map((parcela) => ({ parcela, valor: huge, vencimento: '2099-01-01' }));
    expectClientError(await t.call({ method: 'POST', url: '/api/garantia/solicitaGarantia', token: loja.token, payload: payload({ titulos }) }));
    expectClientError(await t.call({ method: 'POST', url: '/api/garantia/solicitaGarantia', token: loja.token, payload: payload({ renda: huge }) }));

    const g = await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id });
    expectClientError(await t.call({ method: 'POST', url: `/api/boleto/update/${g.boletos[0].id}`, token: admin, payload: { vencimento: '2099-01-01', valor: huge } }));

    const empresa = { cnpj: '11222333000181', razao: 'Loja', fantasia: 'Loja', cep: '01310100', endereco: 'Rua', numero: '1', bairro: 'B', cidade: 'C', uf: 'SP' };
    expectClientError(await t.call({ method: 'POST', url: `/api/empresa/update/${loja.user.empresa_id}`, token: admin, payload: { ...empresa, limite_boleto: huge } }));
  });

  it('pessoa update: huge renda and an impossible data_nascimento answer 422, never 500', async () => {
    const p = await createPessoa(t.database.db);
    await createGarantia(t.database.db, { empresa_id: loja.user.empresa_id!, usuario_id: loja.user.id, pessoa_id: p.id });
    const body = { cpf_cnpj: p.cpf_cnpj, nome_razao: 'Fulano de Tal', cep: '01310100', endereco: 'Rua', numero: '1', bairro: 'B', cidade: 'C', uf: 'SP' };
    const badDate = await t.call({ method: 'POST', url: `/api/pessoa/update/${p.id}`, token: loja.token, payload: { ...body, data_nascimento: '1990-13-45' } });
    expectClientError(badDate);
    expect(badDate.json().errors).toEqual({ data_nascimento: 'Informe uma data válida!' });
    const hugeRenda = await t.call({ method: 'POST', url: `/api/pessoa/update/${p.id}`, token: loja.token, payload: { ...body, renda: 1e13 } });
    expectClientError(hugeRenda);
    expect(hugeRenda.json().errors).toEqual({ renda: 'Informe um valor válido!' });
    const ok = await t.call({ method: 'POST', url: `/api/pessoa/update/${p.id}`, token: loja.token, payload: { ...body, data_nascimento: '1990-02-28', renda: 999_999_999_999.99 } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('text with a NUL character', () => {
  it('answers 422 on the field with a Portuguese msg, never 500 (search, login, body text; decision 107)', async () => {
    expectClientError(await t.call({ method: 'GET', url: '/api/empresa/getAllPaginate?pesquisa=ab%00cd', token: admin }), 422);
    expectClientError(await t.call({ method: 'GET', url: '/api/auditoria/getAllPaginate?entity=a%00', token: admin }), 422);
    expectClientError(await t.call({ method: 'POST', url: '/api/login', payload: { username: 'a\u0000b', password: 'senha12345' } }), 422);
    expectClientError(await t.call({ method: 'POST', url: '/api/cpfSuspeito/create', token: admin, payload: { cpf_cnpj: '52998224725', motivo: 'a\u0000b' } }), 422);
  });
});
