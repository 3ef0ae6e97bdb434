import { Grid, NumberInput, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MoneyInput } from '../../../components';
import type { EmpresaFormValues } from './empresa-form-values';

const SIM_NAO = [
  { value: 'N', label: 'Não' },
  { value: 'S', label: 'Sim' },
];

/**
 * Condições comerciais (DOMAIN.md Tenancy): editable by administradores only; others see them
 * read-only and the form never sends them.
 */
export function EmpresaTermsFields({ form, editable }: { form: UseFormReturnType<EmpresaFormValues>; editable: boolean }) {
  const disabled = !editable;
  const antecipa = form.getValues().antecipa;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <NumberInput label="Comissão do franqueado (%)" decimalScale={2} decimalSeparator="," min={0} max={100} disabled={disabled} {...form.getInputProps('comissao_franqueado')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <MoneyInput label="Limite por CPF/CNPJ" disabled={disabled} {...form.getInputProps('limite_cpf_cnpj')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <MoneyInput label="Limite por boleto" disabled={disabled} {...form.getInputProps('limite_boleto')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <NumberInput label="Qtd. máxima de parcelas" min={2} max={48} allowDecimal={false} disabled={disabled} {...form.getInputProps('qtd_max_parcelas')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <MoneyInput label="Valor da consulta" disabled={disabled} {...form.getInputProps('valor_consulta')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <MoneyInput label="Mensalidade" disabled={disabled} {...form.getInputProps('mensalidade')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <NumberInput label="Taxa pró-rata (% ao dia)" decimalScale={4} decimalSeparator="," min={0} disabled={disabled} {...form.getInputProps('taxa_prorrata')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Select label="Simula venda" data={SIM_NAO} allowDeselect={false} disabled={disabled} {...form.getInputProps('simula_venda')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Select label="Antecipa" data={SIM_NAO} allowDeselect={false} disabled={disabled} {...form.getInputProps('antecipa')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <NumberInput
          label="Taxa de antecipação (%)"
          decimalScale={4}
          decimalSeparator=","
          min={0}
          max={100}
          disabled={disabled || antecipa !== 'S'}
          {...form.getInputProps('taxa_antecipacao')}
        />
      </Grid.Col>
    </Grid>
  );
}
