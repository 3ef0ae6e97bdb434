import { Button, Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatPhone } from '@bg/domain';
import { DateText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { canCreateEmpresa } from '../../../lib/permissions';
import { useSubmit } from '../../../lib/use-submit';
import { empresaKeys, useEmpresasList } from '../api/empresa-queries';
import { empresasApi, type EmpresaRow as Empresa } from '../api/empresas';

const blocking = (e: Empresa) => e.situacao === 'ATIVA';

/** Administração > Empresas: search by name, Novo, edit, Bloquear/Ativar with a confirmation. */
export function EmpresasPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const list = useEmpresasList();
  const toggle = useSubmit((e: Empresa) => (blocking(e) ? empresasApi.disable(e.id) : empresasApi.enable(e.id)), {
    confirm: (e) => ({
      title: blocking(e) ? 'Bloquear empresa' : 'Ativar empresa',
      text: blocking(e)
        ? `Bloquear ${e.fantasia}? Os usuários da empresa não poderão entrar nem solicitar garantias.`
        : `Ativar ${e.fantasia}? Os usuários da empresa voltarão a ter acesso.`,
      confirmLabel: blocking(e) ? 'Bloquear' : 'Ativar',
      confirmColor: blocking(e) ? 'red' : 'teal',
    }),
    invalidate: [empresaKeys.all],
  });

  return (
    <Stack>
      <PageHeader
        title="Empresas"
        actions={canCreateEmpresa(user) && <Button onClick={() => navigate('/administracao/empresas/nova')}>Novo</Button>}
      />
      <SearchBox placeholder="Pesquisar por nome da empresa" {...list.searchProps} />
      <PagedTable<Empresa>
        caption="Empresas"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'fantasia', header: 'Fantasia', kind: 'name' },
          { key: 'cnpj', header: 'CNPJ', kind: 'document', render: (r) => formatCpfCnpj(r.cnpj) },
          { key: 'tel1', header: 'Telefone', kind: 'document', render: (r) => formatPhone(r.tel1) },
          // e-mails are cut earlier than names (full text on hover): the list fits 1280 px (issue 25)
          { key: 'email', header: 'Email', kind: 'name', width: '12rem' },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          { key: 'created_at', header: 'Dt. Cadastro', kind: 'date', render: (r) => <DateText value={r.created_at} /> },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => navigate(`/administracao/empresas/atualizacao/${r.id}`)}>
                  Editar
                </Button>
                {isAdmin(user) && (
                  <Button size="xs" variant="light" color={blocking(r) ? 'red' : 'teal'} onClick={() => void toggle.run(r)}>
                    {blocking(r) ? 'Bloquear' : 'Ativar'}
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
