import { Divider, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components';
import { RepassesSection } from '../components/RepassesSection';
import { SaldosLojasSection } from '../components/SaldosLojasSection';

/**
 * Financeiro > Repasses (administrador; issue 24, docs/extrato-repasses.md): what the guarantor
 * owes each shop now, read from the ledger; registering a repasse (the transfer that pays it,
 * posted in the same transaction, what the shop owes netted first); the repasses registered.
 */
export function RepassesPage() {
  return (
    <Stack>
      <PageHeader title="Repasses" />
      <Text size="sm" c="dimmed">
        A repassar = A pagar à loja − A receber da loja. Registre aqui a transferência já feita no banco: o repasse é lançado no razão e aparece no extrato da loja.
      </Text>
      <SaldosLojasSection />
      <Divider />
      <RepassesSection />
    </Stack>
  );
}
