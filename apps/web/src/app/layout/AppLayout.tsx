import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { ScrollToTop } from './ScrollToTop';
import { Navbar } from './Navbar';
import { UserMenu } from './UserMenu';
import classes from './AppLayout.module.css';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
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
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
        {/* spec §2: the footer holds a copyright line; in the page flow, so it never covers content */}
        <footer className={classes.footer}>
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Boleto Garantido. Todos os direitos reservados.
          </Text>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
