import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatPhone } from '@bg/domain';
import { PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { pessoasApi, type PessoaRow } from '../api/pessoas';
import { TelefonesModal } from '../components/TelefonesModal';

/** Administração > Pessoas: search by name (Enter), Atualizar and Telefones per row. */
export function PessoasPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pesquisa, setPesquisa] = useState('');
  const [phonesOf, setPhonesOf] = useState<PessoaRow | null>(null);
  const query = useQuery({ queryKey: ['pessoas', page, pesquisa], queryFn: () => pessoasApi.list(page, pesquisa), placeholderData: keepPreviousData });
  return (
    <Stack>
      <PageHeader title="Pessoas" />
      <SearchBox placeholder="Pesquisar por nome" onSearch={(t) => { setPesquisa(t); setPage(1); }} loading={query.isFetching} />
      <PagedTable<PessoaRow>
        caption="Pessoas"
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'nome_razao', header: 'Nome/Razão' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'telefone1', header: 'Telefone 1', render: (r) => formatPhone(r.telefone1) },
          { key: 'telefone2', header: 'Telefone 2', render: (r) => formatPhone(r.telefone2) },
          // The spec shows every person as ATIVO.
          { key: 'situacao', header: 'Situação', render: () => <StatusBadge status="ATIVO" /> },
          {
            key: 'acao',
            header: 'Ação',
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
      <TelefonesModal key={phonesOf?.id ?? 0} pessoa={phonesOf} onClose={() => setPhonesOf(null)} />
    </Stack>
  );
}
