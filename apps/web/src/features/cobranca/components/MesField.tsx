import { MonthPickerInput, type MonthPickerInputProps } from '@mantine/dates';

export type MesFieldProps = Omit<MonthPickerInputProps, 'value' | 'onChange' | 'valueFormat' | 'type'> & {
  /** 'YYYY-MM', or '' for none. */
  value: string;
  onChange: (mes: string) => void;
};

/** A month as mm/aaaa on screen and 'YYYY-MM' in the filters (Agendamentos, Acordos). */
export function MesField({ value, onChange, ...others }: MesFieldProps) {
  return (
    <MonthPickerInput
      valueFormat="MM/YYYY"
      placeholder="mm/aaaa"
      {...others}
      value={value ? `${value}-01` : null}
      onChange={(next) => onChange(next ? String(next).slice(0, 7) : '')}
    />
  );
}
