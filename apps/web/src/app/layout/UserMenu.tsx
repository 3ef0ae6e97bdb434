import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PERMISSION } from '@bg/domain';
import { useAuth, useCurrentUser } from '../../lib/auth';

function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
}

/** Header: avatar, display name and setor; menu with Alterar Senha (by permission) and Sair. */
export function UserMenu() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={200} withinPortal>
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
        <Menu.Item color="red" onClick={() => void logout().then(() => navigate('/login'))}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
