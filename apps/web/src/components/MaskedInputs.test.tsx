import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { renderWithProviders } from '../test/render';
import { DocumentInput, type DocumentInputKind } from './DocumentInput';
import { PhoneInput } from './PhoneInput';
import { CepField } from './CepField';
import { MoneyInput } from './MoneyInput';

function ControlledDocument({ kind, onValue }: { kind?: DocumentInputKind; onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DocumentInput
      label="CPF/CNPJ"
      kind={kind}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('DocumentInput', () => {
  it('masks typed digits as CPF, then as CNPJ', async () => {
    const onValue = vi.fn();
    renderWithProviders(<ControlledDocument onValue={onValue} />);
    const input = screen.getByLabelText('CPF/CNPJ');
    await userEvent.type(input, '12345678901');
    expect(input).toHaveValue('123.456.789-01');
    expect(onValue).toHaveBeenLastCalledWith('123.456.789-01');
    await userEvent.type(input, '234');
    expect(input).toHaveValue('12.345.678/9012-34');
    expect(onValue).toHaveBeenLastCalledWith('12.345.678/9012-34');
  });

  it('kind="cnpj" uses only the CNPJ mask; kind="cpf" stops at 11 digits', async () => {
    renderWithProviders(
      <>
        <ControlledDocument kind="cnpj" />
        <DocumentInput label="CPF" kind="cpf" />
      </>,
    );
    const [cnpj] = screen.getAllByLabelText('CPF/CNPJ');
    await userEvent.type(cnpj, '123456');
    expect(cnpj).toHaveValue('12.345.6');
    const cpf = screen.getByLabelText('CPF');
    await userEvent.type(cpf, '123456789012345');
    expect(cpf).toHaveValue('123.456.789-01');
  });

  it('works with @mantine/form getInputProps and shows the error', async () => {
    let values: Record<string, string> = {};
    function Form() {
      const form = useForm({ initialValues: { cnpj: '' }, validate: { cnpj: (v) => (v ? null : 'Campo obrigatório') } });
      // eslint-disable-next-line react-hooks/globals -- test probe: the form's values as last rendered
      values = form.getValues();
      return (
        <form noValidate onSubmit={form.onSubmit(() => {})}>
          <DocumentInput kind="cnpj" label="CNPJ" required {...form.getInputProps('cnpj')} />
          <button type="submit">Salvar</button>
        </form>
      );
    }
    renderWithProviders(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Campo obrigatório')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/CNPJ/), '11222333000181');
    expect(values.cnpj).toBe('11.222.333/0001-81');
  });

  it('formats a value loaded as digits and exposes the DOM input through ref', () => {
    const ref = createRef<HTMLInputElement>();
    renderWithProviders(<DocumentInput ref={ref} label="Doc" value="11222333000181" onChange={() => {}} />);
    expect(screen.getByLabelText('Doc')).toHaveValue('11.222.333/0001-81');
    expect(ref.current).toBe(screen.getByLabelText('Doc'));
  });
});

function ControlledPhone({ allowSpace }: { allowSpace?: boolean }) {
  const [value, setValue] = useState('');
  return <PhoneInput label="Telefone" allowSpace={allowSpace} value={value} onChange={setValue} />;
}

describe('PhoneInput', () => {
  it('masks an 8-digit number', async () => {
    renderWithProviders(<ControlledPhone />);
    const input = screen.getByLabelText('Telefone');
    await userEvent.type(input, '1133334444');
    expect(input).toHaveValue('(11)3333-4444');
  });

  it('masks a 9-digit number', async () => {
    renderWithProviders(<ControlledPhone />);
    const input = screen.getByLabelText('Telefone');
    await userEvent.type(input, '11987654321');
    expect(input).toHaveValue('(11)98765-4321');
  });

  it('with allowSpace accepts a space after the area code, and still works without it', async () => {
    renderWithProviders(<ControlledPhone allowSpace />);
    const input = screen.getByLabelText('Telefone');
    await userEvent.type(input, '(11) 98765-4321');
    expect(input).toHaveValue('(11) 98765-4321');
    await userEvent.clear(input);
    await userEvent.type(input, '1133334444');
    expect(input).toHaveValue('(11)3333-4444');
  });
});

describe('CepField', () => {
  it('masks #####-### and calls onBlur', async () => {
    const onBlur = vi.fn();
    function Cep() {
      const [value, setValue] = useState('');
      return <CepField value={value} onChange={setValue} onBlur={onBlur} />;
    }
    renderWithProviders(<Cep />);
    const input = screen.getByLabelText('CEP');
    await userEvent.type(input, '01310100');
    expect(input).toHaveValue('01310-100');
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalled();
  });
});

describe('MoneyInput', () => {
  it('shows R$ with pt-BR separators and reports a number', async () => {
    const onChange = vi.fn();
    function Money() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <MoneyInput
          label="Valor"
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      );
    }
    renderWithProviders(<Money />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '1234,5');
    expect(onChange).toHaveBeenLastCalledWith(1234.5);
    await userEvent.tab();
    expect(input).toHaveValue('R$ 1.234,50');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
