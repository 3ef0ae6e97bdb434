import { Alert, List, Stack, Table, Text } from '@mantine/core';
import { DataTable, MoneyText, StatusBadge } from '../../../components';
import type { RetornoItem, RetornoPrevia } from '../api/retornos';
import { RESULTADO_COLOR, RESULTADO_LABEL } from './labels';

const LINHAS: { key: keyof Pick<RetornoPrevia, 'entrada' | 'liquidacao' | 'baixa' | 'rejeitado' | 'ignorado' | 'ja_aplicado' | 'nao_encontrado'>; label: string }[] = [
  { key: 'entrada', label: 'Entradas confirmadas' },
  { key: 'liquidacao', label: 'Liquidações (valor pago)' },
  { key: 'baixa', label: 'Baixas confirmadas' },
  { key: 'rejeitado', label: 'Rejeitados pelo banco' },
  { key: 'ignorado', label: 'Sem alteração' },
  { key: 'ja_aplicado', label: 'Já aplicados antes' },
  { key: 'nao_encontrado', label: 'Não encontrados' },
];

/** The dry run: what applying the file would change, and the first titles that change nothing. */
export function PreviaSummary({ previa }: { previa: RetornoPrevia }) {
  return (
    <Stack gap="sm" data-testid="previa">
      {!previa.conta_encontrada && (
        <Alert color="orange" title="Conta não cadastrada">
          O arquivo é da conta {previa.conta_descricao}: nenhum título será encontrado.
        </Alert>
      )}
      <Text size="sm">
        {previa.titulos.toLocaleString('pt-BR')} título(s) no arquivo — conta {previa.conta_descricao}.
      </Text>
      <Table withTableBorder striped aria-label="Prévia do retorno">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>O que o arquivo traz</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Quantidade</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {LINHAS.map((l) => (
            <Table.Tr key={l.key}>
              <Table.Td>{l.label}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{previa[l.key].quantidade.toLocaleString('pt-BR')}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <MoneyText value={previa[l.key].valor} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {previa.por_situacao.length > 0 && (
        <Text size="sm" component="div">
          Boletos que mudarão de situação:{' '}
          {previa.por_situacao.map((p) => (
            <span key={p.situacao} style={{ marginRight: 12 }}>
              <StatusBadge status={p.situacao} /> {p.quantidade.toLocaleString('pt-BR')} (<MoneyText value={p.valor} />)
            </span>
          ))}
        </Text>
      )}
      {previa.amostras.length > 0 && (
        <DataTable<RetornoItem>
          caption="Títulos que não mudam nada"
          rows={previa.amostras}
          rowKey={(r) => r.linha}
          columns={itemColumns}
        />
      )}
      {previa.avisos_total > 0 && (
        <Alert color="yellow" title={`${previa.avisos_total} aviso(s) na leitura do arquivo`}>
          <List size="sm">
            {previa.avisos.map((a, i) => (
              // the reader's message already names its line ("Linha 3: …"): never say it twice
              <List.Item key={i}>{a.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** Columns of a title's result (preview samples and the per-title results). */
export const itemColumns = [
  { key: 'linha', header: 'Linha' },
  { key: 'nosso_numero', header: 'Nosso número', kind: 'document' as const },
  { key: 'movimento', header: 'Movimento', kind: 'name' as const, render: (r: RetornoItem) => `${r.movimento} ${r.movimento_descricao}` },
  {
    key: 'resultado',
    header: 'Resultado',
    render: (r: RetornoItem) => <StatusBadge status={RESULTADO_LABEL[r.resultado]} color={RESULTADO_COLOR[r.resultado]} />,
  },
  { key: 'situacao', header: 'Situação', kind: 'name' as const, render: (r: RetornoItem) => (r.situacao_para ? `${r.situacao_de ?? '—'} → ${r.situacao_para}` : (r.situacao_de ?? '—')) },
  { key: 'valor_titulo', header: 'Valor', kind: 'money' as const, align: 'right' as const, render: (r: RetornoItem) => <MoneyText value={r.valor_titulo} /> },
  { key: 'valor_pago', header: 'Pago', kind: 'money' as const, align: 'right' as const, render: (r: RetornoItem) => (r.valor_pago ? <MoneyText value={r.valor_pago} /> : '—') },
  // a bank's rejection reason is read whole: it wraps instead of being cut with "…" (issue 25)
  { key: 'mensagem', header: 'Observação', width: '22rem', render: (r: RetornoItem) => [r.mensagem, r.motivos].filter(Boolean).join(' — ') || '—' },
];
