import { Table, Text } from '@mantine/core';
import { DateText, MoneyText } from '../../../components';
import type { Extrato, ExtratoMovimento } from '../api/financeiro';
import { MovimentoReferencia } from './MovimentoReferencia';

const negative = (v: number) => (v < 0 ? 'red' : undefined);

export interface ExtratoTableProps {
  /** The first page (opening balance, period) and every movement loaded so far. */
  extrato: Extrato;
  movimentos: readonly ExtratoMovimento[];
  /** Every page is loaded: the closing balance row closes the table. */
  completo: boolean;
  admin: boolean;
}

/**
 * The statement as a bank's: the opening balance, one row per movement (debit or credit and the
 * running balance after it), and the closing balance once the last page is on screen.
 */
export function ExtratoTable({ extrato, movimentos, completo, admin }: ExtratoTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Movimentos do extrato">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>Origem</Table.Th>
            <Table.Th ta="right">Débito</Table.Th>
            <Table.Th ta="right">Crédito</Table.Th>
            <Table.Th ta="right">Saldo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <SaldoRow data={extrato.de} label="Saldo inicial" saldo={extrato.inicial.saldo} />
          {movimentos.map((m) => (
            <Table.Tr key={m.transacao_id} data-testid="extrato-movimento">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateText value={m.data} />
              </Table.Td>
              <Table.Td>{m.descricao}</Table.Td>
              <Table.Td>
                <MovimentoReferencia m={m} admin={admin} />
              </Table.Td>
              <Table.Td ta="right" c="red">
                {m.debito > 0 && <MoneyText value={m.debito} />}
              </Table.Td>
              <Table.Td ta="right">{m.credito > 0 && <MoneyText value={m.credito} />}</Table.Td>
              <Table.Td ta="right" c={negative(m.saldo)}>
                <MoneyText value={m.saldo} />
              </Table.Td>
            </Table.Tr>
          ))}
          {movimentos.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" size="sm">
                  Nenhum movimento no período.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {completo && <SaldoRow data={extrato.ate} label="Saldo final" saldo={extrato.final.saldo} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The opening or closing balance line of the period. */
function SaldoRow({ data, label, saldo }: { data: string; label: string; saldo: number }) {
  return (
    <Table.Tr fw={700}>
      <Table.Td>
        <DateText value={data} />
      </Table.Td>
      <Table.Td colSpan={4}>{label}</Table.Td>
      <Table.Td ta="right" c={negative(saldo)}>
        <MoneyText value={saldo} />
      </Table.Td>
    </Table.Tr>
  );
}
