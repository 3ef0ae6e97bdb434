import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { addDays, EXTRATO_SALDO_EXPLICACAO } from '@bg/domain';
import { DateText, MoneyText } from '../../../components';
import type { Extrato } from '../api/financeiro';

function Figura({ label, value, hint }: { label: string; value: number; hint?: ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={value < 0 ? 'red' : undefined}>
        <MoneyText value={value} />
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The header of the statement: which accounts the balance is, and the balances of the period. */
export function ExtratoResumo({ extrato }: { extrato: Extrato }) {
  return (
    <Stack gap="xs">
      <Group gap={6}>
        <Text fw={700}>{extrato.empresa.fantasia}</Text>
        <Text c="dimmed">— {extrato.empresa.razao}</Text>
      </Group>
      <Text size="sm" c="dimmed" data-testid="extrato-explicacao">
        {EXTRATO_SALDO_EXPLICACAO}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Figura label="Saldo inicial" value={extrato.inicial.saldo} hint={<>ao fim de <DateText value={addDays(extrato.de, -1)} /></>} />
        <Figura label="Saldo final" value={extrato.final.saldo} hint={<>ao fim de <DateText value={extrato.ate} /></>} />
        <Figura label="A pagar à loja" value={extrato.final.a_pagar} hint="o que a garantidora deve à loja" />
        <Figura label="A receber da loja" value={extrato.final.a_receber} hint="o que a loja deve à garantidora" />
      </SimpleGrid>
    </Stack>
  );
}
