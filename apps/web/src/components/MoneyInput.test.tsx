import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { renderWithProviders } from '../test/render';
import { MoneyInput } from './MoneyInput';

function Controlled({ onValue, max, initial = null }: { onValue?: (v: number | null) => void; max?: number; initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput
        label="Valor"
        max={max}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <button type="button" onClick={() => setValue(250.5)}>
        Preencher
      </button>
    </>
  );
}

function setup(props: { max?: number; initial?: number | null } = {}) {
  const onValue = vi.fn();
  renderWithProviders(<Controlled onValue={onValue} {...props} />);
  return { input: screen.getByLabelText('Valor'), onValue };
}

describe('MoneyInput', () => {
  it('reads 1.000,00 typed key by key as one thousand reais, never the dot as a decimal point', async () => {
    const { input, onValue } = setup();
    await userEvent.type(input, '1.000,00');
    expect(input).toHaveValue('R$ 1.000,00');
    expect(onValue).toHaveBeenLastCalledWith(1000);
  });

  it.each([
    ['1000,00', 1000, 'R$ 1.000,00'],
    ['1000', 1000, 'R$ 1.000,00'],
    ['1.234.567,89', 1234567.89, 'R$ 1.234.567,89'],
    ['5.000,00', 5000, 'R$ 5.000,00'],
    ['0,07', 0.07, 'R$ 0,07'],
  ])('types %s → %d, shown as %s after leaving the field', async (typed, expected, shown) => {
    const { input, onValue } = setup();
    await userEvent.type(input, typed);
    expect(onValue).toHaveBeenLastCalledWith(expected);
    await userEvent.tab();
    expect(input).toHaveValue(shown);
  });

  it('formats as it types: R$ and thousands dots appear while typing digits', async () => {
    const { input } = setup();
    await userEvent.type(input, '1234');
    expect(input).toHaveValue('R$ 1.234');
  });

  it.each([
    ['R$ 1.000,00', 1000],
    ['1000.50', 1000.5],
    ['1.000', 1000],
  ])('accepts a pasted %s', async (pasted, expected) => {
    const { input, onValue } = setup();
    await userEvent.click(input);
    await userEvent.paste(pasted);
    expect(onValue).toHaveBeenLastCalledWith(expected);
    expect(input).toHaveValue(expected === 1000 ? 'R$ 1.000,00' : 'R$ 1.000,50');
  });

  it('refuses a third decimal with a message and keeps the valid amount', async () => {
    const { input, onValue } = setup();
    await userEvent.type(input, '10,505');
    expect(input).toHaveValue('R$ 10,50');
    expect(onValue).toHaveBeenLastCalledWith(10.5);
    expect(screen.getByText('Use no máximo duas casas decimais.')).toBeInTheDocument();
  });

  it("refuses a value beyond the field's limit with a message", async () => {
    const { input, onValue } = setup({ max: 100 });
    await userEvent.type(input, '1000');
    expect(input).toHaveValue('R$ 100');
    expect(onValue).toHaveBeenLastCalledWith(100);
    expect(screen.getByText('O valor máximo é R$ 100,00.')).toBeInTheDocument();
  });

  it('refuses letters and a minus sign', async () => {
    const { input, onValue } = setup();
    await userEvent.type(input, '-a');
    expect(input).toHaveValue('');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('shows a value set from outside and reports null when cleared', async () => {
    const { input, onValue } = setup({ initial: 1234.5 });
    expect(input).toHaveValue('R$ 1.234,50');
    await userEvent.click(screen.getByRole('button', { name: 'Preencher' }));
    expect(input).toHaveValue('R$ 250,50');
    await userEvent.clear(input);
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('edits in the middle keep the caret beside the digit typed', async () => {
    const { input } = setup({ initial: 1000 });
    const field = input as HTMLInputElement;
    await userEvent.click(field);
    // caret after "R$ 1" (position 4): typing 2 gives 12.000,00 and the caret stays after the 2
    field.setSelectionRange(4, 4);
    await userEvent.keyboard('2');
    expect(field).toHaveValue('R$ 12.000,00');
    expect(field.selectionStart).toBe(5);
  });

  it('works with @mantine/form getInputProps and shows the form error', async () => {
    let values: { valor: number | null } = { valor: null };
    function Form() {
      const form = useForm<{ valor: number | null }>({ initialValues: { valor: null }, validate: { valor: (v) => (v ? null : 'Campo obrigatório') } });
      // eslint-disable-next-line react-hooks/globals -- test probe: the form's values as last rendered
      values = form.getValues();
      return (
        <form noValidate onSubmit={form.onSubmit(() => {})}>
          <MoneyInput label="Valor da parcela" {...form.getInputProps('valor')} />
          <button type="submit">Salvar</button>
        </form>
      );
    }
    renderWithProviders(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Campo obrigatório')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Valor da parcela'), '1.000,00');
    expect(values.valor).toBe(1000);
  });
});
