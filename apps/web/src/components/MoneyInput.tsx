import { NumberInput, type NumberInputProps } from '@mantine/core';

export interface MoneyInputProps extends Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Reais as the API sends them (a JSON number with at most two decimals); null/'' is empty. */
  value?: number | string | null;
  defaultValue?: number | string | null;
  /** The typed amount as a number (e.g. 1234.5), or null when the field is cleared. */
  onChange?: (value: number | null) => void;
}

/**
 * "R$ 1.234,56" while typing (spec §1: comma decimals, dot thousands). The value stays a number in
 * reais, the wire format; any arithmetic on it must go through toCents from @bg/domain.
 */
export function MoneyInput({ value, defaultValue, onChange, ...others }: MoneyInputProps) {
  return (
    <NumberInput
      prefix="R$ "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      fixedDecimalScale
      // Money is never negative here, and +/- steppers make no sense for amounts.
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...others}
      // Mantine's NumberInput controls with '' for "empty"; the form gets null instead so that
      // the zod schema answers "Campo obrigatório" rather than an invalid-number message.
      {...(value !== undefined ? { value: value ?? '' } : {})}
      {...(defaultValue !== undefined ? { defaultValue: defaultValue ?? '' } : {})}
      onChange={(next) => onChange?.(toNumberOrNull(next))}
    />
  );
}

function toNumberOrNull(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  // NumberInput hands back a string only for partial input such as "12," — keep what is parseable.
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : null;
}
