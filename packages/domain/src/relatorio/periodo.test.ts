import { describe, expect, it } from 'vitest';
import { inicioDoMes, mesAnoTexto, mesAtual, mesesAte, relatorioAnos, relatorioPeriodoSchema, somaMeses } from './periodo.js';

describe('report month helpers', () => {
  it('offers the years from 2019 to the current one, newest first', () => {
    expect(relatorioAnos('2025-03-10')).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019]);
    expect(relatorioAnos('2019-01-01')).toEqual([2019]);
  });

  it('defaults to the current São Paulo month', () => {
    expect(mesAtual('2025-12-31')).toEqual({ mes: 12, ano: 2025 });
  });

  it('walks months across year boundaries', () => {
    expect(somaMeses({ mes: 1, ano: 2025 }, -1)).toEqual({ mes: 12, ano: 2024 });
    expect(somaMeses({ mes: 12, ano: 2024 }, 1)).toEqual({ mes: 1, ano: 2025 });
    expect(somaMeses({ mes: 3, ano: 2025 }, -14)).toEqual({ mes: 1, ano: 2024 });
    expect(mesesAte({ mes: 2, ano: 2025 }, 3)).toEqual([{ mes: 12, ano: 2024 }, { mes: 1, ano: 2025 }, { mes: 2, ano: 2025 }]);
    expect(inicioDoMes({ mes: 3, ano: 2025 })).toBe('2025-03-01');
    expect(mesAnoTexto({ mes: 3, ano: 2025 })).toBe('03/2025');
  });

  it('parses mes and ano from a query, refusing months out of range and years before 2019 or in the future', () => {
    expect(relatorioPeriodoSchema.parse({ mes: '3', ano: '2025' })).toEqual({ mes: 3, ano: 2025 });
    const bad = relatorioPeriodoSchema.safeParse({ mes: '13', ano: '2018' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['mes', 'Informe um mês de 1 a 12.'],
      ['ano', 'Informe um ano de 2019 até o ano atual.'],
    ]);
    expect(relatorioPeriodoSchema.safeParse({ mes: 1, ano: mesAtual().ano + 1 }).success).toBe(false);
  });
});
