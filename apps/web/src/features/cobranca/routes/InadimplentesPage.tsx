import { Badge, Button, Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatPhone } from '@bg/domain';
import { PagedTable, PageHeader, SearchBox } from '../../../components';
import type { InadimplenteRow } from '../api/cobranca';
import { useInadimplentesList } from '../api/cobranca-queries';

/** Inadimplentes (spec §2): people with an overdue open boleto; Id, Pessoa, Cpf/Cnpj, Telefones, detail. */
export function InadimplentesPage() {
  const navigate = useNavigate();
  const list = useInadimplentesList();
  const open = (r: InadimplenteRow) => navigate(`/cobranca/inadimplentes/detalhe/${r.id}`);
  return (
    <Stack>
      <PageHeader title="Inadimplentes" />
      <SearchBox placeholder="Pesquisar por nome ou CPF/CNPJ" {...list.searchProps} />
      <PagedTable<InadimplenteRow>
        caption="Inadimplentes"
        rowKey={(r) => r.id}
        onRowClick={open}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'Id' },
          {
            key: 'nome_razao',
            header: 'Pessoa',
            kind: 'name',
            title: (r) => r.nome_razao,
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <span>{r.nome_razao}</span>
                {r.spc_ativo && (
                  <Badge size="xs" color="red" variant="light" title="Inclusão ativa no SPC">
                    SPC
                  </Badge>
                )}
              </Group>
            ),
          },
          { key: 'cpf_cnpj', header: 'Cpf/Cnpj', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'telefones', header: 'Telefones', render: (r) => r.telefones.map(formatPhone).join(' / ') },
          {
            key: 'acao',
            header: 'Ação',
            align: 'right',
            kind: 'actions',
            render: (r) => (
              <Button size="compact-sm" variant="light" onClick={() => open(r)} aria-label={`Detalhes de ${r.nome_razao}`}>
                Detalhes
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
