import { Button, Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { NIVEL_LABEL } from '@bg/domain';
import { PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { useCurrentUser } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-submit';
import { usuarioKeys, useUsuariosList } from '../api/usuario-queries';
import { usuariosApi, type Usuario } from '../api/usuarios';

const active = (u: Usuario) => u.situacao === 'ATIVO';

/** "Usuários do Sistema": Novo, edit, and Bloquear/Desbloquear (a blocked user's sessions end at once). */
export function UsuariosPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const list = useUsuariosList();
  const toggle = useSubmit((u: Usuario) => (active(u) ? usuariosApi.disable(u.id) : usuariosApi.enable(u.id)), {
    confirm: (u) => ({
      title: active(u) ? 'Bloquear usuário' : 'Desbloquear usuário',
      text: active(u) ? `Bloquear ${u.name}? Ele será desconectado imediatamente.` : `Desbloquear ${u.name}?`,
      confirmLabel: active(u) ? 'Bloquear' : 'Desbloquear',
      confirmColor: active(u) ? 'red' : 'teal',
    }),
    invalidate: [usuarioKeys.all],
  });

  return (
    <Stack>
      <PageHeader title="Usuários do Sistema" actions={<Button onClick={() => navigate('/administracao/usuarios/novo')}>Novo</Button>} />
      <SearchBox placeholder="Pesquisar por nome, login ou empresa" {...list.searchProps} />
      <PagedTable<Usuario>
        caption="Usuários do Sistema"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'name', header: 'Nome', kind: 'name' },
          { key: 'login', header: 'Login', kind: 'name' },
          { key: 'email', header: 'Email', kind: 'name' },
          { key: 'nivel', header: 'Nível', render: (r) => NIVEL_LABEL[r.nivel] },
          { key: 'empresa', header: 'Empresa', kind: 'name', render: (r) => r.empresa ?? '—' },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => navigate(`/administracao/usuarios/atualizacao/${r.id}`)}>
                  Editar
                </Button>
                {r.id !== me.id && (
                  <Button size="xs" variant="light" color={active(r) ? 'red' : 'teal'} onClick={() => void toggle.run(r)}>
                    {active(r) ? 'Bloquear' : 'Desbloquear'}
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
