import { Grid, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { fillFromFirst, formatBRL, isIsoDate, padParcela, resizeTitulos, solicitaGarantiaSchema, sumCents, toCents, todayInSaoPaulo, ultimoVencimentoAceito, type TituloDraft } from '@bg/domain';
import { DateField, MoneyInput } from '../../../components';
import { zodValidate } from '../../../lib/zod-form';
import { pickErrors, type WizardForm } from './wizard-form';

const SOLICITACAO_KEYS = ['qtd_titulos', 'titulos'] as const;

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

  /**
   * Sets the instalments the program filled. Once "Enviar Dados" has marked errors, the messages
   * of this step are computed again from the schema: a field filled here loses its "Campo
   * obrigatório", one still wrong keeps (or gets) its message.
   */
  const setTitulos = (titulos: TituloDraft[]) => {
    form.setFieldValue('titulos', titulos);
    const shown = Object.keys(form.errors);
    if (!shown.some((k) => SOLICITACAO_KEYS.some((key) => k === key || k.startsWith(`${key}.`)))) return;
    const others = Object.fromEntries(Object.entries(form.errors).filter(([k]) => !(SOLICITACAO_KEYS as readonly string[]).includes(k.split('.')[0])));
    const fresh = pickErrors(zodValidate<unknown>(solicitaGarantiaSchema(maxParcelas))(form.getValues()), SOLICITACAO_KEYS);
    form.setErrors({ ...others, ...fresh });
  };
  const setCount = (v: string | null) => {
    if (!v) return;
    form.setFieldValue('qtd_titulos', v);
    setTitulos(fillFromFirst(resizeTitulos(form.getValues().titulos, Number(v))));
  };
  // Spec §4: leaving instalment 1's due date fills the others (packages/domain fillFromFirst),
  // once it is a real date (the field answers the typed text until then).
  const autoFill = () => {
    const titulos = form.getValues().titulos;
    if (isIsoDate(titulos[0]?.vencimento ?? '')) setTitulos(fillFromFirst(titulos));
  };

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
                  minDate={todayInSaoPaulo()}
                  maxDate={ultimoVencimentoAceito(todayInSaoPaulo())}
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
