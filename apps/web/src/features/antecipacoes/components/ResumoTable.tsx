import { Table } from '@mantine/core';
import { DateText, MoneyText } from '../../../components';
import type { SimulacaoTotais } from '../api/antecipacoes';

/**
 * "Resumo": Data, Qtd. de Boletos, Total Boletos, Prorata, Taxa Antecipação, Taxa Básica and Total
 * da Antecipação (spec §2 Advances), exactly the totals the API answered.
 */
export function ResumoTable({ totais }: { totais: SimulacaoTotais }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder aria-label="Resumo">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Qtd. de Boletos</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Total Boletos</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Prorata</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Taxa Antecipação</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Taxa Básica</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Total da Antecipação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td><DateText value={totais.data_simulacao} /></Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{totais.qtd_boletos}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><MoneyText value={totais.total_boletos} /></Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><MoneyText value={totais.total_prorata} /></Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><MoneyText value={totais.total_taxa_antecipacao} /></Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><MoneyText value={totais.taxa_basica} /></Table.Td>
            <Table.Td style={{ textAlign: 'right' }} fw={700}><MoneyText value={totais.total_antecipacao} /></Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
