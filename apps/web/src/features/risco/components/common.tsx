import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { RiscoQuadro } from '@bg/domain';
import { download } from '../../../lib/download';
import { useSubmit } from '../../../lib/use-submit';
import { riscoCsvUrl, type Periodo } from '../api/risco';

/** 12,5 → "12,50%"; null → "—". */
export const pctText = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

/** "2026-03-01" → "03/2026". */
export const mesText = (d: string | null | undefined) => (d ? `${d.slice(5, 7)}/${d.slice(0, 4)}` : '—');

/** Exportar CSV of one table: the same figures, from the API. */
export function CsvButton({ quadro, filtro, label }: { quadro: RiscoQuadro; filtro?: Periodo & { mes?: string }; label: string }) {
  const exportar = useSubmit(async () => download(await riscoCsvUrl(quadro, filtro), `risco-${quadro.replace(/_/g, '-')}.csv`), { result: false, error: 'alert' });
  return (
    <Button size="xs" variant="light" onClick={() => void exportar.run()} loading={exportar.busy} aria-label={`Exportar CSV: ${label}`}>
      Exportar CSV
    </Button>
  );
}

/** A titled block: the chart (when there is one), its table and the CSV of that table. */
export function Quadro({ titulo, quadro, filtro, chart, children, nota }: { titulo: string; quadro: RiscoQuadro; filtro?: Periodo & { mes?: string }; chart?: ReactNode; children: ReactNode; nota?: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={titulo}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{titulo}</Text>
          <CsvButton quadro={quadro} filtro={filtro} label={titulo} />
        </Group>
        {nota && (
          <Text size="sm" c="dimmed">
            {nota}
          </Text>
        )}
        {chart}
        <Table.ScrollContainer minWidth={640}>{children}</Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

export function Vazio({ cols }: { cols: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={cols}>
        <Text c="dimmed" ta="center" size="sm" py="sm">
          Nenhum registro encontrado.
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export const right = { textAlign: 'right' } as const;
