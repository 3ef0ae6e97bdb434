import { Alert, CloseButton, Group, Table, Text } from '@mantine/core';
import type { RemessaJobResult } from '@bg/domain';
import { DateText, MoneyText } from '../../../components';

export interface RemessaForaPanelProps {
  result: Pick<RemessaJobResult, 'quantidade_fora' | 'titulos_fora'>;
  onClose: () => void;
}

/**
 * The titles the last Gerar Remessa left out (decision 105): each stays pending with the reason to
 * fix, and goes in a later remessa once fixed. The job lists the first 100; the count is whole.
 */
export function RemessaForaPanel({ result, onClose }: RemessaForaPanelProps) {
  const { quantidade_fora: quantidade, titulos_fora: titulos } = result;
  return (
    <Alert
      variant="light"
      color="orange"
      data-testid="remessa-fora"
      title={
        <Group justify="space-between" wrap="nowrap">
          <span>{`${quantidade} título(s) deixado(s) de fora da remessa`}</span>
          <CloseButton aria-label="Fechar títulos deixados de fora" onClick={onClose} />
        </Group>
      }
    >
      <Text size="sm" mb="xs">
        Continuam pendentes e vão na próxima remessa depois de corrigidos.
        {quantidade > titulos.length ? ` Os primeiros ${titulos.length} estão abaixo.` : ''}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder fz="sm" aria-label="Títulos deixados de fora">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Boleto</Table.Th>
              <Table.Th>Documento</Table.Th>
              <Table.Th>Nosso número</Table.Th>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {titulos.map((t) => (
              <Table.Tr key={t.boleto_id}>
                <Table.Td>{t.boleto_id}</Table.Td>
                <Table.Td>{t.documento}</Table.Td>
                <Table.Td>{t.nosso_numero ?? '—'}</Table.Td>
                <Table.Td>
                  <DateText value={t.vencimento} />
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <MoneyText value={t.valor} />
                </Table.Td>
                <Table.Td>{t.motivo}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}
