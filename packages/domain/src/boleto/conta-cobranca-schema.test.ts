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

  describe('runs the remessa rules of the conta’s layout when it is saved (a trial remessa)', () => {
    const issues = (form: Record<string, unknown>) => (contaCobrancaSchema.safeParse({ ...base, ...form }).error?.issues ?? []).map((i) => [i.path[0], i.message]);
    const bradesco = { banco: '237', agencia: '4042-8', conta: '0061900-0', codigo_beneficiario: '4540691', carteira: '09' };
    const sicoob = { banco: '756', agencia: '4327', conta: '229385', codigo_beneficiario: '229385', carteira: '1/01' };
    const santander = { banco: '033', agencia: '3333', conta: '013000123-4', codigo_beneficiario: '1899775', carteira: '101' };
    const sicredi = { banco: '748', agencia: '0710.65', conta: '00129', codigo_beneficiario: '00129', carteira: '1' };

    it('Bradesco 237 (CNAB 400): the conta with its DV, the código da empresa in digits', () => {
      expect(issues(bradesco)).toEqual([]);
      expect(issues({ ...bradesco, conta: '0061900' })).toEqual([['conta', 'Conta corrente Bradesco com o dígito, até 7 dígitos (ex. 1234567-1).']]);
      expect(issues({ ...bradesco, conta: '' })).toEqual([['conta', 'Conta corrente Bradesco com o dígito, até 7 dígitos (ex. 1234567-1).']]);
    });

    it('Sicoob 756 (CNAB 240): the conta corrente its header needs', () => {
      expect(issues(sicoob)).toEqual([]);
      const semConta = issues({ ...sicoob, conta: '' });
      expect(semConta).toHaveLength(1);
      expect(semConta[0][0]).toBe('conta');
      expect(semConta[0][1]).toMatch(/[Cc]onta/);
    });

    it('Santander 033: CNAB 400 and CNAB 240 each check the conta they write', () => {
      expect(issues({ ...santander, layout_cnab: 400 })).toEqual([]);
      expect(issues({ ...santander, layout_cnab: 240 })).toEqual([]);
      expect(issues({ ...santander, conta: '', layout_cnab: 400 })).toEqual([['conta', 'Conta corrente Santander é obrigatória no CNAB 400.']]);
      const sem240 = issues({ ...santander, conta: '', layout_cnab: 240 });
      expect(sem240).toHaveLength(1);
      expect(sem240[0][0]).toBe('conta');
      // carteira 102 is "sem registro": no remessa carries it
      expect(issues({ ...santander, carteira: '102', layout_cnab: 400 })).toEqual([['carteira', 'Carteira Santander para remessa deve ser 101 (rápida com registro) ou 201 (penhor rápida).']]);
    });

    it('Sicredi 748: the trial slip and remessa number from the profile’s first sequence (ano + byte 2), so the conta is accepted', () => {
      expect(issues(sicredi)).toEqual([]);
      expect(issues({ ...sicredi, agencia: '0710' })[0]).toEqual(['agencia', 'Agência Sicredi: informe cooperativa e posto (ex. 0165.02).']);
    });

    it('Caixa 104 and Itaú 341 as before; a bank with an API is left to its slip (its conta may work by API)', () => {
      expect(issues({})).toEqual([]);
      // Caixa's 7-digit código do beneficiário: its API takes it, its CNAB 240 header (6 digits) would not
      expect(issues({ codigo_beneficiario: '1100000' })).toEqual([]);
      expect(issues({ banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109' })).toEqual([]);
    });
  });
});
