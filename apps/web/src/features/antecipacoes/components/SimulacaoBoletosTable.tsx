import { Table } from '@mantine/core';
import { formatCpfCnpj, formatProtocol } from '@bg/domain';
import { DateText, MoneyText } from '../../../components';
import type { SimulacaoBoleto } from '../api/antecipacoes';
import { percentText } from './percent';

type Boleto = Pick<SimulacaoBoleto, 'id' | 'parcela' | 'garantia_id' | 'garantia_digito' | 'data' | 'nome_razao' | 'cpf_cnpj' | 'vencimento' | 'valor' | 'qtd_dias' | 'prorata' | 'taxa'>;

export interface SimulacaoBoletosTableProps {
  boletos: readonly Boleto[];
  /** The Subtotal row: the totals the API answered (Σ of the rows as shown). */
  totalBoletos: number;
  totalProrata: number;
  caption?: string;
}

/**
 * The boletos of an advance: Data, Garantia, Cliente, Vencimento, Valor, Prorata (with its number
 * of days) and Taxa, plus the Subtotal row (spec §2 Advances). Every figure as the API answered it.
 */
export function SimulacaoBoletosTable({ boletos, totalBoletos, totalProrata, caption = 'Boletos da antecipação' }: SimulacaoBoletosTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Garantia</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Vencimento</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Prorata</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Taxa</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {boletos.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td><DateText value={b.data} /></Table.Td>
              <Table.Td>{`${formatProtocol(b.garantia_id, b.garantia_digito)}/${String(b.parcela).padStart(2, '0')}`}</Table.Td>
              <Table.Td>
                {b.nome_razao}
                <br />
                <small>{formatCpfCnpj(b.cpf_cnpj)}</small>
              </Table.Td>
              <Table.Td><DateText value={b.vencimento} /></Table.Td>
              <Table.Td style={{ textAlign: 'right' }}><MoneyText value={b.valor} /></Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <MoneyText value={b.prorata} /> <small>({b.qtd_dias} {b.qtd_dias === 1 ? 'dia' : 'dias'})</small>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{percentText(b.taxa)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={4}>Subtotal</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><MoneyText value={totalBoletos} /></Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><MoneyText value={totalProrata} /></Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
