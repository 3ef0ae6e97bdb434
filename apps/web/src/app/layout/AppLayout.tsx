import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { ScrollToTop } from '../router';
import { Navbar } from './Navbar';
import { UserMenu } from './UserMenu';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} footer={{ height: 36 }} padding="md">
      <ScrollToTop />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir menu" />
            <Text fw={700} c="teal.8" size="lg">
              Boleto Garantido
            </Text>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <Navbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%" justify="center">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Boleto Garantido. Todos os direitos reservados.
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
