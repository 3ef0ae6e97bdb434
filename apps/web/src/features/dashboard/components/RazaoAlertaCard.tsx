import { Alert, List, Text } from '@mantine/core';
import { DateText } from '../../../components';
import type { ResumoAdmin } from '../api/dashboard';

/**
 * The last check of the money ledger failed (decision 109): a red card for administradores, with
 * the first failures, until a check passes again. The full list: `npm run ledger:check`.
 */
export function RazaoAlertaCard({ razao }: { razao: NonNullable<ResumoAdmin['razao']> }) {
  return (
    <Alert color="red" variant="light" title="Verificação do razão falhou" role="alert" aria-label="Verificação do razão falhou">
      <Text size="sm">
        Em <DateText value={razao.verificado_em} withTime />: {razao.quantidade_falhas} {razao.quantidade_falhas === 1 ? 'falha' : 'falhas'} nas invariantes do razão.
      </Text>
      <List size="sm" mt="xs">
        {razao.falhas.map((f, i) => (
          <List.Item key={i}>
            [{f.regra}] {f.detalhe}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        A lista completa: npm run ledger:check (o resultado fica registrado). O cartão some quando uma verificação passar.
      </Text>
    </Alert>
  );
}
