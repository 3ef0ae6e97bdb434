import { useState, type FocusEvent } from 'react';
import { ActionIcon, Popover } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { DatePicker } from '@mantine/dates';
import { formatDateBR, isIsoDate, MSG, parseDateBR } from '@bg/domain';
import { MaskedInput, type MaskedFieldProps } from './MaskedInput';

/** Spec §5 style mask for dates: ##/##/####. Module-level so IMask keeps one model. */
const DATE_MASK = '00/00/0000';

export type DateFieldProps = Omit<MaskedFieldProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** 'YYYY-MM-DD', or empty (what the form holds; see onChange for text that is not a date yet). */
  value?: string | null;
  defaultValue?: string | null;
  /**
   * Answers 'YYYY-MM-DD' once the text is a real date, '' when cleared, and otherwise the text as
   * typed ("15/03", "31/02/2027"): the domain's date schemas refuse it with MSG.dateInvalid, so a
   * half-typed date never passes for the previous one or for an empty field.
   */
  onChange?: (value: string) => void;
  /** Limits of the calendar (typed dates are checked by the form's schema). */
  minDate?: string | Date;
  maxDate?: string | Date;
};

/** The date on screen for a form value: dd/mm/aaaa for a date, the typed text otherwise. */
const toText = (value: string) => (isIsoDate(value) ? formatDateBR(value) : value);
/** The form value for the masked text. */
const toValue = (text: string) => (text === '' ? '' : (parseDateBR(text) ?? text));
const toIso = (d: string | Date | undefined) => (d instanceof Date ? d.toISOString().slice(0, 10) : d);

/**
 * The one date field of the app: typed as dd/mm/aaaa through the same IMask as the other masked
 * inputs (15031985 becomes 15/03/1985), whatever the browser's language, with a pt-BR calendar
 * beside it; the form value stays the API's 'YYYY-MM-DD'. Text that is not a real date says
 * "Informe uma data válida!" as soon as it is complete or the field is left.
 */
export function DateField({ value, defaultValue, onChange, onBlur, error, minDate, maxDate, placeholder = 'dd/mm/aaaa', disabled, readOnly, ...others }: DateFieldProps) {
  const [current, setCurrent] = useUncontrolled<string>({
    value: value === null ? '' : value,
    defaultValue: defaultValue ?? undefined,
    finalValue: '',
    onChange,
  });
  const [invalid, setInvalid] = useState(false);
  const [calendar, setCalendar] = useState(false);
  const text = toText(current);

  const change = (masked: string) => {
    const next = toValue(masked);
    // complete but not a real date (31/02/2027): say so now; while typing, wait for the blur
    setInvalid(masked.length === DATE_MASK.length && !isIsoDate(next));
    setCurrent(next);
  };

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    setInvalid(current !== '' && !isIsoDate(current));
    onBlur?.(event);
  };

  const calendarButton = !disabled && !readOnly && (
    <Popover opened={calendar} onChange={setCalendar} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Abrir calendário" onClick={() => setCalendar((o) => !o)}>
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={isIsoDate(current) ? current : null}
          defaultDate={isIsoDate(current) ? current : undefined}
          minDate={toIso(minDate)}
          maxDate={toIso(maxDate)}
          onChange={(picked) => {
            setInvalid(false);
            setCurrent(picked ?? '');
            setCalendar(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <MaskedInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      rightSection={calendarButton || undefined}
      rightSectionPointerEvents="all"
      {...others}
      mask={DATE_MASK}
      value={text}
      onChange={change}
      onBlur={blur}
      error={invalid ? MSG.dateInvalid : error}
    />
  );
}

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </svg>
  );
}
