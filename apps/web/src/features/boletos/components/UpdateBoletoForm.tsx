import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { acertoAtendimentoSchema } from '@bg/domain';
import { DateField, MoneyInput, showResult } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerErrors, zodValidate } from '../../../lib/zod-form';
import { updateBoleto, type BoletoRow } from '../api/boletos';

/** "update": new due date and value; the result dialog closes after 1 s (spec §9). */
export function UpdateBoletoForm({ row, onDone, onCancel }: { row: BoletoRow; onDone: () => void; onCancel: () => void }) {
  const form = useForm<{ vencimento: string; valor: number | null }>({
    initialValues: { vencimento: row.vencimento, valor: row.valor },
    // the API's own schema (HOUSE-STYLE: forms validate with the zod schema the server parses with);
    // the values are unvalidated input (valor may be empty), so the validator takes them as unknown
    validate: zodValidate<unknown>(acertoAtendimentoSchema),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const res = await updateBoleto(row.id, { vencimento: values.vencimento, valor: Number(values.valor) });
      showResult(res, { autoCloseMs: 1000 });
      onDone();
    } catch (err) {
      if (err instanceof ApiError) applyServerErrors(form, err.errors);
      showResult({ status: err instanceof ApiError ? err.status : 0, msg: errorMessage(err) }, { autoCloseMs: 1000 });
    }
  });
  return (
    <form onSubmit={submit}>
      <Stack>
        <DateField label="Vencimento" withAsterisk {...form.getInputProps('vencimento')} />
        <MoneyInput label="Valor" withAsterisk {...form.getInputProps('valor')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Fechar</Button>
          <Button type="submit">Confirmar</Button>
        </Group>
      </Stack>
    </form>
  );
}
