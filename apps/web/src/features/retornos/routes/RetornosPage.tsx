import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DateText, MoneyText, PagedTable, PageHeader, showResult, StatusBadge } from '../../../components';
import { retornoKeys, useRetornosList } from '../api/retorno-queries';
import type { RetornoRow } from '../api/retornos';
import { STATUS_COLOR, STATUS_LABEL } from '../components/labels';
import { RetornoDropzone } from '../components/RetornoDropzone';
import { RetornoPanel } from '../components/RetornoPanel';

const qtdValor = (quantidade: number, valor: number) => (
  <>
    {quantidade.toLocaleString('pt-BR')} / <MoneyText value={valor} />
  </>
);

/**
 * Operação > Retornos (administrador): the upload area (with its progress bar), the retorno being
 * worked on (preview, Aplicar, progress, result) and the retornos sent, each opening its panel.
 */
export function RetornosPage() {
  const client = useQueryClient();
  const [selected, setSelected] = useState<number | null>(null);
  const list = useRetornosList();

  return (
    <Stack>
      <PageHeader title="Retornos" />
      <RetornoDropzone
        onUploaded={(created) => {
          setSelected(created.data.id);
          void client.invalidateQueries({ queryKey: retornoKeys.all });
          if (created.data.duplicado) showResult({ status: 0, msg: created.msg }, { autoCloseMs: 0 });
        }}
      />
      {selected !== null && <RetornoPanel key={selected} id={selected} />}
      <PagedTable<RetornoRow>
        caption="Retornos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'arquivo', header: 'Arquivo', kind: 'name' },
          { key: 'status', header: 'Situação', render: (r) => <StatusBadge status={STATUS_LABEL[r.status]} color={STATUS_COLOR[r.status]} /> },
          { key: 'liquidados', header: 'Liquidados (qtd / valor)', kind: 'money', align: 'right', render: (r) => qtdValor(r.quantidade_liquidado, r.total_valor_liquidado) },
          { key: 'baixados', header: 'Baixados (qtd / valor)', kind: 'money', align: 'right', render: (r) => qtdValor(r.quantidade_baixa, r.total_valor_baixa) },
          { key: 'entradas', header: 'Entradas (qtd / valor)', kind: 'money', align: 'right', render: (r) => qtdValor(r.quantidade_entrada, r.total_valor_entrada) },
          { key: 'usuario', header: 'Enviado por', kind: 'name', render: (r) => r.usuario ?? '—' },
          { key: 'created_at', header: 'Data', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (r) => (
              <Button size="compact-sm" variant="light" onClick={() => setSelected(r.id)} aria-label={`Abrir retorno ${r.id}`}>
                Abrir
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
