import { formatDateBR, formatDateTimeBR } from '@bg/domain';

/**
 * 'YYYY-MM-DD' → 'dd/mm/aaaa'; with `withTime`, an ISO date-time → 'dd/mm/aaaa hh:mm' in São Paulo.
 * A full date-time shown without time (e.g. created_at in a "Data" column) is still converted to
 * São Paulo first: cutting the UTC text would show the next day for evening records.
 */
export function dateText(value: string | null | undefined, withTime = false): string {
  if (!value) return '';
  const isDateTime = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value);
  if (withTime) return formatDateTimeBR(isDateTime ? value : `${value}T00:00:00-03:00`);
  if (isDateTime) return formatDateTimeBR(value).slice(0, 10) || formatDateBR(value);
  return formatDateBR(value);
}

export interface DateTextProps {
  value: string | null | undefined;
  withTime?: boolean;
}

export function DateText({ value, withTime = false }: DateTextProps) {
  return <span style={{ whiteSpace: 'nowrap' }}>{dateText(value, withTime)}</span>;
}
