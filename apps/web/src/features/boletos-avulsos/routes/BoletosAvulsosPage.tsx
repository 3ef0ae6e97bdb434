import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BOLETO_AVULSO_SITUACOES, formatCpfCnpj } from '@bg/domain';
import { DateText, MoneyText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { withNewTab } from '../../../lib/new-tab';
import { useSubmit } from '../../../lib/use-submit';
import { boletoAvulsoKeys, useBoletosAvulsosList } from '../api/boleto-avulso-queries';
import { boletoAvulsoPdf, type AvulsoFilters, type BoletoAvulsoRow } from '../api/boletos-avulsos';

/**
 * Financeiro > Boletos Avulsos (administrador): Novo, search, filters by situação and empresa,
 * each slip's remittance file (remessa_{created_at}-{id}.txt) and Gerar Boleto (its PDF).
 */
export function BoletosAvulsosPage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AvulsoFilters>({ situacao: '', empresa_id: '' });
  const empresas = useQuery(empresasForSelectQuery());
  const list = useBoletosAvulsosList(draft);
  const client = useQueryClient();
  // the remittance files' links expire (FILE_LINK_TTL): the list is read again every 5 minutes
  useEffect(() => {
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: boletoAvulsoKeys.all }), 5 * 60_000);
    return () => clearInterval(timer);
  }, [client]);
  const pdf = useSubmit((row: BoletoAvulsoRow) => withNewTab(() => boletoAvulsoPdf(row.id), (url) => url), { result: false });

  return (
    <Stack>
      <PageHeader title="Boletos Avulsos" actions={<Button onClick={() => navigate('/financeiro/boletos-avulsos/novo')}>Novo</Button>} />
      <Group align="flex-end">
        <Select
          label="Situação"
          w={260}
          data={[{ value: '', label: 'TODAS' }, ...BOLETO_AVULSO_SITUACOES.map((s) => ({ value: s, label: s }))]}
          value={draft.situacao}
          onChange={(v) => setDraft((d) => ({ ...d, situacao: BOLETO_AVULSO_SITUACOES.find((s) => s === v) ?? '' }))}
          allowDeselect={false}
        />
        <Select
          label="Empresa"
          w={260}
          data={[{ value: '', label: 'TODAS' }, ...(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))]}
          value={draft.empresa_id}
          onChange={(v) => setDraft((d) => ({ ...d, empresa_id: v ?? '' }))}
          allowDeselect={false}
          searchable
        />
      </Group>
      <SearchBox placeholder="Pesquisar por nome, CPF/CNPJ ou número" {...list.searchProps} onSearch={(text) => list.search(text, draft)} />
      <PagedTable<BoletoAvulsoRow>
        caption="Boletos Avulsos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'Nº' },
          // names narrower than the default (full text on hover) so the list fits 1280 px with
          // Criado em whole (issue 25)
          { key: 'nome_razao', header: 'Pagador', kind: 'name', width: '11rem' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'fantasia', header: 'Empresa', kind: 'name', width: '9rem', render: (r) => r.fantasia ?? '—' },
          { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (r) => <DateText value={r.vencimento} /> },
          { key: 'valor', header: 'Valor', kind: 'money', align: 'right', render: (r) => <MoneyText value={r.valor} /> },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} color={r.situacao === 'REGISTRADO' ? 'blue' : undefined} /> },
          { key: 'created_at', header: 'Criado em', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (r) => (
              // Remessa above Gerar Boleto: a narrow column, so Criado em stays whole at 1280 px (issue 25)
              <Stack gap={4} align="flex-end">
                {r.remessa_link && (
                  <Anchor href={r.remessa_link} download={r.remessa_arquivo} size="sm" aria-label={`Remessa do boleto avulso ${r.id}`}>
                    Remessa
                  </Anchor>
                )}
                <Button
                  size="compact-sm"
                  onClick={() => void pdf.run(r)}
                  disabled={r.situacao === 'LIQUIDADO' || r.situacao === 'BAIXADO'}
                  aria-label={`Gerar boleto avulso ${r.id}`}
                >
                  Gerar Boleto
                </Button>
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}
