import { useState } from 'react';
import { Button, Grid, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { cpfSuspeitoSchema, formatCpfCnpj } from '@bg/domain';
import { confirmAction, DateText, DocumentInput, PagedTable, PageHeader, SearchBox, showError, showResult } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerErrors, zodValidate } from '../../../lib/zod-form';
import { cpfsSuspeitosApi, type CpfSuspeito } from '../api/cpfs-suspeitos';

/** Administração > CPFs Suspeitos: the list the guarantee document lookup refuses (status 900). */
export function CpfsSuspeitosPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pesquisa, setPesquisa] = useState('');
  const [busy, setBusy] = useState(false);
  const query = useQuery({ queryKey: ['cpfs-suspeitos', page, pesquisa], queryFn: () => cpfsSuspeitosApi.list(page, pesquisa), placeholderData: keepPreviousData });
  const form = useForm({ initialValues: { cpf_cnpj: '', motivo: '' }, validate: zodValidate(cpfSuspeitoSchema) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cpfs-suspeitos'] });

  const add = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      showResult(await cpfsSuspeitosApi.create(values));
      form.reset();
      await refresh();
    } catch (err) {
      if (err instanceof ApiError) applyServerErrors(form, err.errors);
      showError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  });

  const remove = async (row: CpfSuspeito) => {
    if (!(await confirmAction({ title: 'Remover da lista', text: `Remover ${formatCpfCnpj(row.cpf_cnpj)} da lista de suspeitos?`, confirmLabel: 'Remover', confirmColor: 'red' }))) return;
    try {
      showResult(await cpfsSuspeitosApi.remove(row.id));
    } catch (err) {
      showError(errorMessage(err));
    }
    await refresh();
  };

  return (
    <Stack>
      <PageHeader title="CPFs Suspeitos" />
      <Paper withBorder p="md">
        <form onSubmit={add} noValidate>
          <Grid align="flex-end">
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <DocumentInput label="CPF/CNPJ" withAsterisk {...form.getInputProps('cpf_cnpj')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <TextInput label="Motivo" withAsterisk maxLength={300} {...form.getInputProps('motivo')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <Button type="submit" fullWidth loading={busy}>
                Adicionar
              </Button>
            </Grid.Col>
          </Grid>
        </form>
      </Paper>
      <SearchBox placeholder="Pesquisar por documento ou motivo" onSearch={(t) => { setPesquisa(t); setPage(1); }} loading={query.isFetching} />
      <PagedTable<CpfSuspeito>
        caption="CPFs Suspeitos"
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'motivo', header: 'Motivo' },
          { key: 'usuario', header: 'Incluído por', render: (r) => r.usuario ?? '—' },
          { key: 'created_at', header: 'Data', render: (r) => <DateText value={r.created_at} withTime /> },
          { key: 'acao', header: 'Ação', render: (r) => <Button size="xs" variant="light" color="red" onClick={() => remove(r)}>Remover</Button> },
        ]}
      />
    </Stack>
  );
}
