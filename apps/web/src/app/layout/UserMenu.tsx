import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PERMISSION } from '@bg/domain';
import { useAuth, useCurrentUser } from '../../lib/auth';
import { TWO_FACTOR_PAGE } from '../route-table';

function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
}

/** Header: avatar, display name and setor; menu with Alterar Senha (by permission), Verificação em duas etapas and Sair. */
export function UserMenu() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Menu do usuário">
          <Group gap="xs">
            <Avatar src={user.avatar} radius="xl" color="teal" alt={user.displayName}>
              {initials(user.name)}
            </Avatar>
            <div style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={600} data-testid="display-name">
                {user.displayName}
              </Text>
              <Text size="xs" c="dimmed" data-testid="setor">
                {user.setor}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user.permissoes.includes(PERMISSION.UPDATE_PASSWORD) && (
          <Menu.Item onClick={() => navigate('/cadastros/users/alterarSenha')}>Alterar Senha</Menu.Item>
        )}
        <Menu.Item onClick={() => navigate(TWO_FACTOR_PAGE)}>Verificação em duas etapas</Menu.Item>
        {/* to /login without ?redirect: the next login, whoever makes it, starts on Início */}
        <Menu.Item color="red" onClick={() => void logout().then(() => navigate('/login', { replace: true }))}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
