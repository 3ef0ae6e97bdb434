import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NIVEL_LABEL } from '@bg/domain';
import { confirmAction, PagedTable, PageHeader, SearchBox, showError, showResult, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { usuariosApi, type Usuario } from '../api/usuarios';

/** "Usuários do Sistema": Novo, edit, and Bloquear/Desbloquear (a blocked user's sessions end at once). */
export function UsuariosPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filtro, setFiltro] = useState('');
  const query = useQuery({ queryKey: ['usuarios', page, filtro], queryFn: () => usuariosApi.list(page, filtro), placeholderData: keepPreviousData });

  const toggle = async (u: Usuario) => {
    const blocking = u.situacao === 'ATIVO';
    const ok = await confirmAction({
      title: blocking ? 'Bloquear usuário' : 'Desbloquear usuário',
      text: blocking ? `Bloquear ${u.name}? Ele será desconectado imediatamente.` : `Desbloquear ${u.name}?`,
      confirmLabel: blocking ? 'Bloquear' : 'Desbloquear',
      confirmColor: blocking ? 'red' : 'teal',
    });
    if (!ok) return;
    try {
      showResult(blocking ? await usuariosApi.disable(u.id) : await usuariosApi.enable(u.id));
    } catch (err) {
      showError(errorMessage(err));
    }
    await queryClient.invalidateQueries({ queryKey: ['usuarios'] });
  };

  return (
    <Stack>
      <PageHeader title="Usuários do Sistema" actions={<Button onClick={() => navigate('/administracao/usuarios/novo')}>Novo</Button>} />
      <SearchBox placeholder="Pesquisar por nome, login ou empresa" onSearch={(t) => { setFiltro(t); setPage(1); }} loading={query.isFetching} />
      <PagedTable<Usuario>
        caption="Usuários do Sistema"
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'name', header: 'Nome' },
          { key: 'login', header: 'Login' },
          { key: 'email', header: 'Email' },
          { key: 'nivel', header: 'Nível', render: (r) => NIVEL_LABEL[r.nivel] },
          { key: 'empresa', header: 'Empresa', render: (r) => r.empresa ?? '—' },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          {
            key: 'acao',
            header: 'Ação',
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => navigate(`/administracao/usuarios/atualizacao/${r.id}`)}>
                  Editar
                </Button>
                {r.id !== me.id && (
                  <Button size="xs" variant="light" color={r.situacao === 'ATIVO' ? 'red' : 'teal'} onClick={() => toggle(r)}>
                    {r.situacao === 'ATIVO' ? 'Bloquear' : 'Desbloquear'}
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
