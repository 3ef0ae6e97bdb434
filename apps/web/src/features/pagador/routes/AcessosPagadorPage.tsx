import { Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PAGADOR_ACAO_LABEL } from '@bg/domain';
import { DateText, PagedTable, PageHeader } from '../../../components';
import { usePagedList } from '../../../lib/use-paged-list';
import { pagadorApi, type PagadorAcesso } from '../api/pagador';
import { pagadorKeys } from '../api/pagador-queries';

/**
 * LGPD: the person's accesses to the payer page (/pagar) — identifications (accepted and refused),
 * listings, PDF downloads and channel choices, with address and browser (administradores).
 */
export function AcessosPagadorPage() {
  const pessoaId = Number(useParams().idPessoa);
  const list = usePagedList({ key: pagadorKeys.acessos(pessoaId), fetch: ({ page }) => pagadorApi.acessos(pessoaId, page) });
  return (
    <Stack>
      <PageHeader
        title="Acessos à página do pagador"
        actions={
          <Button component={Link} to={`/administracao/pessoas/atualizacao/${pessoaId}`} variant="default">
            Voltar
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        Cada acesso da pessoa à página pública de boletos (/pagar): identificações, inclusive as recusadas com o documento dela, consultas, downloads e
        preferências de contato.
      </Text>
      <PagedTable<PagadorAcesso>
        caption="Acessos à página do pagador"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'created_at', header: 'Data', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
          { key: 'acao', header: 'Ação', render: (r) => PAGADOR_ACAO_LABEL[r.acao] },
          { key: 'meio', header: 'Meio', render: (r) => (r.meio === 'codigo' ? 'Código do link' : r.meio === 'documento' ? 'CPF/CNPJ e data' : '—') },
          { key: 'detalhe', header: 'Detalhe', render: (r) => r.detalhe ?? (r.boleto_id ? `Boleto ${r.boleto_id}` : '—') },
          { key: 'ip', header: 'IP', kind: 'document' },
          { key: 'user_agent', header: 'Navegador', render: (r) => r.user_agent ?? '—' },
        ]}
      />
    </Stack>
  );
}
