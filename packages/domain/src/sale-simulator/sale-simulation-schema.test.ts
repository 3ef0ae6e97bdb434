import { describe, expect, it } from 'vitest';
import { saleSimulationSchema } from './sale-simulation-schema.js';

function firstMessages(input: unknown): Record<string, string> {
  const result = saleSimulationSchema.safeParse(input);
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('sale simulation schema (spec §5)', () => {
  it('parses path text and form numbers alike', () => {
    expect(saleSimulationSchema.parse({ valor: '1500.50', qtd_parcelas: '3' })).toEqual({ valor: 1500.5, qtd_parcelas: 3 });
    expect(saleSimulationSchema.parse({ valor: 99.9, qtd_parcelas: 12 })).toEqual({ valor: 99.9, qtd_parcelas: 12 });
    expect(saleSimulationSchema.parse({ valor: '10,5', qtd_parcelas: 2 })).toEqual({ valor: 10.5, qtd_parcelas: 2 });
  });

  it('requires both fields with the spec texts; zero counts as empty', () => {
    const required = { valor: 'É obrigatório informar o valor da venda', qtd_parcelas: 'É obrigatório informar a quantidade de parcelas' };
    expect(firstMessages({})).toEqual(required);
    expect(firstMessages({ valor: '', qtd_parcelas: '' })).toEqual(required);
    expect(firstMessages({ valor: null, qtd_parcelas: null })).toEqual(required);
    expect(firstMessages({ valor: 0, qtd_parcelas: 2 })).toEqual({ valor: 'É obrigatório informar o valor da venda' });
  });

  it('keeps the count within 2..12 and the value a money amount', () => {
    expect(firstMessages({ valor: 100, qtd_parcelas: 1 })).toEqual({ qtd_parcelas: 'A quantidade de parcelas deve ser de 2 a 12.' });
    expect(firstMessages({ valor: 100, qtd_parcelas: 13 })).toEqual({ qtd_parcelas: 'A quantidade de parcelas deve ser de 2 a 12.' });
    expect(firstMessages({ valor: 100, qtd_parcelas: 2.5 })).toEqual({ qtd_parcelas: 'A quantidade de parcelas deve ser de 2 a 12.' });
    expect(firstMessages({ valor: 'abc', qtd_parcelas: 2 })).toEqual({ valor: 'Informe um valor válido!' });
    expect(firstMessages({ valor: 1.234, qtd_parcelas: 2 })).toEqual({ valor: 'Informe um valor válido!' });
    expect(firstMessages({ valor: -5, qtd_parcelas: 2 })).toEqual({ valor: 'Informe um valor válido!' });
  });
});
