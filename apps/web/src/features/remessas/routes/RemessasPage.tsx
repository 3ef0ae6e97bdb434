import { useCallback, useEffect, useState } from 'react';
import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DateText, MoneyText, PagedTable, PageHeader, showError, showResult } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { contasDeRemessaQuery, remessaKeys, useRemessasList } from '../api/remessa-queries';
import { gerarRemessa, type RemessaRow } from '../api/remessas';
import { RemessaForaPanel } from '../components/RemessaForaPanel';
import { RemessaJobPanel } from '../components/RemessaJobPanel';
import type { RemessaJobResult } from '@bg/domain';

const LINK_REFRESH_MS = 5 * 60_000;

/**
 * Operação > Remessas (administrador): Gerar Remessa (a background job; the panel follows it, then
 * lists the titles it left out, with the reasons) and the remessas generated, each with its file. The links expire (FILE_LINK_TTL, 10 min by default),
 * so the list is read again every 5 minutes while the screen is open.
 */
export function RemessasPage() {
  const client = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  // the titles the last generation left out, shown until closed or the next generation
  const [fora, setFora] = useState<RemessaJobResult | null>(null);
  const list = useRemessasList();
  // which conta's file (decision 126); none chosen: one file per conta with pending titles
  const contas = useQuery(contasDeRemessaQuery());
  const [conta, setConta] = useState<string | null>(null);
  useEffect(() => {
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: remessaKeys.all }), LINK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [client]);
  const gerar = useSubmit(gerarRemessa, {
    result: false,
    onSuccess: (res) => {
      setFora(null);
      setJobId(res.data.job_id);
    },
  });
  const onFinished = useCallback<Parameters<typeof RemessaJobPanel>[0]['onFinished']>(
    (outcome) => {
      setJobId(null);
      void client.invalidateQueries({ queryKey: remessaKeys.all });
      if (outcome.ok) {
        showResult({ status: 200, msg: outcome.result?.mensagem ?? 'Remessa gerada.' });
        if (outcome.result?.quantidade_fora) setFora(outcome.result);
      } else showError(outcome.error);
    },
    [client],
  );

  return (
    <Stack>
      <PageHeader
        title="Remessas"
        actions={
          <Group align="flex-end">
            {(contas.data?.length ?? 0) > 1 && (
              <Select
                aria-label="Conta de cobrança da remessa"
                w={380}
                clearable
                placeholder="Todas as contas (um arquivo por conta)"
                data={(contas.data ?? []).map((c) => ({ value: String(c.id), label: `${c.banco} — agência ${c.agencia}, beneficiário ${c.codigo_beneficiario} (CNAB ${c.layout_cnab})` }))}
                value={conta}
                onChange={setConta}
              />
            )}
            <Button onClick={() => void gerar.run(conta ? Number(conta) : null)} loading={gerar.busy || jobId !== null}>
              Gerar Remessa
            </Button>
          </Group>
        }
      />
      {jobId !== null && <RemessaJobPanel jobId={jobId} onFinished={onFinished} />}
      {fora && <RemessaForaPanel result={fora} onClose={() => setFora(null)} />}
      <PagedTable<RemessaRow>
        caption="Remessas"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'id', header: 'ID' },
          { key: 'numero_arquivo', header: 'Nº arquivo' },
          { key: 'quantidade_entrada', header: 'Qtd. entradas', align: 'right' },
          { key: 'total_valor_entrada', header: 'Valor entradas', kind: 'money', align: 'right', render: (r) => <MoneyText value={r.total_valor_entrada} /> },
          { key: 'quantidade_baixa', header: 'Qtd. baixas', align: 'right' },
          { key: 'total_valor_baixa', header: 'Valor baixas', kind: 'money', align: 'right', render: (r) => <MoneyText value={r.total_valor_baixa} /> },
          {
            key: 'arquivo',
            header: 'Arquivo',
            render: (r) => (
              <Anchor href={r.link} download={r.arquivo} aria-label={`Baixar ${r.arquivo}`}>
                {r.arquivo}
              </Anchor>
            ),
          },
          { key: 'usuario', header: 'Usuário', kind: 'name', render: (r) => r.usuario ?? '—' },
          { key: 'created_at', header: 'Data', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
        ]}
      />
    </Stack>
  );
}
