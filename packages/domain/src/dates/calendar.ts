/**
 * Calendar dates as 'YYYY-MM-DD' strings in America/Sao_Paulo (DOMAIN.md): day counts are calendar
 * days between two dates, never hours. Arithmetic runs on UTC midnights so no DST shift leaks in.
 */
export type IsoDate = string;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function toUtc(date: IsoDate): number {
  const m = ISO.exec(date);
  if (!m || !isIsoDate(date)) throw new RangeError(`Data inválida: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

// Built once: creating an Intl.DateTimeFormat loads time-zone and locale data (about a
// millisecond each time), and list calls ask for today on every request, some per row.
const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
const SAO_PAULO_DATE_TIME_BR = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});

/** The calendar day of a moment in São Paulo, whatever the server's time zone. */
export function dayInSaoPaulo(moment: Date): IsoDate {
  return SAO_PAULO_DAY.format(moment);
}

/** Today's date in São Paulo, whatever the server's time zone. */
export function todayInSaoPaulo(now: Date = new Date()): IsoDate {
  return dayInSaoPaulo(now);
}

/** Calendar days from a to b (positive when b is later). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(date) + days * 86_400_000);
}

/**
 * Same day of month n months later; when that day does not exist (31 → February) it is the last
 * day of the shorter month.
 */
export function addMonthsClamped(date: IsoDate, months: number, dayOfMonth?: number): IsoDate {
  const m = ISO.exec(date);
  if (!m) throw new RangeError(`Data inválida: ${date}`);
  const day = dayOfMonth ?? Number(m[3]);
  const first = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return fromUtc(first.getTime());
}

/** 'YYYY-MM-DD' → 'dd/mm/aaaa'. */
export function formatDateBR(date: string | null | undefined): string {
  if (!date) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

/** ISO date-time → 'dd/mm/aaaa hh:mm' in São Paulo. */
export function formatDateTimeBR(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return SAO_PAULO_DATE_TIME_BR.format(d).replace(',', '');
}

/** 'dd/mm/aaaa' → 'YYYY-MM-DD' or null. */
export function parseDateBR(value: string): IsoDate | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}
