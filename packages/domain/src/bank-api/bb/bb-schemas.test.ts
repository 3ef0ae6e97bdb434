import { describe, expect, it } from 'vitest';
import { bbAlteracaoBodySchema, bbBaixaBodySchema, bbRegistroBodySchema } from './bb-schemas.js';
import { bbSample } from './samples.test-helper.js';

const valid = bbSample('registro-requisicao') as Record<string, unknown>;
const pagador = valid.pagador as Record<string, unknown>;

function messages(body: unknown): string[] {
  const r = bbRegistroBodySchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('bbRegistroBodySchema (the documented rules)', () => {
  it('accepts the sample request', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('requires the documented fields', () => {
    for (const field of ['numeroConvenio', 'dataVencimento', 'valorOriginal', 'numeroTituloCliente', 'pagador', 'codigoTipoTitulo']) {
      const body = { ...valid };
      delete body[field];
      expect(messages(body).join(' '), field).toContain(field);
    }
  });

  it('checks formats: dd.mm.aaaa dates, two-decimal amounts, the 20-digit numero of this convênio', () => {
    expect(messages({ ...valid, dataVencimento: '2026-12-10' }).join()).toMatch(/dataVencimento/);
    expect(messages({ ...valid, dataVencimento: '31.02.2027' }).join()).toMatch(/dataVencimento/);
    expect(messages({ ...valid, valorOriginal: 10.005 }).join()).toMatch(/valorOriginal/);
    expect(messages({ ...valid, valorOriginal: 0 }).join()).toMatch(/valorOriginal/);
    expect(messages({ ...valid, numeroTituloCliente: '31285570000000001' }).join()).toMatch(/numeroTituloCliente/);
    expect(messages({ ...valid, numeroTituloCliente: '00099999990000000001' }).join()).toMatch(/convênio/);
    expect(messages({ ...valid, dataVencimento: '26.11.2026', multa: { tipo: 0 } }).join()).toMatch(/anterior/);
  });

  it('checks codes and lengths', () => {
    expect(messages({ ...valid, codigoModalidade: 2 }).join()).toMatch(/codigoModalidade/);
    expect(messages({ ...valid, codigoTipoTitulo: 27 }).join()).toMatch(/codigoTipoTitulo/);
    expect(messages({ ...valid, numeroTituloBeneficiario: '21/3' }).join()).toMatch(/numeroTituloBeneficiario/);
    expect(messages({ ...valid, numeroTituloBeneficiario: 'A'.repeat(16) }).join()).toMatch(/15/);
    expect(messages({ ...valid, pagador: { ...pagador, nome: 'N'.repeat(61) } }).join()).toMatch(/pagador.nome/);
    expect(messages({ ...valid, pagador: { ...pagador, uf: 'df' } }).join()).toMatch(/pagador.uf/);
    expect(messages({ ...valid, pagador: { ...pagador, tipoInscricao: 1 } }).join()).toMatch(/CPF inválido/);
    expect(messages({ ...valid, pagador: { ...pagador, numeroInscricao: 98959112000178 } }).join()).toMatch(/CNPJ inválido/);
  });

  it('checks juros and multa by their tipo', () => {
    expect(messages({ ...valid, jurosMora: { tipo: 2 } }).join()).toMatch(/jurosMora.porcentagem/);
    expect(messages({ ...valid, jurosMora: { tipo: 1, valor: 0.33 } })).toEqual([]);
    expect(messages({ ...valid, multa: { tipo: 2, porcentagem: 2 } }).join()).toMatch(/multa.data/);
    expect(messages({ ...valid, multa: { tipo: 2, data: '10.12.2026', porcentagem: 2 } }).join()).toMatch(/posterior/);
  });
});

describe('bbAlteracaoBodySchema and bbBaixaBodySchema', () => {
  it('pairs each indicador "S" with its object and refuses an empty change', () => {
    expect(bbAlteracaoBodySchema.safeParse({ numeroConvenio: 3128557, indicadorNovaDataVencimento: 'S', alteracaoData: { novaDataVencimento: '20.12.2026' }, indicadorNovoValorNominal: 'N' }).success).toBe(true);
    expect(bbAlteracaoBodySchema.safeParse({ numeroConvenio: 3128557, indicadorNovaDataVencimento: 'S', indicadorNovoValorNominal: 'N' }).success).toBe(false);
    expect(bbAlteracaoBodySchema.safeParse({ numeroConvenio: 3128557, indicadorNovaDataVencimento: 'N', indicadorNovoValorNominal: 'S', alteracaoValor: { novoValorNominal: 0 } }).success).toBe(false);
    expect(bbAlteracaoBodySchema.safeParse({ numeroConvenio: 3128557, indicadorNovaDataVencimento: 'N', indicadorNovoValorNominal: 'N' }).success).toBe(false);
    expect(bbBaixaBodySchema.safeParse({ numeroConvenio: 3128557 }).success).toBe(true);
    expect(bbBaixaBodySchema.safeParse({}).success).toBe(false);
  });
});
