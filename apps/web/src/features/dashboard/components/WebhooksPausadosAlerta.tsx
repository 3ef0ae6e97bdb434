import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ResumoUsuario } from '../api/dashboard';

/**
 * The shop's webhook endpoints paused after 15 failed deliveries in a row (issue 28): its events
 * are kept but not sent until someone fixes the receiver and reactivates it (the shop was also told
 * by e-mail). Shown to the shop's users and to administradores (with the shop's name).
 */
export function WebhooksPausadosAlerta({ webhooks, comLoja }: { webhooks: NonNullable<ResumoUsuario['webhooksPausados']>; comLoja: boolean }) {
  const title = webhooks.length === 1 ? 'Webhook pausado por falhas de entrega' : 'Webhooks pausados por falhas de entrega';
  return (
    <Alert color="red" variant="light" title={title} role="alert" aria-label={title}>
      <List size="sm">
        {webhooks.map((w) => (
          <List.Item key={w.id} style={{ overflowWrap: 'anywhere' }}>
            {comLoja ? `${w.empresa}: ` : ''}
            {w.url}
            {w.motivo ? ` — ${w.motivo}` : ''}
          </List.Item>
        ))}
      </List>
      <Text size="xs" mt="xs">
        Os eventos continuam guardados. Corrija o servidor que recebe e reative em{' '}
        <Anchor component={Link} to="/administracao/webhooks" size="xs">
          Administração › Webhooks
        </Anchor>
        : as entregas pendentes saem em seguida.
      </Text>
    </Alert>
  );
}
