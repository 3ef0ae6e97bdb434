import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import { activeContaCobranca, provisionContaFromConfig } from '../../src/modules/conta-cobranca/active-conta-cobranca.js';
import { insertContaCobranca } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { createTestApp, type TestApp } from '../harness.js';

const CAIXA = {
  BOLETO_BANCO: '104', BOLETO_AGENCIA: '1234', BOLETO_BENEFICIARIO: '123456', BOLETO_CARTEIRA: 'RG',
  BOLETO_NOME: 'Boleto Garantido Serviços Financeiros Ltda', BOLETO_CNPJ: '11.222.333/0001-81', BOLETO_CEP: '01310-100',
  BOLETO_ENDERECO: 'Avenida Paulista', BOLETO_NUMERO: '1000', BOLETO_BAIRRO: 'Bela Vista', BOLETO_CIDADE: 'São Paulo', BOLETO_UF: 'SP',
};

// The account of the BOLETO_* variables becomes the active one at start when the database has none
// (main.ts, before the seed); one saved on the admin screen always wins. Like every test app it has
// a database of its own (the active conta de cobrança is global state).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('conta de cobrança of the BOLETO_* variables', () => {
  it('is created (origem ENV) when none is active, once, and never replaces an active one', async () => {
    const db = t.database.db;
    expect(await activeContaCobranca(db)).toBeNull();
    expect(await provisionContaFromConfig(db, null)).toBeNull();
    expect(await activeContaCobranca(db)).toBeNull();

    const conta = loadConfig(CAIXA).contaCobranca;
    const created = await provisionContaFromConfig(db, conta);
    expect(created).toMatchObject({ banco: '104', codigo_beneficiario: '123456', origem: 'ENV', ativa: true });
    // a second process starting finds it
    expect((await provisionContaFromConfig(db, conta))?.id).toBe(created?.id);

    // an account saved on the screen (here straight into the table) stays the house default
    await db.transaction(async (tx) => {
      await tx.execute(sql`update conta_cobranca set ativa = false, padrao = false`);
      await insertContaCobranca(tx, { ...conta!, codigo_beneficiario: '654321' }, 'ADMIN', null);
    });
    expect(await provisionContaFromConfig(db, conta)).toMatchObject({ codigo_beneficiario: '654321' });
  });
});
