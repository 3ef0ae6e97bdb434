import { addDays, isIsoDate, type IsoDate } from './calendar.js';

/**
 * Brazilian business days (dias úteis bancários): Monday to Friday except the national holidays
 * on which banks close. Used for legal deadlines such as the exclusion of an SPC record within
 * five business days of payment (STJ Súmula 548). Regional holidays (state or city) are not
 * counted: a deadline computed here is never later than one that counted them too.
 *
 * - Fixed: 01/01 Confraternização Universal, 21/04 Tiradentes, 01/05 Dia do Trabalho,
 *   07/09 Independência, 12/10 Nossa Senhora Aparecida, 02/11 Finados, 15/11 Proclamação da
 *   República, 20/11 Consciência Negra (national from 2024, Lei 14.759/2023), 25/12 Natal.
 * - From Easter: Carnaval Monday and Tuesday (Easter − 48 and − 47), Sexta-feira Santa (− 2) and
 *   Corpus Christi (+ 60). Carnaval and Corpus Christi are "pontos facultativos" for the civil
 *   service but banks do not open (FEBRABAN calendar), so they are not business days here.
 */
const FIXED: readonly [month: number, day: number, fromYear?: number][] = [
  [1, 1], [4, 21], [5, 1], [9, 7], [10, 12], [11, 2], [11, 15], [11, 20, 2024], [12, 25],
];

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`Ano inválido: ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const cache = new Map<number, ReadonlySet<IsoDate>>();

/** The national bank holidays of a year, as 'YYYY-MM-DD'. */
export function nationalHolidays(year: number): ReadonlySet<IsoDate> {
  const hit = cache.get(year);
  if (hit) return hit;
  const easter = easterSunday(year);
  const days = new Set<IsoDate>();
  for (const [month, day, fromYear] of FIXED) {
    if (fromYear === undefined || year >= fromYear) days.add(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  for (const offset of [-48, -47, -2, 60]) days.add(addDays(easter, offset));
  cache.set(year, days);
  return days;
}

function dayOfWeek(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isBusinessDay(date: IsoDate): boolean {
  if (!isIsoDate(date)) throw new RangeError(`Data inválida: ${date}`);
  const dow = dayOfWeek(date);
  if (dow === 0 || dow === 6) return false;
  return !nationalHolidays(Number(date.slice(0, 4))).has(date);
}

/**
 * The date n business days after `date` (the start day itself is not counted, as legal deadlines
 * are: paid on a Friday, 5 business days end on the next Friday). n = 0 answers `date` when it is a
 * business day, else the next business day.
 */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  if (!isIsoDate(date)) throw new RangeError(`Data inválida: ${date}`);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Quantidade de dias úteis inválida: ${n}`);
  let current = date;
  if (n === 0) {
    while (!isBusinessDay(current)) current = addDays(current, 1);
    return current;
  }
  let left = n;
  while (left > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left--;
  }
  return current;
}
