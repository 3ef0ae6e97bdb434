import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@bg/domain';
import { useState } from 'react';
import { renderWithProviders } from '../test/render';
import { DateField } from './DateField';

function Harness({ onValue, initial = '2026-11-22' }: { onValue(v: string): void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Vencimento"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows dd/mm/aaaa and answers YYYY-MM-DD', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Vencimento');
    expect(input).toHaveValue('22/11/2026');
    fireEvent.input(input, { target: { value: '05/01/2027' } });
    expect(onValue).toHaveBeenLastCalledWith('2027-01-05');
  });
  it('never answers a date for text that is not one (nor keeps the previous date)', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    fireEvent.input(screen.getByLabelText('Vencimento'), { target: { value: '31/02/2027' } });
    // the text as typed: the domain's date schema refuses it with MSG.dateInvalid
    expect(onValue).toHaveBeenLastCalledWith('31/02/2027');
    expect(screen.getByText(MSG.dateInvalid)).toBeInTheDocument();
  });

  it('masks typed digits as dd/mm/aaaa (15031985 is 15/03/1985, not cleared)', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} initial="" />);
    const input = screen.getByLabelText('Vencimento');
    await userEvent.type(input, '15031985');
    expect(input).toHaveValue('15/03/1985');
    await userEvent.tab();
    expect(input).toHaveValue('15/03/1985');
    expect(onValue).toHaveBeenLastCalledWith('1985-03-15');
    expect(screen.queryByText(MSG.dateInvalid)).not.toBeInTheDocument();
  });

  it('says so when the typed date is not a real date', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} initial="" />);
    const input = screen.getByLabelText('Vencimento');
    await userEvent.type(input, '31022027');
    await userEvent.tab();
    expect(input).toHaveValue('31/02/2027');
    expect(screen.getByText(MSG.dateInvalid)).toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith('31/02/2027');
  });
});
