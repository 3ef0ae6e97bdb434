import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addDays, isIsoDate, reguaEtapaLabel, todayInSaoPaulo } from '@bg/domain';
import { DateField } from '../../../components';
import { eficaciaQuery } from '../api/regua-queries';

const taxaText = (t: number | null) => (t === null ? '—' : `${t.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`);

/**
 * Cure rate per step: of the messages each step sent in the period, the share whose boleto was
 * paid within 3 days — a bar per step (the Faturamento chart's style) and the figures below it.
 */
export function EficaciaRegua() {
  const hoje = todayInSaoPaulo();
  const [de, setDe] = useState(addDays(hoje, -30));
  const [ate, setAte] = useState(hoje);
  const valid = isIsoDate(de) && isIsoDate(ate) && de <= ate;
  const query = useQuery({ ...eficaciaQuery(de, ate), enabled: valid });
  const rows = query.data ?? [];
  const data = rows.map((r) => ({ etapa: reguaEtapaLabel(r), taxa: r.taxa ?? 0 }));
  return (
    <Stack>
      <Group align="flex-end">
        <DateField label="De" w={170} value={de} onChange={setDe} />
        <DateField label="Até" w={170} value={ate} onChange={setAte} error={isIsoDate(de) && isIsoDate(ate) && ate < de ? 'A data final deve ser igual ou posterior à inicial.' : undefined} />
      </Group>
      <Paper withBorder p="md" aria-label="Taxa de recuperação por etapa" component="section">
        <Text fw={600} mb="sm">
          Taxa de recuperação por etapa (boleto pago em até 3 dias após a mensagem)
        </Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {query.isFetching ? 'Carregando…' : 'Nenhuma mensagem da régua no período.'}
          </Text>
        ) : (
          <BarChart h={260} data={data} dataKey="etapa" valueFormatter={(v) => taxaText(v)} yAxisProps={{ width: 60, domain: [0, 100] }} series={[{ name: 'taxa', label: 'Recuperação', color: 'teal.6' }]} />
        )}
      </Paper>
      <Table striped withTableBorder aria-label="Recuperação por etapa">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Etapa</Table.Th>
            <Table.Th>Mensagens</Table.Th>
            <Table.Th>Pagos em até 3 dias</Table.Th>
            <Table.Th>Taxa</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.dias}:${r.canal}`}>
              <Table.Td>{reguaEtapaLabel(r)}</Table.Td>
              <Table.Td>{r.enviadas.toLocaleString('pt-BR')}</Table.Td>
              <Table.Td>{r.pagas_em_3_dias.toLocaleString('pt-BR')}</Table.Td>
              <Table.Td>{taxaText(r.taxa)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
