import { Button, Grid, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { formatPhone, telefoneSchema } from '@bg/domain';
import { DataTable, DateText, InlineForm, PhoneInput } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { pessoaKeys, telefonesQuery } from '../api/pessoa-queries';
import { pessoasApi, type PessoaRow, type Telefone } from '../api/pessoas';

/** The people list's Telefones modal: add a phone with its contato, list, remove. */
export function TelefonesModal({ pessoa, onClose }: { pessoa: PessoaRow | null; onClose: () => void }) {
  const pessoaId = pessoa?.id ?? 0;
  const query = useQuery({ ...telefonesQuery(pessoaId), enabled: pessoa !== null });
  const form = useForm({ initialValues: { pessoa_id: pessoaId, telefone: '', contato: '' }, validate: zodValidate(telefoneSchema) });
  const invalidate = [pessoaKeys.telefones(pessoaId)];
  // phones are added and removed in place: the list itself is the confirmation, no result dialog
  const add = useSubmit((values: typeof form.values) => pessoasApi.adicionaTelefone({ ...values, pessoa_id: pessoaId }), {
    form,
    invalidate,
    result: false,
    onSuccess: () => form.reset(),
  });
  const remove = useSubmit((t: Telefone) => pessoasApi.deletaTelefone(t.id), {
    confirm: (t) => ({ title: 'Remover telefone', text: `Remover o telefone ${formatPhone(t.telefone)}?`, confirmLabel: 'Remover', confirmColor: 'red' }),
    invalidate,
    result: false,
  });

  return (
    <Modal opened={pessoa !== null} onClose={onClose} title={`Telefones — ${pessoa?.nome_razao ?? ''}`} size="xl">
      <Stack>
        <InlineForm onSubmit={form.onSubmit((values) => add.run(values))} loading={add.busy} actionSpan={3}>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PhoneInput label="Telefone" allowSpace withAsterisk {...form.getInputProps('telefone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label="Contato" withAsterisk maxLength={100} {...form.getInputProps('contato')} />
          </Grid.Col>
        </InlineForm>
        <DataTable<Telefone>
          caption="Telefones"
          rows={query.data ?? []}
          loading={query.isFetching}
          rowKey={(r) => r.id}
          columns={[
            { key: 'id', header: 'ID' },
            { key: 'telefone', header: 'Telefone', kind: 'document', render: (r) => formatPhone(r.telefone) },
            { key: 'contato', header: 'Contato' },
            { key: 'created_at', header: 'Cadastrado em', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
            { key: 'acao', header: 'Ação', kind: 'actions', render: (r) => <Button size="xs" color="red" variant="light" onClick={() => void remove.run(r)}>Remover</Button> },
          ]}
        />
      </Stack>
    </Modal>
  );
}
