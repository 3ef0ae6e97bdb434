import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ResumoAdmin } from '../api/dashboard';

/**
 * The contas whose client certificate for the bank (mutual TLS) expires within 30 days or has
 * expired (issue 26): a bank that requires it refuses every call once it lapses, so the warning
 * comes while there is time to renew it. Red when one has already expired.
 */
export function CertificadosAlerta({ certificados }: { certificados: NonNullable<ResumoAdmin['certificadosVencendo']> }) {
  const vencido = certificados.some((c) => c.dias_restantes < 0);
  const title = certificados.length === 1 ? 'Certificado do banco vencendo' : 'Certificados do banco vencendo';
  return (
    <Alert color={vencido ? 'red' : 'yellow'} variant="light" title={title} role="alert" aria-label={title}>
      <List size="sm">
        {certificados.map((c) => (
          <List.Item key={c.conta_id}>{c.texto}</List.Item>
        ))}
      </List>
      <Text size="xs" mt="xs">
        Envie o certificado renovado em{' '}
        <Anchor component={Link} to="/administracao/conta-cobranca" size="xs">
          Conta de Cobrança › Certificado do banco
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
