import { z } from 'zod';
import { todayInSaoPaulo, type IsoDate } from '../dates/calendar.js';
import { wholeNumberSchema, wireNumber } from '../schemas/common.js';

/**
 * The month of the Faturamento and Fechamento reports (spec §2 Reports, §9: years from 2019).
 * Months are calendar months in São Paulo; a month is the half-open range [first day, first day of
 * the next month).
 */
export const RELATORIO_PRIMEIRO_ANO = 2019;
/** The Faturamento chart shows the chosen month and the eleven before it. */
export const RELATORIO_MESES_GRAFICO = 12;

export const MESES_NOMES = [
  'Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho',
  'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro',
] as const;

export type MesAno = { mes: number; ano: number };

export const RELATORIO_MSG = {
  mesInvalido: 'Informe um mês de 1 a 12.',
  anoInvalido: `Informe um ano de ${RELATORIO_PRIMEIRO_ANO} até o ano atual.`,
} as const;

/** The years a report offers: 2019 up to the current year, newest first. */
export function relatorioAnos(today: IsoDate = todayInSaoPaulo()): number[] {
  const current = Number(today.slice(0, 4));
  return Array.from({ length: Math.max(1, current - RELATORIO_PRIMEIRO_ANO + 1) }, (_, i) => current - i);
}

/** The current month in São Paulo: the reports' default. */
export function mesAtual(today: IsoDate = todayInSaoPaulo()): MesAno {
  return { mes: Number(today.slice(5, 7)), ano: Number(today.slice(0, 4)) };
}

/** First day of the month, 'YYYY-MM-01'. */
export function inicioDoMes({ mes, ano }: MesAno): IsoDate {
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-01`;
}

/** The month n months away (negative: before). */
export function somaMeses({ mes, ano }: MesAno, n: number): MesAno {
  const index = ano * 12 + (mes - 1) + n;
  return { mes: (index % 12) + 1, ano: Math.floor(index / 12) };
}

/** The `count` months ending at `last`, oldest first (the chart's x axis). */
export function mesesAte(last: MesAno, count: number): MesAno[] {
  return Array.from({ length: count }, (_, i) => somaMeses(last, i - count + 1));
}

/** "03/2025". */
export function mesAnoTexto({ mes, ano }: MesAno): string {
  return `${String(mes).padStart(2, '0')}/${ano}`;
}

const mes = wholeNumberSchema(RELATORIO_MSG.mesInvalido, { min: 1, max: 12 });
// the upper bound is read when a request is parsed, so the schema never freezes the year it was loaded in
const ano = wireNumber(
  z
    .number({ error: RELATORIO_MSG.anoInvalido })
    .int(RELATORIO_MSG.anoInvalido)
    .min(RELATORIO_PRIMEIRO_ANO, RELATORIO_MSG.anoInvalido)
    .refine((a) => a <= mesAtual().ano, RELATORIO_MSG.anoInvalido),
  RELATORIO_MSG.anoInvalido,
);

/** `mes` and `ano` of the report calls (query strings). */
export const relatorioPeriodoSchema = z.object({ mes, ano });
