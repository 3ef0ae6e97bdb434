import { Grid, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { fillFromFirst, padParcela, resizeTitulos, sumCents, toCents, formatBRL } from '@bg/domain';
import { DateField, MoneyInput } from '../../../components';
import type { WizardForm } from './wizard-form';

export interface StepSolicitacaoProps {
  form: WizardForm;
  /** The Loja's qtd_max_parcelas: the count runs from 2 to it (spec §5). */
  maxParcelas: number;
}

/** DADOS DA SOLICITAÇÃO: instalment count, then each instalment's value and due date. */
export function StepSolicitacao({ form, maxParcelas }: StepSolicitacaoProps) {
  const values = form.getValues();
  const options = Array.from({ length: Math.max(1, maxParcelas - 1) }, (_, i) => String(i + 2));
  const total = (() => {
    try {
      return formatBRL(sumCents(values.titulos.map((t) => (t.valor == null ? 0 : toCents(t.valor)))));
    } catch {
      return '';
    }
  })();

  const setCount = (v: string | null) => {
    if (!v) return;
    form.setFieldValue('qtd_titulos', v);
    form.setFieldValue('titulos', fillFromFirst(resizeTitulos(form.getValues().titulos, Number(v))));
  };
  // Spec §4: leaving instalment 1's due date fills the others (packages/domain fillFromFirst).
  const autoFill = () => form.setFieldValue('titulos', fillFromFirst(form.getValues().titulos));

  return (
    <Stack>
      <Select
        label="Quantidade de parcelas"
        data={options}
        allowDeselect={false}
        maw={220}
        withAsterisk
        {...form.getInputProps('qtd_titulos')}
        onChange={setCount}
      />
      {form.errors.titulos && (
        <Text c="red" size="sm" role="alert">
          {form.errors.titulos}
        </Text>
      )}
      <Paper withBorder p="sm">
        <Stack gap="xs">
          {values.titulos.map((t, i) => (
            <Grid key={t.parcela} align="flex-start" data-testid={`parcela-${padParcela(t.parcela)}`}>
              <Grid.Col span={{ base: 12, sm: 2 }}>
                <Text fw={600} mt={{ base: 0, sm: 30 }}>
                  Parcela {padParcela(t.parcela)}
                </Text>
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 5 }}>
                <MoneyInput label={`Valor da parcela ${padParcela(t.parcela)}`} withAsterisk {...form.getInputProps(`titulos.${i}.valor`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 5 }}>
                <DateField
                  label={`Vencimento da parcela ${padParcela(t.parcela)}`}
                  withAsterisk
                  {...form.getInputProps(`titulos.${i}.vencimento`)}
                  value={t.vencimento ?? ''}
                  onChange={(v) => form.setFieldValue(`titulos.${i}.vencimento`, v || null)}
                  onBlur={i === 0 ? autoFill : undefined}
                />
              </Grid.Col>
            </Grid>
          ))}
          <Group justify="flex-end">
            <Text fw={600}>Total: {total}</Text>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
