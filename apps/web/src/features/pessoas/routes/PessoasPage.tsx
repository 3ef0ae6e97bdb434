import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatPhone } from '@bg/domain';
import { PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { usePessoasList } from '../api/pessoa-queries';
import type { PessoaRow } from '../api/pessoas';
import { TelefonesModal } from '../components/TelefonesModal';

/** Administração > Pessoas: search by name (Enter), Atualizar and Telefones per row. */
export function PessoasPage() {
  const navigate = useNavigate();
  const [phonesOf, setPhonesOf] = useState<PessoaRow | null>(null);
  const list = usePessoasList();
  return (
    <Stack>
      <PageHeader title="Pessoas" />
      <SearchBox placeholder="Pesquisar por nome" {...list.searchProps} />
      <PagedTable<PessoaRow>
        caption="Pessoas"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'nome_razao', header: 'Nome/Razão', kind: 'name' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'telefone1', header: 'Telefone 1', kind: 'document', render: (r) => formatPhone(r.telefone1) },
          { key: 'telefone2', header: 'Telefone 2', kind: 'document', render: (r) => formatPhone(r.telefone2) },
          // The spec shows every person as ATIVO.
          { key: 'situacao', header: 'Situação', render: () => <StatusBadge status="ATIVO" /> },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => navigate(`/administracao/pessoas/atualizacao/${r.id}`)}>
                  Atualizar
                </Button>
                <Button size="xs" variant="light" color="grape" onClick={() => setPhonesOf(r)}>
                  Telefones
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {phonesOf && <TelefonesModal key={phonesOf.id} pessoa={phonesOf} onClose={() => setPhonesOf(null)} />}
    </Stack>
  );
}
