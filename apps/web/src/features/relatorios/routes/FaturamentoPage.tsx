import { useState } from 'react';
import { Alert, Box, Button, Group, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mesAnoTexto, mesAtual, type MesAno } from '@bg/domain';
import { MoneyText, PageHeader } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { download } from '../../../lib/download';
import { useSubmit } from '../../../lib/use-submit';
import { faturamentoQuery } from '../api/relatorio-queries';
import { faturamentoCsvUrl, type FaturamentoItem } from '../api/relatorios';
import { FaturamentoChart } from '../components/FaturamentoChart';
import { PeriodoFields } from '../components/PeriodoFields';
import { ReceitaText } from '../components/ReceitaText';

type Figuras = Omit<FaturamentoItem, 'empresa_id' | 'razao' | 'fantasia'>;

const COLUMNS: { key: keyof Figuras; header: string }[] = [
  { key: 'total_boletos', header: 'Repasse Bruto' },
  { key: 'recebido_estabelecimento', header: 'Recebido Estab' },
  { key: 'servicos_premium', header: 'Serviços Premium' },
  { key: 'repasse_liquido', header: 'Repasse Líquido' },
  { key: 'recebido_premium', header: 'Recebido Premium' },
];

function FigureCells({ row }: { row: Figuras }) {
  return (
    <>
      {COLUMNS.map((c) => (
        <Table.Td key={c.key} style={{ textAlign: 'right' }}>
          <MoneyText value={row[c.key]} />
        </Table.Td>
      ))}
      <Table.Td style={{ textAlign: 'right' }}>
        <ReceitaText value={row.receita} />
      </Table.Td>
    </>
  );
}

/** Where the figures come from, as the operator needs to know it to reconcile with the bank statement. */
const FATURAMENTO_ORIGEM =
  'Valores do razão pelas datas do banco: cada pagamento entra no mês da data de crédito (sem crédito, no da ocorrência). Recebido Premium é o que o banco pagou, com juros e multa.';

/**
 * Faturamento (administrador): month and year (default the current month), one row per Loja and
 * the Subtotal, Receita green when positive and red otherwise, the trend of the last 12 months
 * above, and the CSV export. Every figure is read by the API from the money ledger, by the bank's
 * dates (docs/financeiro.md "Reports: definitions").
 */
export function FaturamentoPage() {
  const [periodo, setPeriodo] = useState<MesAno>(() => mesAtual());
  const query = useQuery({ ...faturamentoQuery(periodo), placeholderData: keepPreviousData });
  const f = query.data;

  // a download, not a change: no result dialog; a failure shows in the 3 s alert bar
  const exportar = useSubmit(
    async () => download(await faturamentoCsvUrl(periodo), `faturamento-${mesAnoTexto(periodo).replace('/', '-')}.csv`),
    { result: false, error: 'alert' },
  );

  return (
    <Stack>
      <PageHeader
        title="Faturamento"
        actions={
          <Button variant="light" onClick={() => void exportar.run()} loading={exportar.busy} disabled={!f}>
            Exportar CSV
          </Button>
        }
      />
      <Group align="flex-end">
        <PeriodoFields value={periodo} onChange={setPeriodo} />
      </Group>
      <Text size="sm" c="dimmed">
        {FATURAMENTO_ORIGEM}
      </Text>
      {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {f && <FaturamentoChart meses={f.meses} />}
      <Box pos="relative">
        <LoadingOverlay visible={query.isFetching} zIndex={10} overlayProps={{ blur: 1 }} />
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover withTableBorder aria-label="Faturamento">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Loja</Table.Th>
                {COLUMNS.map((c) => (
                  <Table.Th key={c.key} style={{ textAlign: 'right' }}>
                    {c.header}
                  </Table.Th>
                ))}
                <Table.Th style={{ textAlign: 'right' }}>Receita</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {f?.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" size="sm" py="sm">
                      Nenhum registro encontrado.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {f?.data.map((r) => (
                <Table.Tr key={r.empresa_id}>
                  <Table.Td title={r.razao}>{r.fantasia}</Table.Td>
                  <FigureCells row={r} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            {f && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td>Subtotal</Table.Td>
                  <FigureCells row={f.subtotal} />
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      </Box>
    </Stack>
  );
}
