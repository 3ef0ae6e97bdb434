import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../test/render';
import { DateField } from './DateField';

function Harness({ onValue }: { onValue(v: string): void }) {
  const [value, setValue] = useState('2026-11-22');
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
    fireEvent.change(input, { target: { value: '05/01/2027' } });
    expect(onValue).toHaveBeenLastCalledWith('2027-01-05');
  });
  it('ignores text that is not a real date', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    fireEvent.change(screen.getByLabelText('Vencimento'), { target: { value: '31/02/2027' } });
    expect(onValue).not.toHaveBeenCalled();
  });
});
