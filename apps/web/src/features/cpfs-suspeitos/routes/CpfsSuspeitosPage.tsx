import { Button, Grid, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cpfSuspeitoSchema, formatCpfCnpj } from '@bg/domain';
import { DateText, DocumentInput, InlineForm, PagedTable, PageHeader, SearchBox } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { cpfSuspeitoKeys, useCpfsSuspeitosList } from '../api/cpf-suspeito-queries';
import { cpfsSuspeitosApi, type CpfSuspeito, type CpfSuspeitoBody } from '../api/cpfs-suspeitos';

/** Administração > CPFs Suspeitos: the list the guarantee document lookup refuses (status 900). */
export function CpfsSuspeitosPage() {
  const list = useCpfsSuspeitosList();
  const form = useForm({ initialValues: { cpf_cnpj: '', motivo: '' }, validate: zodValidate(cpfSuspeitoSchema) });
  const add = useSubmit((values: CpfSuspeitoBody) => cpfsSuspeitosApi.create(values), {
    form,
    invalidate: [cpfSuspeitoKeys.all],
    onSuccess: () => form.reset(),
  });
  const remove = useSubmit((row: CpfSuspeito) => cpfsSuspeitosApi.remove(row.id), {
    confirm: (row) => ({ title: 'Remover da lista', text: `Remover ${formatCpfCnpj(row.cpf_cnpj)} da lista de suspeitos?`, confirmLabel: 'Remover', confirmColor: 'red' }),
    invalidate: [cpfSuspeitoKeys.all],
  });

  return (
    <Stack>
      <PageHeader title="CPFs Suspeitos" />
      <Paper withBorder p="md">
        <InlineForm onSubmit={form.onSubmit((values) => add.run(values))} loading={add.busy}>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <DocumentInput label="CPF/CNPJ" withAsterisk {...form.getInputProps('cpf_cnpj')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput label="Motivo" withAsterisk maxLength={300} {...form.getInputProps('motivo')} />
          </Grid.Col>
        </InlineForm>
      </Paper>
      <SearchBox placeholder="Pesquisar por documento ou motivo" {...list.searchProps} />
      <PagedTable<CpfSuspeito>
        caption="CPFs Suspeitos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'motivo', header: 'Motivo' },
          { key: 'usuario', header: 'Incluído por', kind: 'name', render: (r) => r.usuario ?? '—' },
          { key: 'created_at', header: 'Data', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (r) => (
              <Button size="xs" variant="light" color="red" onClick={() => void remove.run(r)}>
                Remover
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
