import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ANTECIPACAO_SITUACAO, ANTECIPACAO_SITUACOES, NIVEL } from '@bg/domain';
import { DateText, MoneyText, moneyText, PagedTable, PageHeader, showResult, StatusBadge, type DataTableColumn } from '../../../components';
import { useCurrentUser } from '../../../lib/auth';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { withNewTab } from '../../../lib/new-tab';
import { useSubmit } from '../../../lib/use-submit';
import { antecipacaoKeys, useAntecipacoesList } from '../api/antecipacao-queries';
import { aprovar, documentoUrl, negar, type AntecipacaoRow } from '../api/antecipacoes';
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
  const empresas = useQuery({ ...empresasForSelectQuery(), enabled: admin });
  // the Loja and Situação selects apply at once (no search text on this list)
  const list = useAntecipacoesList();

  const decide = useSubmit(
    async (row: AntecipacaoRow, decision: 'aprovar' | 'negar') => {
      if (decision === 'negar') return negar(row.id);
      // the approval is shown, then the document opens in a new tab once its PDF arrived
      await withNewTab(
        async () => {
          showResult(await aprovar(row.id));
          return documentoUrl(row.id);
        },
        (url) => url,
      );
      return undefined;
    },
    {
      confirm: (row, decision) => ({
        title: decision === 'aprovar' ? 'Aprovar antecipação' : 'Negar antecipação',
        text: `${decision === 'aprovar' ? 'Aprovar' : 'Negar'} a antecipação de ${row.fantasia} no valor de ${moneyText(row.total_antecipacao)}? Esta ação não pode ser desfeita.`,
        confirmLabel: decision === 'aprovar' ? 'Sim, aprovar antecipação' : 'Sim, negar antecipação',
        confirmColor: decision === 'negar' ? 'red' : undefined,
      }),
      // whether it went through or not, the list shows the server's state
      invalidate: [antecipacaoKeys.all],
      errorDialog: { autoCloseMs: 0 },
    },
  );
  // the document of an approved advance, in a new tab once it arrived
  const documento = useSubmit((row: AntecipacaoRow) => withNewTab(() => documentoUrl(row.id), (url) => url), { result: false });

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
              <Button size="compact-sm" color="green" onClick={() => void decide.run(r, 'aprovar')} aria-label={`Aprovar antecipação ${r.id}`}>
                Aprovar
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={() => void decide.run(r, 'negar')} aria-label={`Negar antecipação ${r.id}`}>
                Negar
              </Button>
            </>
          )}
          {r.situacao === ANTECIPACAO_SITUACAO.APROVADA && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void documento.run(r)}
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
        actions={
          user.nivel === NIVEL.USUARIO ? (
            <Button onClick={() => navigate('/operacao/antecipacoes/nova')}>Simular</Button>
          ) : (
            // an administrador looks at what a shop would be offered (read only; the shop sends the request)
            admin && (
              <Button variant="light" onClick={() => navigate('/operacao/antecipacoes/nova')}>
                Simulação de uma loja
              </Button>
            )
          )
        }
      />
      <Group align="flex-end">
        {admin && (
          <Select
            label="Loja"
            w={240}
            data={[{ value: '', label: 'TODAS' }, ...(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))]}
            value={list.filters.empresa_id}
            onChange={(v) => list.setFilters({ empresa_id: v ?? '' })}
            allowDeselect={false}
            searchable
          />
        )}
        <Select
          label="Situação"
          w={200}
          data={[{ value: '', label: 'TODAS' }, ...ANTECIPACAO_SITUACOES.map((s) => ({ value: s, label: s }))]}
          value={list.filters.situacao}
          onChange={(v) => list.setFilters({ situacao: ANTECIPACAO_SITUACOES.find((s) => s === v) ?? '' })}
          allowDeselect={false}
        />
      </Group>
      <PagedTable<AntecipacaoRow> rowKey={(r) => r.id} {...list.tableProps} columns={columns} caption="Antecipações" />
    </Stack>
  );
}
