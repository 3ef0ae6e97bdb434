import { describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../dates/calendar.js';
import { settlementSimulationSchema } from './settlement-schema.js';

const today = todayInSaoPaulo();
const valid = { boletoIds: [3, '7'], qtdParcelas: '2', vencimentos: [today, addDays(today, 30)], valorEntrada: '150,50', desconto: '' };

function messages(input: unknown): Record<string, string> {
  const result = settlementSimulationSchema.safeParse(input);
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('settlement simulation schema', () => {
  it('parses the form into numbers in reais, desconto empty meaning 0', () => {
    expect(settlementSimulationSchema.parse(valid)).toEqual({
      boletoIds: [3, 7],
      qtdParcelas: 2,
      vencimentos: [today, addDays(today, 30)],
      valorEntrada: 150.5,
      desconto: 0,
    });
  });

  it('requires the instalment dates and the first-instalment value (spec §5)', () => {
    expect(messages({ ...valid, vencimentos: ['', addDays(today, 30)], valorEntrada: '' })).toEqual({
      'vencimentos.0': 'Campo obrigatório',
      valorEntrada: 'Campo obrigatório',
    });
    expect(messages({ ...valid, qtdParcelas: '' }).qtdParcelas).toBe('Campo obrigatório');
    expect(messages({ ...valid, valorEntrada: 0 }).valorEntrada).toBe('O valor da primeira parcela deve ser maior que zero.');
  });

  it('keeps the count within 1..10 and one increasing date per instalment, the first not in the past', () => {
    expect(messages({ ...valid, qtdParcelas: 11 }).qtdParcelas).toBe('O acordo deve ter de 1 a 10 parcelas.');
    expect(messages({ ...valid, qtdParcelas: 0 }).qtdParcelas).toBe('O acordo deve ter de 1 a 10 parcelas.');
    expect(messages({ ...valid, qtdParcelas: 3 }).vencimentos).toBe('Informe um vencimento para cada parcela.');
    expect(messages({ ...valid, vencimentos: [addDays(today, 30), today] })['vencimentos.1']).toBe(
      'Cada vencimento deve ser posterior ao da parcela anterior.',
    );
    expect(messages({ ...valid, vencimentos: [addDays(today, -1), today] })['vencimentos.0']).toBe(
      'O primeiro vencimento não pode ser anterior a hoje.',
    );
    expect(messages({ ...valid, vencimentos: ['2025-02-30', today] })['vencimentos.0']).toBe('Informe uma data válida!');
  });

  it('wants at least one boleto, each once, and a non-negative discount with at most two decimals', () => {
    expect(messages({ ...valid, boletoIds: [] }).boletoIds).toBe('Selecione ao menos um boleto pendente para o acordo.');
    expect(messages({ ...valid, boletoIds: [3, 3] }).boletoIds).toBe('O mesmo boleto foi informado mais de uma vez.');
    expect(messages({ ...valid, desconto: -1 }).desconto).toBe('Informe um valor válido!');
    expect(messages({ ...valid, desconto: 1.234 }).desconto).toBe('Informe um valor válido!');
  });
});
