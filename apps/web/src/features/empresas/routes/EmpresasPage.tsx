import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatPhone } from '@bg/domain';
import { confirmAction, DateText, PagedTable, PageHeader, SearchBox, showError, showResult, StatusBadge } from '../../../components';
import { errorMessage, type ApiBody } from '../../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { empresasApi, type EmpresaRow as Empresa } from '../api/empresas';

/** Administração > Empresas: search by name, Novo, edit, Bloquear/Ativar with a confirmation. */
export function EmpresasPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pesquisa, setPesquisa] = useState('');
  const query = useQuery({
    queryKey: ['empresas', page, pesquisa],
    queryFn: () => empresasApi.list(page, pesquisa),
    placeholderData: keepPreviousData,
  });

  const toggle = async (e: Empresa) => {
    const blocking = e.situacao === 'ATIVA';
    const ok = await confirmAction({
      title: blocking ? 'Bloquear empresa' : 'Ativar empresa',
      text: blocking
        ? `Bloquear ${e.fantasia}? Os usuários da empresa não poderão entrar nem solicitar garantias.`
        : `Ativar ${e.fantasia}? Os usuários da empresa voltarão a ter acesso.`,
      confirmLabel: blocking ? 'Bloquear' : 'Ativar',
      confirmColor: blocking ? 'red' : 'teal',
    });
    if (!ok) return;
    try {
      const body: ApiBody = blocking ? await empresasApi.disable(e.id) : await empresasApi.enable(e.id);
      showResult(body);
    } catch (err) {
      showError(errorMessage(err));
    }
    await queryClient.invalidateQueries({ queryKey: ['empresas'] });
  };

  return (
    <Stack>
      <PageHeader
        title="Empresas"
        actions={user.nivel !== '1' && <Button onClick={() => navigate('/administracao/empresas/nova')}>Novo</Button>}
      />
      <SearchBox placeholder="Pesquisar por nome da empresa" onSearch={(text) => { setPesquisa(text); setPage(1); }} loading={query.isFetching} />
      <PagedTable<Empresa>
        caption="Empresas"
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'fantasia', header: 'Fantasia' },
          { key: 'cnpj', header: 'CNPJ', render: (r) => formatCpfCnpj(r.cnpj) },
          { key: 'tel1', header: 'Telefone', render: (r) => formatPhone(r.tel1) },
          { key: 'email', header: 'Email' },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          { key: 'created_at', header: 'Dt. Cadastro', render: (r) => <DateText value={r.created_at} /> },
          {
            key: 'acao',
            header: 'Ação',
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => navigate(`/administracao/empresas/atualizacao/${r.id}`)}>
                  Editar
                </Button>
                {isAdmin(user) && (
                  <Button size="xs" variant="light" color={r.situacao === 'ATIVA' ? 'red' : 'teal'} onClick={() => toggle(r)}>
                    {r.situacao === 'ATIVA' ? 'Bloquear' : 'Ativar'}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
