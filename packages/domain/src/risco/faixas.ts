/**
 * Aging buckets of Resolução CMN 2.682/1999 (art. 4: days late per risk level; art. 6: minimum
 * provision per level), the defaults of the portfolio-risk screen's provision table (docs/risco.md).
 * AA: not late; A: 1–14 days; … H: over 180 days. The API's SQL twin is `risco_faixa(dias)`
 * (migration 0176); `faixaDeAtraso` must give the same answer.
 */
export const FAIXAS_RISCO = [
  { faixa: 'AA', dias_de: 0, dias_ate: 0, percentual: 0 },
  { faixa: 'A', dias_de: 1, dias_ate: 14, percentual: 0.5 },
  { faixa: 'B', dias_de: 15, dias_ate: 30, percentual: 1 },
  { faixa: 'C', dias_de: 31, dias_ate: 60, percentual: 3 },
  { faixa: 'D', dias_de: 61, dias_ate: 90, percentual: 10 },
  { faixa: 'E', dias_de: 91, dias_ate: 120, percentual: 30 },
  { faixa: 'F', dias_de: 121, dias_ate: 150, percentual: 50 },
  { faixa: 'G', dias_de: 151, dias_ate: 180, percentual: 70 },
  { faixa: 'H', dias_de: 181, dias_ate: null, percentual: 100 },
] as const;

export type FaixaRisco = (typeof FAIXAS_RISCO)[number]['faixa'];
export const FAIXA_LIST = FAIXAS_RISCO.map((f) => f.faixa) as [FaixaRisco, ...FaixaRisco[]];
/** Roll rates' destination for a boleto that left the book (paid, cancelled, replaced by an acordo). */
export const SAIU_DA_CARTEIRA = 'PG';

/** The bucket of a number of days late (0 or less: AA). */
export function faixaDeAtraso(dias: number): FaixaRisco {
  for (const f of FAIXAS_RISCO) if (f.dias_ate === null || dias <= f.dias_ate) return f.faixa;
  return 'H';
}

/** "1–14 dias", "mais de 180 dias", "em dia". */
export function faixaDescricao(faixa: FaixaRisco): string {
  const f = FAIXAS_RISCO.find((x) => x.faixa === faixa)!;
  if (f.dias_ate === 0) return 'em dia';
  if (f.dias_ate === null) return `mais de ${f.dias_de - 1} dias`;
  return `${f.dias_de}–${f.dias_ate} dias`;
}

/**
 * Provision of a value at a percentage, in centavos, rounded half up (the value in centavos, the
 * percentage with at most two decimals): Math.round on integers only.
 */
export function provisaoCentavos(valorCentavos: number, percentual: number): number {
  const basisPoints = Math.round(percentual * 100); // 0,5 % → 50
  return Math.floor((valorCentavos * basisPoints + 5000) / 10000);
}
