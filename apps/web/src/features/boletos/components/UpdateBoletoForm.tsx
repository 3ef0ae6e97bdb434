import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { acertoAtendimentoSchema, todayInSaoPaulo, ultimoVencimentoAceito } from '@bg/domain';
import { DateField, FormActions, MoneyInput } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { updateBoleto, type BoletoRow } from '../api/boletos';

/** "update": new due date and value; the result dialog closes after 1 s (spec §9). */
export function UpdateBoletoForm({ row, onDone, onCancel }: { row: BoletoRow; onDone: () => void; onCancel: () => void }) {
  const form = useForm<{ vencimento: string; valor: number | null }>({
    initialValues: { vencimento: row.vencimento, valor: row.valor },
    // the API's own schema (HOUSE-STYLE: forms validate with the zod schema the server parses with);
    // the values are unvalidated input (valor may be empty), so the validator takes them as unknown
    validate: zodValidate<unknown>(acertoAtendimentoSchema),
  });
  // spec §9: the result dialog closes 1 s after a slip update (the error dialog too)
  const save = useSubmit((values: typeof form.values) => updateBoleto(row.id, { vencimento: values.vencimento, valor: Number(values.valor) }), {
    form,
    result: { autoCloseMs: 1000 },
    onSuccess: onDone,
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
      <Stack>
        <DateField label="Vencimento" withAsterisk minDate={todayInSaoPaulo()} maxDate={ultimoVencimentoAceito(todayInSaoPaulo())} {...form.getInputProps('vencimento')} />
        {/* an advanced boleto keeps its value (decision 109): the server refuses a change too */}
        <MoneyInput
          label="Valor"
          withAsterisk
          disabled={row.antecipacao !== null}
          description={row.antecipacao ? `Antecipado à loja (antecipação nº ${row.antecipacao.id}): o valor não pode ser alterado.` : undefined}
          {...form.getInputProps('valor')}
        />
        <FormActions cancelLabel="Fechar" onCancel={onCancel} submitLabel="Confirmar" loading={save.busy} />
      </Stack>
    </form>
  );
}
