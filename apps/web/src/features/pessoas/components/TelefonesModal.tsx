import { Button, Grid, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPhone, NIVEL, PESSOA_TELEFONE_MAX, telefoneSchema } from '@bg/domain';
import { DateText, InlineForm, PagedTable, PhoneInput } from '../../../components';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { pessoaKeys, useTelefonesList } from '../api/pessoa-queries';
import { pessoasApi, type PessoaRow, type Telefone } from '../api/pessoas';

/**
 * The people list's Telefones modal: add a phone with its contato, list (paged), remove. A shop
 * sees and changes its own view's phones only (decision 104); a franqueado also reads its
 * franchisees' and an administrador every view's, each marked by its Loja. An administrador adds to
 * the administradores' own view.
 */
export function TelefonesModal({ pessoa, onClose }: { pessoa: PessoaRow; onClose: () => void }) {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  // readers of more than one view see which Loja holds each phone
  const marked = admin || user.nivel === NIVEL.FRANQUEADO;
  const list = useTelefonesList(pessoa.id);
  const form = useForm({ initialValues: { pessoa_id: pessoa.id, telefone: '', contato: '' }, validate: zodValidate(telefoneSchema) });
  const invalidate = [pessoaKeys.telefones(pessoa.id)];
  // phones are added and removed in place: the list itself is the confirmation, no result dialog
  const add = useSubmit((values: typeof form.values) => pessoasApi.adicionaTelefone({ ...values, pessoa_id: pessoa.id }), {
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
  const mayRemove = (t: Telefone) => admin || (t.empresa_id !== null && t.empresa_id === user.empresa?.id);

  return (
    <Modal opened onClose={onClose} title={`Telefones — ${pessoa.nome_razao}`} size="xl">
      <Stack>
        <InlineForm onSubmit={form.onSubmit((values) => add.run(values))} loading={add.busy} actionSpan={3}>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PhoneInput label="Telefone" allowSpace withAsterisk {...form.getInputProps('telefone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label="Contato" withAsterisk maxLength={100} {...form.getInputProps('contato')} />
          </Grid.Col>
        </InlineForm>
        <Text size="xs" c="dimmed">
          {admin
            ? `Os telefones incluídos aqui ficam na visão da Administração (até ${PESSOA_TELEFONE_MAX}), que nenhuma loja vê.`
            : `Até ${PESSOA_TELEFONE_MAX} telefones adicionais por pessoa.`}
        </Text>
        <PagedTable<Telefone>
          caption="Telefones"
          rowKey={(r) => r.id}
          {...list.tableProps}
          columns={[
            { key: 'id', header: 'ID' },
            { key: 'telefone', header: 'Telefone', kind: 'document', render: (r) => formatPhone(r.telefone) },
            { key: 'contato', header: 'Contato' },
            ...(marked ? [{ key: 'loja', header: 'Loja', kind: 'name' as const }] : []),
            { key: 'created_at', header: 'Cadastrado em', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
            {
              key: 'acao',
              header: 'Ação',
              kind: 'actions',
              render: (r) =>
                mayRemove(r) ? (
                  <Button size="xs" color="red" variant="light" onClick={() => void remove.run(r)}>
                    Remover
                  </Button>
                ) : null,
            },
          ]}
        />
      </Stack>
    </Modal>
  );
}
