import { describe, expect, it } from 'vitest';
import { contaFromEnv } from '../../src/modules/conta-cobranca/conta-from-env.js';

const CAIXA = {
  BOLETO_BANCO: '104', BOLETO_AGENCIA: '1234', BOLETO_BENEFICIARIO: '123456', BOLETO_CARTEIRA: 'RG',
  BOLETO_NOME: 'Boleto Garantido Serviços Financeiros Ltda', BOLETO_CNPJ: '11.222.333/0001-81', BOLETO_CEP: '01310-100',
  BOLETO_ENDERECO: 'Avenida Paulista', BOLETO_NUMERO: '1000', BOLETO_BAIRRO: 'Bela Vista', BOLETO_CIDADE: 'São Paulo', BOLETO_UF: 'SP',
};

describe('conta de cobrança from environment variables', () => {
  it('is absent while BOLETO_BANCO is unset (the admin screen configures it)', () => {
    expect(contaFromEnv({})).toBeNull();
  });

  it('reads a complete Caixa account, the Pix key optional', () => {
    expect(contaFromEnv(CAIXA)).toMatchObject({ banco: '104', agencia: '1234', codigo_beneficiario: '123456', carteira: 'RG', cnpj: '11222333000181' });
    expect(contaFromEnv({ ...CAIXA, BOLETO_PIX_CHAVE: 'financeiro@boletogarantido.com.br' })?.pix_chave).toBe('financeiro@boletogarantido.com.br');
  });

  it('names the wrong variables instead of issuing slips for a half-configured account', () => {
    expect(() => contaFromEnv({ ...CAIXA, BOLETO_AGENCIA: '', BOLETO_BANCO: '104' })).toThrow(/BOLETO_AGENCIA/);
    expect(() => contaFromEnv({ ...CAIXA, BOLETO_BANCO: '237' })).toThrow(/BOLETO_BANCO/);
  });
});
