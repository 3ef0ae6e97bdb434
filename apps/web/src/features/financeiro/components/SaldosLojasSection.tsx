import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MoneyText, PagedTable, SearchBox } from '../../../components';
import type { SaldoLoja } from '../api/financeiro';
import { useSaldosLojasList } from '../api/financeiro-queries';
import { RepasseModal } from './RepasseModal';

/** What the guarantor owes each shop now (from the ledger), largest first, with "Registrar repasse". */
export function SaldosLojasSection() {
  const list = useSaldosLojasList();
  const [loja, setLoja] = useState<SaldoLoja | null>(null);
  return (
    <Stack gap="xs">
      <Title order={4}>Saldos das lojas</Title>
      <Group align="flex-end">
        <SearchBox {...list.searchProps} placeholder="Loja, razão social ou CNPJ" />
        <Checkbox
          label="Somente lojas com saldo a repassar"
          checked={list.filters.somenteARepassar}
          onChange={(e) => list.setFilters({ somenteARepassar: e.currentTarget.checked })}
        />
      </Group>
      <PagedTable
        {...list.tableProps}
        caption="Saldos das lojas"
        rowKey={(r) => r.empresa_id}
        emptyText="Nenhuma loja com saldo a repassar."
        columns={[
          { key: 'fantasia', header: 'Loja', kind: 'name', title: (r) => `${r.fantasia} — ${r.razao}` },
          { key: 'a_pagar', header: 'A pagar à loja', kind: 'money', align: 'right', render: (r) => <MoneyText value={r.a_pagar} /> },
          { key: 'a_receber', header: 'A receber da loja', kind: 'money', align: 'right', render: (r) => <MoneyText value={r.a_receber} /> },
          { key: 'a_repassar', header: 'A repassar', kind: 'money', align: 'right', render: (r) => <b><MoneyText value={r.a_repassar} /></b> },
          { key: 'antecipacoes', header: 'Antecipações a recuperar', kind: 'money', align: 'right', render: (r) => <MoneyText value={r.antecipacoes_a_recuperar} /> },
          {
            key: 'acoes',
            header: '',
            kind: 'actions',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" component={Link} to={`/financeiro/extrato?loja=${r.empresa_id}`} aria-label={`Extrato da loja ${r.fantasia}`}>
                  Extrato
                </Button>
                <Button size="xs" disabled={r.a_repassar <= 0} onClick={() => setLoja(r)} aria-label={`Registrar repasse à loja ${r.fantasia}`}>
                  Registrar repasse
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {loja && <RepasseModal loja={loja} onClose={() => setLoja(null)} />}
    </Stack>
  );
}
