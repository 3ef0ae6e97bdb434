import { useState } from 'react';
import { Code, Stack } from '@mantine/core';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { DateText, PagedTable, PageHeader, SearchBox } from '../../../components';
import { auditoriaApi, type AuditRow } from '../api/auditoria';

/** Administração > Auditoria: every mutation, who did it, when and from where. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const [pesquisa, setPesquisa] = useState('');
  const query = useQuery({
    queryKey: ['auditoria', page, pesquisa],
    queryFn: () => auditoriaApi.list(page, pesquisa),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <PageHeader title="Auditoria" />
      <SearchBox placeholder="Pesquisar por ação, entidade ou usuário" onSearch={(t) => { setPesquisa(t); setPage(1); }} />
      <PagedTable<AuditRow>
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        columns={[
          { key: 'occurred_at', header: 'Data', render: (r) => <DateText value={r.occurred_at} withTime /> },
          { key: 'usuario', header: 'Usuário', render: (r) => r.usuario ?? '—' },
          { key: 'ip', header: 'IP' },
          { key: 'action', header: 'Ação' },
          { key: 'entity', header: 'Entidade', render: (r) => `${r.entity}${r.entity_id ? ` #${r.entity_id}` : ''}` },
          { key: 'summary', header: 'Resumo', render: (r) => <Code>{JSON.stringify(r.summary)}</Code> },
        ]}
      />
    </Stack>
  );
}
