import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatCpfCnpj } from '@bg/domain';
import { MoneyText, moneyText } from '../../../components';
import type { Exposicao } from '../api/risco';
import { pctText, Quadro, right, Vazio } from './common';

function Cartao({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{children}</Text>
    </Stack>
  );
}

const uso = (v: number | null) => (v === null ? '—' : <Badge color={v > 100 ? 'red' : v > 80 ? 'yellow' : 'teal'} variant="light">{pctText(v)}</Badge>);

/** Exposure now: totals, the alerts, the 20 largest shops and CPF/CNPJ (chart + table + CSV each). */
export function ExposicaoTab({ e }: { e: Exposicao }) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Cartao label="Valor garantido em aberto">{moneyText(e.total_garantido)}</Cartao>
        <Cartao label="Vencido (garantido)">{moneyText(e.total_vencido)}</Cartao>
        <Cartao label="Honrado a recuperar">{moneyText(e.total_honrado)}</Cartao>
        <Cartao label="Over-30">{pctText(e.over30)}</Cartao>
        <Cartao label="Over-90">{pctText(e.over90)}</Cartao>
      </SimpleGrid>
      {!e.politica_publicada && (
        <Alert color="gray">Nenhuma política de crédito publicada: o uso dos limites por loja e por CPF/CNPJ aparece quando houver uma. Os limites por CPF/CNPJ de cada loja valem sempre.</Alert>
      )}
      <Quadro titulo="Alertas de limite" quadro="alertas">
        <Table withTableBorder aria-label="Alertas de limite">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Alerta</Table.Th>
              <Table.Th style={right}>Valor</Table.Th>
              <Table.Th style={right}>Limite</Table.Th>
              <Table.Th style={right}>Excesso</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.alertas.length === 0 && <Vazio cols={4} />}
            {e.alertas.map((a, i) => (
              <Table.Tr key={i}>
                <Table.Td c="red.8">{a.mensagem}</Table.Td>
                <Table.Td style={right}><MoneyText value={a.valor_garantido} /></Table.Td>
                <Table.Td style={right}><MoneyText value={a.limite} /></Table.Td>
                <Table.Td style={right}><MoneyText value={a.excesso} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Quadro>
      <Quadro
        titulo="Por loja (20 maiores)"
        quadro="exposicao_lojas"
        chart={<BarChart h={240} data={e.por_loja.map((l) => ({ loja: l.fantasia, garantido: l.valor_garantido, honrado: l.valor_honrado }))} dataKey="loja" valueFormatter={(v) => moneyText(v)} yAxisProps={{ width: 90 }} withLegend series={[{ name: 'garantido', label: 'Garantido', color: 'blue.6' }, { name: 'honrado', label: 'Honrado', color: 'red.6' }]} />}
      >
        <Table striped withTableBorder aria-label="Exposição por loja">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Loja</Table.Th>
              <Table.Th style={right}>Boletos</Table.Th>
              <Table.Th style={right}>Garantido</Table.Th>
              <Table.Th style={right}>Vencido</Table.Th>
              <Table.Th style={right}>Honrado</Table.Th>
              <Table.Th style={right}>Participação</Table.Th>
              <Table.Th style={right}>Limite</Table.Th>
              <Table.Th style={right}>Uso</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.por_loja.length === 0 && <Vazio cols={8} />}
            {e.por_loja.map((l) => (
              <Table.Tr key={l.empresa_id}>
                <Table.Td title={l.razao}>{l.fantasia}</Table.Td>
                <Table.Td style={right}>{l.boletos}</Table.Td>
                <Table.Td style={right}><MoneyText value={l.valor_garantido} /></Table.Td>
                <Table.Td style={right}><MoneyText value={l.valor_vencido} /></Table.Td>
                <Table.Td style={right}><MoneyText value={l.valor_honrado} /></Table.Td>
                <Table.Td style={right}>{pctText(l.participacao)}</Table.Td>
                <Table.Td style={right}>{l.limite === null ? '—' : <MoneyText value={l.limite} />}</Table.Td>
                <Table.Td style={right}>{uso(l.uso_percentual)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Quadro>
      <Quadro
        titulo="Por CPF/CNPJ (20 maiores concentrações)"
        quadro="exposicao_documentos"
        chart={<BarChart h={240} data={e.por_documento.map((d) => ({ nome: d.nome, garantido: d.valor_garantido }))} dataKey="nome" valueFormatter={(v) => moneyText(v)} yAxisProps={{ width: 90 }} series={[{ name: 'garantido', label: 'Garantido', color: 'blue.6' }]} />}
      >
        <Table striped withTableBorder aria-label="Exposição por CPF/CNPJ">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>CPF/CNPJ</Table.Th>
              <Table.Th>Nome</Table.Th>
              <Table.Th style={right}>Lojas</Table.Th>
              <Table.Th style={right}>Garantido</Table.Th>
              <Table.Th style={right}>Vencido</Table.Th>
              <Table.Th style={right}>Participação</Table.Th>
              <Table.Th style={right}>Limite</Table.Th>
              <Table.Th style={right}>Uso</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.por_documento.length === 0 && <Vazio cols={8} />}
            {e.por_documento.map((d) => (
              <Table.Tr key={d.pessoa_id}>
                <Table.Td>{formatCpfCnpj(d.cpf_cnpj)}</Table.Td>
                <Table.Td>{d.nome}</Table.Td>
                <Table.Td style={right}>{d.lojas}</Table.Td>
                <Table.Td style={right}><MoneyText value={d.valor_garantido} /></Table.Td>
                <Table.Td style={right}><MoneyText value={d.valor_vencido} /></Table.Td>
                <Table.Td style={right}>{pctText(d.participacao)}</Table.Td>
                <Table.Td style={right}>{d.limite === null ? '—' : <MoneyText value={d.limite} />}</Table.Td>
                <Table.Td style={right}>{uso(d.uso_percentual)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Quadro>
    </Stack>
  );
}
