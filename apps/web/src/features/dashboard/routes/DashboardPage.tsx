import { Alert, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { resumoQuery } from '../api/dashboard-queries';
import { AdminCards, UsuarioCards } from '../components/ResumoCards';

const shortcuts = [
  { to: '/operacao/garantias/nova', title: 'Nova Garantia', text: 'Consulte o CPF/CNPJ do cliente e solicite a garantia dos boletos.' },
  { to: '/operacao/garantias/impressao', title: 'Impressão de Boletos', text: 'Imprima boletos e carnês das garantias aprovadas.' },
  { to: '/financeiro/recebimentos', title: 'Recebimentos', text: 'Acompanhe os boletos garantidos e registre recebimentos.' },
];

/**
 * Início: the spec's banner about duplicatas for digital signature, then what the role needs first
 * (one card per figure, from GET /api/dashboard/getResumo, each linking to its list), then the
 * daily shortcuts.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const resumo = useQuery(resumoQuery());
  const r = resumo.data;
  return (
    <Stack>
      <Title order={3}>Olá, {user.displayName}!</Title>
      <Alert color="teal" variant="light" title="Novidade: duplicatas com assinatura digital" data-testid="banner-duplicatas">
        Agora você pode enviar as duplicatas das suas vendas para o cliente assinar digitalmente, direto da tela Boletos da
        Garantia, pelo WhatsApp ou e-mail do cliente.
      </Alert>
      {resumo.isPending && <Loader aria-label="Carregando resumo" />}
      {resumo.isError && (
        <Alert color="red" title="Não foi possível carregar o resumo">
          {errorMessage(resumo.error)}
        </Alert>
      )}
      {r?.perfil === 'administrador' && <AdminCards resumo={r} />}
      {r?.perfil === 'usuario' && <UsuarioCards resumo={r} />}
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
