import { Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { agendamentoSchema, todayInSaoPaulo } from '@bg/domain';
import { DateField, FormActions } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { cobrancaApi, type AgendamentoRequest } from '../api/cobranca';
import { cobrancaKeys } from '../api/cobranca-queries';

/** "Novo agendamento" of the Agendamento tab: data and descrição, both required (spec §5 Note). */
export function NovoAgendamentoForm({ pessoaId }: { pessoaId: number }) {
  const form = useForm<AgendamentoRequest>({
    initialValues: { pessoa_id: pessoaId, data: todayInSaoPaulo(), descricao: '' },
    validate: zodValidate(agendamentoSchema),
  });
  const salvar = useSubmit((values: AgendamentoRequest) => cobrancaApi.criarAgendamento(values), {
    form,
    invalidate: [cobrancaKeys.agendamentos],
    onSuccess: () => form.setValues({ pessoa_id: pessoaId, data: todayInSaoPaulo(), descricao: '' }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-label="Novo agendamento">
      <form onSubmit={form.onSubmit((values) => void salvar.run(values))} noValidate>
        <Stack gap="sm">
          <Title order={5}>Novo agendamento</Title>
          <Group align="flex-start">
            <DateField label="Data" required w={180} {...form.getInputProps('data')} />
            <Textarea label="Descrição" required autosize minRows={2} style={{ flex: 1 }} {...form.getInputProps('descricao')} />
          </Group>
          <FormActions submitLabel="Salvar" loading={salvar.busy} />
        </Stack>
      </form>
    </Paper>
  );
}
