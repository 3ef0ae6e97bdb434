import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const CAIXA = {
  BOLETO_BANCO: '104', BOLETO_AGENCIA: '1234', BOLETO_BENEFICIARIO: '123456', BOLETO_CARTEIRA: 'RG',
  BOLETO_NOME: 'Boleto Garantido Serviços Financeiros Ltda', BOLETO_CNPJ: '11.222.333/0001-81', BOLETO_CEP: '01310-100',
  BOLETO_ENDERECO: 'Avenida Paulista', BOLETO_NUMERO: '1000', BOLETO_BAIRRO: 'Bela Vista', BOLETO_CIDADE: 'São Paulo', BOLETO_UF: 'SP',
};

/** The BOLETO_* variables as loadConfig reads them (the account is created from them at start: conta-from-env.int.test.ts). */
describe('conta de cobrança from environment variables', () => {
  it('is absent while BOLETO_BANCO is unset (the admin screen configures it)', () => {
    expect(loadConfig({}).contaCobranca).toBeNull();
  });

  it('reads a complete Caixa account, the Pix key optional', () => {
    expect(loadConfig(CAIXA).contaCobranca).toMatchObject({ banco: '104', agencia: '1234', codigo_beneficiario: '123456', carteira: 'RG', cnpj: '11222333000181' });
    expect(loadConfig({ ...CAIXA, BOLETO_PIX_CHAVE: 'financeiro@boletogarantido.com.br' }).contaCobranca?.pix_chave).toBe('financeiro@boletogarantido.com.br');
  });

  it('names the wrong variable and stops the start instead of issuing slips for a half-configured account', () => {
    expect(() => loadConfig({ ...CAIXA, BOLETO_AGENCIA: '', BOLETO_BANCO: '104' })).toThrow(/^Não foi possível iniciar: a variável BOLETO_AGENCIA /);
    expect(() => loadConfig({ ...CAIXA, BOLETO_BANCO: '237' })).toThrow('Não foi possível iniciar: a variável BOLETO_BANCO deve ser 104 ou 001 (recebido: 237).');
    expect(() => loadConfig({ ...CAIXA, BOLETO_CNPJ: '11.222.333/0001-00' })).toThrow(/a variável BOLETO_CNPJ não serve para a conta de cobrança \(Informe um CNPJ válido\) \(recebido: 11\.222\.333\/0001-00\)\.$/);
  });
});
