import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Group, NumberInput, Stack, Table } from '@mantine/core';
import { MoneyText, moneyText } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { restaurarFaixas, salvarFaixas, type Provisoes } from '../api/risco';
import { riscoKeys } from '../api/risco-queries';
import { pctText, Quadro, right } from './common';

/** Provisions by aging bucket; the percentages editable (Res. CMN 2.682's minimums by default). */
export function ProvisoesTab({ p }: { p: Provisoes }) {
  // only what the user changed; the rest shows (and sends) the stored percentage
  const [pcts, setPcts] = useState<Record<string, number | string>>({});
  const valor = (f: { faixa: string; percentual: number }) => {
    const v = pcts[f.faixa];
    return typeof v === 'number' ? v : f.percentual;
  };
  const salvar = useSubmit(() => salvarFaixas(p.faixas.map((f) => ({ faixa: f.faixa, percentual: valor(f) }))), { invalidate: [riscoKeys.provisoes()], onSuccess: () => setPcts({}) });
  const restaurar = useSubmit(restaurarFaixas, {
    invalidate: [riscoKeys.provisoes()],
    onSuccess: () => setPcts({}),
    confirm: { title: 'Percentuais padrão', text: 'Voltar os percentuais de provisão aos mínimos da Res. CMN 2.682?', confirmLabel: 'Sim, voltar ao padrão' },
  });
  return (
    <Stack>
      <Quadro
        titulo="Provisões por faixa de atraso"
        quadro="provisoes"
        nota="Carteira agora (boletos garantidos e honrados a recuperar) por faixa de atraso da Res. CMN 2.682; provisão = valor × percentual da faixa. Os percentuais são editáveis."
        chart={<BarChart h={220} data={p.faixas.map((f) => ({ faixa: f.faixa, valor: f.valor, provisao: f.provisao }))} dataKey="faixa" valueFormatter={(v) => moneyText(v)} yAxisProps={{ width: 90 }} withLegend series={[{ name: 'valor', label: 'Valor', color: 'blue.6' }, { name: 'provisao', label: 'Provisão', color: 'red.6' }]} />}
      >
        <Table striped withTableBorder aria-label="Provisões">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Faixa</Table.Th>
              <Table.Th>Atraso</Table.Th>
              <Table.Th style={right}>Boletos</Table.Th>
              <Table.Th style={right}>Valor</Table.Th>
              <Table.Th style={right}>Percentual</Table.Th>
              <Table.Th style={right}>Padrão</Table.Th>
              <Table.Th style={right}>Provisão</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.faixas.map((f) => (
              <Table.Tr key={f.faixa}>
                <Table.Td>{f.faixa}</Table.Td>
                <Table.Td>{f.descricao}</Table.Td>
                <Table.Td style={right}>{f.boletos}</Table.Td>
                <Table.Td style={right}><MoneyText value={f.valor} /></Table.Td>
                <Table.Td style={right}>
                  <NumberInput
                    aria-label={`Percentual da faixa ${f.faixa}`}
                    size="xs"
                    w={100}
                    ml="auto"
                    min={0}
                    max={100}
                    decimalScale={2}
                    decimalSeparator=","
                    suffix="%"
                    value={pcts[f.faixa] ?? f.percentual}
                    onChange={(v) => setPcts((s) => ({ ...s, [f.faixa]: v }))}
                  />
                </Table.Td>
                <Table.Td style={right}>{pctText(f.percentual_padrao)}</Table.Td>
                <Table.Td style={right}><MoneyText value={f.provisao} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td colSpan={3}>Total</Table.Td>
              <Table.Td style={right}><MoneyText value={p.total_valor} /></Table.Td>
              <Table.Td colSpan={2} />
              <Table.Td style={right}><MoneyText value={p.total_provisao} /></Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Quadro>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void restaurar.run()} loading={restaurar.busy}>
          Voltar ao padrão (Res. CMN 2.682)
        </Button>
        <Button onClick={() => void salvar.run()} loading={salvar.busy}>
          Salvar percentuais
        </Button>
      </Group>
    </Stack>
  );
}
