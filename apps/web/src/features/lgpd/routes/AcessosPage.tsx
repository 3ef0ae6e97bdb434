import { Button, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { LGPD_RECURSO_LABEL } from '@bg/domain';
import { DateText, PagedTable, PageHeader } from '../../../components';
import type { AcessoRow } from '../api/lgpd';
import { useAcessosList } from '../api/lgpd-queries';

/** LGPD: who viewed a person's income, documents and bureau results, and who exported its data (newest first). */
export function AcessosPage() {
  const pessoaId = Number(useParams().idPessoa);
  const list = useAcessosList(pessoaId);
  return (
    <Stack>
      <PageHeader
        title="Acessos aos dados pessoais"
        actions={
          <Button component={Link} to={`/administracao/pessoas/atualizacao/${pessoaId}`} variant="default">
            Voltar
          </Button>
        }
      />
      <PagedTable<AcessoRow>
        caption="Acessos aos dados pessoais"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'created_at', header: 'Data', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
          { key: 'usuario_nome', header: 'Usuário', kind: 'name', render: (r) => (r.usuario_nome ? `${r.usuario_nome} (${r.usuario_login})` : '—') },
          { key: 'recurso', header: 'Dado', render: (r) => LGPD_RECURSO_LABEL[r.recurso] },
          { key: 'rota', header: 'Chamada', render: (r) => r.rota ?? '—' },
          { key: 'ip', header: 'IP', kind: 'document', render: (r) => r.ip ?? '—' },
        ]}
      />
    </Stack>
  );
}
