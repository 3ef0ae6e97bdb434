import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { mesAnoTexto } from '@bg/domain';
import { moneyText } from '../../../components';
import type { FaturamentoMes } from '../api/relatorios';

/** The twelve months up to the chosen one, so the trend is seen, not read (figures from the API). */
export function FaturamentoChart({ meses }: { meses: readonly FaturamentoMes[] }) {
  const data = meses.map((m) => ({ mes: mesAnoTexto(m), receita: m.receita, repasse_liquido: m.repasse_liquido, recebido_premium: m.recebido_premium }));
  return (
    <Paper withBorder p="md" aria-label="Últimos 12 meses" component="section">
      <Text fw={600} mb="sm">
        Últimos 12 meses
      </Text>
      <LineChart
        h={260}
        data={data}
        dataKey="mes"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(v) => moneyText(v)}
        yAxisProps={{ width: 90 }}
        series={[
          { name: 'receita', label: 'Receita', color: 'teal.6' },
          { name: 'repasse_liquido', label: 'Repasse Líquido', color: 'blue.6' },
          { name: 'recebido_premium', label: 'Recebido Premium', color: 'violet.6' },
        ]}
        curveType="monotone"
      />
    </Paper>
  );
}
