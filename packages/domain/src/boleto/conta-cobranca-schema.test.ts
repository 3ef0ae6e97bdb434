import { describe, expect, it } from 'vitest';
import { contaCobrancaSchema } from './conta-cobranca-schema.js';

const base = {
  banco: '104', agencia: '1234', conta: '', codigo_beneficiario: '123456', carteira: 'RG', nome: 'Beneficiário Ltda',
  cnpj: '11.222.333/0001-81', cep: '01310-100', endereco: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista',
  cidade: 'São Paulo', uf: 'sp', pix_chave: '',
};

describe('contaCobrancaSchema', () => {
  it('accepts a Caixa SIGCB account and answers digits', () => {
    const r = contaCobrancaSchema.parse(base);
    expect(r).toMatchObject({ cnpj: '11222333000181', cep: '01310100', uf: 'SP', conta: null, pix_chave: null });
  });
  it('maps the bank profile errors to the form fields', () => {
    const r = contaCobrancaSchema.safeParse({ ...base, carteira: 'XX' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toContain('carteira');
    const bb = contaCobrancaSchema.safeParse({ ...base, banco: '001', codigo_beneficiario: '123', carteira: '17' });
    expect(bb.error?.issues.map((i) => i.path[0])).toContain('codigo_beneficiario');
    const other = contaCobrancaSchema.safeParse({ ...base, banco: '237' });
    expect(other.error?.issues.map((i) => i.path[0])).toContain('banco');
    // Itaú's slips exist in the engine, but no remessa is written for it yet (issue 30, part 2)
    const itau = contaCobrancaSchema.safeParse({ ...base, banco: '341', agencia: '0810', codigo_beneficiario: '53678', carteira: '109' });
    expect(itau.error?.issues.map((i) => i.path[0])).toContain('banco');
    const cpf = contaCobrancaSchema.safeParse({ ...base, cnpj: '529.982.247-25' });
    expect(cpf.error?.issues.map((i) => i.path[0])).toContain('cnpj');
  });
});
