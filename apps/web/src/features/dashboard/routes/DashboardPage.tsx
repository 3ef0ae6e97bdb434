import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';

const shortcuts = [
  { to: '/operacao/garantias/nova', title: 'Nova Garantia', text: 'Consulte o CPF/CNPJ do cliente e solicite a garantia dos boletos.' },
  { to: '/operacao/garantias/impressao', title: 'Impressão de Boletos', text: 'Imprima boletos e carnês das garantias aprovadas.' },
  { to: '/financeiro/recebimentos', title: 'Recebimentos', text: 'Acompanhe os boletos garantidos e registre recebimentos.' },
];

/** Início: the spec's banner about duplicatas for digital signature, plus the daily shortcuts. */
export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <Stack>
      <Title order={3}>Olá, {user.displayName}!</Title>
      <Alert color="teal" variant="light" title="Novidade: duplicatas com assinatura digital" data-testid="banner-duplicatas">
        Agora você pode enviar as duplicatas das suas vendas para o cliente assinar digitalmente, direto da tela Boletos da
        Garantia, pelo WhatsApp ou e-mail do cliente.
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {shortcuts.map((s) => (
          <Card key={s.to} withBorder component={Link} to={s.to} padding="lg">
            <Text fw={600}>{s.title}</Text>
            <Text size="sm" c="dimmed">
              {s.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
