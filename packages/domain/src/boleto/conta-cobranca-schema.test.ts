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
    // a bank without a boleto profile is never offered
    const other = contaCobrancaSchema.safeParse({ ...base, banco: '999' });
    expect(other.error?.issues.map((i) => i.path[0])).toContain('banco');
    expect(other.error?.issues.find((i) => i.path[0] === 'banco')?.message).toMatch(/^Banco não suportado \(use 001, .*104, .*341/);
    const cpf = contaCobrancaSchema.safeParse({ ...base, cnpj: '529.982.247-25' });
    expect(cpf.error?.issues.map((i) => i.path[0])).toContain('cnpj');
  });
  it('takes the banks and layouts from the engine registries (decision 126)', () => {
    // Itaú 341 writes CNAB 400 (banks400/itau-341.ts): accepted, its layout defaults to nothing chosen
    const itau = contaCobrancaSchema.parse({ ...base, banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109' });
    expect(itau).toMatchObject({ banco: '341', layout_cnab: null });
    const itau400 = contaCobrancaSchema.parse({ ...base, banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109', layout_cnab: '400' });
    expect(itau400.layout_cnab).toBe(400);
    // a layout the bank does not write is refused on its field
    const itau240 = contaCobrancaSchema.safeParse({ ...base, banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109', layout_cnab: 240 });
    expect(itau240.error?.issues.map((i) => [i.path[0], i.message])).toContainEqual(['layout_cnab', 'Este banco gera remessas em CNAB 400.']);
    const caixa240 = contaCobrancaSchema.parse({ ...base, layout_cnab: 240 });
    expect(caixa240.layout_cnab).toBe(240);
    expect(contaCobrancaSchema.safeParse({ ...base, layout_cnab: 999 }).error?.issues[0].message).toBe('Layout CNAB inválido (240 ou 400).');
  });
});
