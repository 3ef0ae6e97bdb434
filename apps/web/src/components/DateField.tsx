import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDateBR } from '@bg/domain';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** 'YYYY-MM-DD', or empty. */
  value?: string | null;
  /** Answers 'YYYY-MM-DD', or '' when cleared. */
  onChange?: (value: string) => void;
};

/**
 * The one date field of the app: shows and accepts dd/mm/aaaa whatever the browser's language
 * (a native date input follows the browser locale), with a pt-BR calendar, while the form value
 * stays the API's 'YYYY-MM-DD'. Typed text becomes the value as soon as it is a real date.
 */
export function DateField({ value, onChange, placeholder = 'dd/mm/aaaa', ...others }: DateFieldProps) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => parseDateBR(text)}
      placeholder={placeholder}
      clearable
      {...others}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}
