import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { renderWithProviders } from '../../../test/render';
import { EmpresaTermsFields } from './EmpresaTermsFields';
import { emptyEmpresaValues, type EmpresaFormValues } from './empresa-form-values';

let values: EmpresaFormValues = emptyEmpresaValues();

function Harness() {
  const form = useForm<EmpresaFormValues>({ mode: 'controlled', initialValues: emptyEmpresaValues() });
  // eslint-disable-next-line react-hooks/globals -- test probe: the form's values as last rendered
  values = form.getValues();
  return <EmpresaTermsFields form={form} editable />;
}

describe('Condições comerciais: money typed as Brazilians type it (issue 25)', () => {
  it.each([
    ['Valor da consulta', 'valor_consulta'],
    ['Mensalidade', 'mensalidade'],
    ['Limite por CPF/CNPJ', 'limite_cpf_cnpj'],
    ['Limite por boleto', 'limite_boleto'],
  ] as const)('%s typed as 1.000,00 is one thousand reais', async (label, field) => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    await userEvent.type(input, '1.000,00');
    expect(input).toHaveValue('R$ 1.000,00');
    expect(values[field]).toBe(1000);
  });
});
