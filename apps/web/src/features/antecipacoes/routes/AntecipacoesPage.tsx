import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ANTECIPACAO_SITUACAO, ANTECIPACAO_SITUACOES, NIVEL, type AntecipacaoSituacao } from '@bg/domain';
import { confirmAction, DateText, MoneyText, moneyText, PagedTable, PageHeader, showError, showResult, StatusBadge, type DataTableColumn } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { aprovar, documentoUrl, empresasForSelect, listAntecipacoes, negar, openInNewTab, type AntecipacaoRow } from '../api/antecipacoes';
import { AntecipacaoDetalheView } from '../components/AntecipacaoDetalheView';

/**
 * Antecipações: the advances of the user's empresa (administrador: every empresa, with Loja and
 * Situação filters). Simular only for nivel 1 (spec §6); Aprovar / Negar only for nivel 2, on an
 * advance EM ANÁLISE, both irreversible; approval opens the advance document.
 */
export function AntecipacoesPage() {
  const user = useCurrentUser();
  const admin = user.nivel === NIVEL.ADMINISTRADOR;
  const navigate = useNavigate();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<{ situacao: AntecipacaoSituacao | ''; empresa_id: string }>({ situacao: '', empresa_id: '' });
  const empresas = useQuery({ queryKey: ['empresas', 'select'], queryFn: empresasForSelect, enabled: admin });
  const query = useQuery({
    queryKey: ['antecipacoes', 'lista', page, filters],
    queryFn: () => listAntecipacoes({ page, ...filters }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['antecipacoes'] });
  const filter = (next: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };

  async function decide(row: AntecipacaoRow, decision: 'aprovar' | 'negar') {
    const ok = await confirmAction({
      title: decision === 'aprovar' ? 'Aprovar antecipação' : 'Negar antecipação',
      text: `${decision === 'aprovar' ? 'Aprovar' : 'Negar'} a antecipação de ${row.fantasia} no valor de ${moneyText(row.total_antecipacao)}? Esta ação não pode ser desfeita.`,
      confirmColor: decision === 'negar' ? 'red' : undefined,
    });
    if (!ok) return;
    try {
      if (decision === 'aprovar') {
        // the document tab opens with the confirmation click, then receives the PDF
        await openInNewTab(async () => {
          const res = await aprovar(row.id);
          showResult(res);
          return documentoUrl(row.id);
        });
      } else {
        showResult(await negar(row.id));
      }
    } catch (err) {
      showResult({ status: err instanceof ApiError ? err.status : 0, msg: errorMessage(err) }, { autoCloseMs: 0 });
    }
    refresh();
  }

  const detalhes = (row: AntecipacaoRow) =>
    modals.open({ title: `Antecipação nº ${row.id}`, size: 'xl', children: <AntecipacaoDetalheView id={row.id} /> });

  const columns: DataTableColumn<AntecipacaoRow>[] = [
    ...(admin ? [{ key: 'fantasia', header: 'Loja' }] : []),
    { key: 'created_at', header: 'Data', render: (r) => <DateText value={r.created_at} /> },
    { key: 'qtd_boletos', header: 'Qtd. de Boletos', align: 'right' },
    { key: 'total_boletos', header: 'Total Boletos', align: 'right', render: (r) => <MoneyText value={r.total_boletos} /> },
    { key: 'total_prorata', header: 'Prorata', align: 'right', render: (r) => <MoneyText value={r.total_prorata} /> },
    {
      key: 'total_taxa_antecipacao',
      header: 'Taxa',
      align: 'right',
      render: (r) => (
        <>
          <MoneyText value={r.total_taxa_antecipacao} />
          {r.taxa_basica > 0 && (
            <Text size="xs" c="dimmed">
              + <MoneyText value={r.taxa_basica} /> (básica)
            </Text>
          )}
        </>
      ),
    },
    { key: 'total_antecipacao', header: 'Total da Antecipação', align: 'right', render: (r) => <MoneyText value={r.total_antecipacao} /> },
    { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
    {
      key: 'acao',
      header: 'Ação',
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={() => detalhes(r)} aria-label={`Detalhes da antecipação ${r.id}`}>
            Detalhes
          </Button>
          {admin && r.situacao === ANTECIPACAO_SITUACAO.EM_ANALISE && (
            <>
              <Button size="compact-sm" color="green" onClick={() => void decide(r, 'aprovar')} aria-label={`Aprovar antecipação ${r.id}`}>
                Aprovar
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={() => void decide(r, 'negar')} aria-label={`Negar antecipação ${r.id}`}>
                Negar
              </Button>
            </>
          )}
          {r.situacao === ANTECIPACAO_SITUACAO.APROVADA && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void openInNewTab(() => documentoUrl(r.id)).catch((err) => showError(errorMessage(err)))}
              aria-label={`Documento da antecipação ${r.id}`}
            >
              Documento
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader
        title="Antecipações"
        actions={user.nivel === NIVEL.USUARIO && <Button onClick={() => navigate('/operacao/antecipacoes/nova')}>Simular</Button>}
      />
      <Group align="flex-end">
        {admin && (
          <Select
            label="Loja"
            w={240}
            data={[{ value: '', label: 'TODAS' }, ...(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))]}
            value={filters.empresa_id}
            onChange={(v) => filter({ empresa_id: v ?? '' })}
            allowDeselect={false}
            searchable
          />
        )}
        <Select
          label="Situação"
          w={200}
          data={[{ value: '', label: 'TODAS' }, ...ANTECIPACAO_SITUACOES.map((s) => ({ value: s, label: s }))]}
          value={filters.situacao}
          onChange={(v) => filter({ situacao: ANTECIPACAO_SITUACOES.find((s) => s === v) ?? '' })}
          allowDeselect={false}
        />
      </Group>
      <PagedTable<AntecipacaoRow> rowKey={(r) => r.id} loading={query.isFetching} result={query.data} onPage={setPage} columns={columns} caption="Antecipações" />
    </Stack>
  );
}
