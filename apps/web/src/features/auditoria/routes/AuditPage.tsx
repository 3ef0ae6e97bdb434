import { Code, Stack } from '@mantine/core';
import { DateText, PagedTable, PageHeader, SearchBox } from '../../../components';
import { useAuditoriaList } from '../api/auditoria-queries';
import type { AuditRow } from '../api/auditoria';

/** Administração > Auditoria: every mutation, who did it, when and from where. */
export function AuditPage() {
  const list = useAuditoriaList();
  return (
    <Stack>
      <PageHeader title="Auditoria" />
      <SearchBox placeholder="Pesquisar por ação, entidade ou usuário" {...list.searchProps} />
      <PagedTable<AuditRow>
        caption="Auditoria"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'occurred_at', header: 'Data', kind: 'date', render: (r) => <DateText value={r.occurred_at} withTime /> },
          { key: 'usuario', header: 'Usuário', kind: 'name', render: (r) => r.usuario ?? '—' },
          { key: 'ip', header: 'IP', kind: 'document' },
          { key: 'action', header: 'Ação' },
          { key: 'entity', header: 'Entidade', render: (r) => `${r.entity}${r.entity_id ? ` #${r.entity_id}` : ''}` },
          { key: 'summary', header: 'Resumo', render: (r) => <Code>{JSON.stringify(r.summary)}</Code> },
        ]}
      />
    </Stack>
  );
}
