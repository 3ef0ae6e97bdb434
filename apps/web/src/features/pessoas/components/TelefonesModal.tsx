import { useState } from 'react';
import { Button, Grid, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPhone, telefoneSchema } from '@bg/domain';
import { confirmAction, DataTable, DateText, PhoneInput, showError } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerErrors, zodValidate } from '../../../lib/zod-form';
import { pessoasApi, type PessoaRow, type Telefone } from '../api/pessoas';

/** The people list's Telefones modal: add a phone with its contato, list, remove. */
export function TelefonesModal({ pessoa, onClose }: { pessoa: PessoaRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const pessoaId = pessoa?.id ?? 0;
  const query = useQuery({ queryKey: ['telefones', pessoaId], queryFn: () => pessoasApi.telefones(pessoaId), enabled: pessoa !== null });
  const form = useForm({ initialValues: { pessoa_id: pessoaId, telefone: '', contato: '' }, validate: zodValidate(telefoneSchema) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['telefones', pessoaId] });

  const add = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await pessoasApi.adicionaTelefone({ ...values, pessoa_id: pessoaId });
      form.reset();
      await refresh();
    } catch (err) {
      if (err instanceof ApiError) applyServerErrors(form, err.errors);
      showError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  });

  const remove = async (t: Telefone) => {
    if (!(await confirmAction({ title: 'Remover telefone', text: `Remover o telefone ${formatPhone(t.telefone)}?`, confirmLabel: 'Remover', confirmColor: 'red' }))) return;
    try {
      await pessoasApi.deletaTelefone(t.id);
    } catch (err) {
      showError(errorMessage(err));
    }
    await refresh();
  };

  return (
    <Modal opened={pessoa !== null} onClose={onClose} title={`Telefones — ${pessoa?.nome_razao ?? ''}`} size="xl">
      <Stack>
        <form onSubmit={add} noValidate>
          <Grid align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <PhoneInput label="Telefone" allowSpace withAsterisk {...form.getInputProps('telefone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label="Contato" withAsterisk maxLength={100} {...form.getInputProps('contato')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Button type="submit" fullWidth loading={busy}>
                Adicionar
              </Button>
            </Grid.Col>
          </Grid>
        </form>
        <DataTable<Telefone>
          caption="Telefones"
          rows={query.data ?? []}
          loading={query.isFetching}
          rowKey={(r) => r.id}
          columns={[
            { key: 'id', header: 'ID' },
            { key: 'telefone', header: 'Telefone', render: (r) => formatPhone(r.telefone) },
            { key: 'contato', header: 'Contato' },
            { key: 'created_at', header: 'Cadastrado em', render: (r) => <DateText value={r.created_at} withTime /> },
            { key: 'acao', header: 'Ação', render: (r) => <Button size="xs" color="red" variant="light" onClick={() => remove(r)}>Remover</Button> },
          ]}
        />
      </Stack>
    </Modal>
  );
}
