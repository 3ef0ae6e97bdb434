import { useCallback, useState } from 'react';
import { Button, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeader, showError, showResult } from '../../../components';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useSubmit } from '../../../lib/use-submit';
import { reguaApi } from '../api/regua';
import { reguaKeys, reguaQuery } from '../api/regua-queries';
import { Contestacoes } from '../components/Contestacoes';
import { EficaciaRegua } from '../components/EficaciaRegua';
import { ProximosEnvios } from '../components/ProximosEnvios';
import { ReguaEditor } from '../components/ReguaEditor';
import { ReguaJobPanel, reguaResumo } from '../components/ReguaJobPanel';

/**
 * Administração > Régua de cobrança (administradores): the default régua and each shop's own
 * (steps, stop conditions), "Próximos envios" (tomorrow's messages with their text), the cure rate
 * per step, the contested boletos, and "Executar agora" (the hourly job, on demand).
 */
export function ReguaPage() {
  const client = useQueryClient();
  const [empresa, setEmpresa] = useState<string>('');
  const [jobId, setJobId] = useState<number | null>(null);
  const empresaId = empresa ? Number(empresa) : null;
  const empresas = useQuery(empresasForSelectQuery());
  const regua = useQuery(reguaQuery(empresaId));
  const propria = new Set((regua.data?.lojas_com_regua_propria ?? []).map((l) => l.id));
  const lojaNome = empresas.data?.find((e) => e.value === empresaId)?.label ?? null;

  const executar = useSubmit(reguaApi.executar, { result: false, onSuccess: (res) => setJobId(res.data.job_id) });
  const onFinished = useCallback<Parameters<typeof ReguaJobPanel>[0]['onFinished']>(
    (outcome) => {
      setJobId(null);
      void client.invalidateQueries({ queryKey: reguaKeys.all });
      if (outcome.ok) showResult({ status: 200, msg: reguaResumo(outcome.result) });
      else showError(outcome.error);
    },
    [client],
  );

  return (
    <Stack>
      <PageHeader
        title="Régua de cobrança"
        actions={
          <Button onClick={() => void executar.run()} loading={executar.busy || jobId !== null}>
            Executar agora
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        Lembretes antes e no dia do vencimento e mensagens de cobrança depois dele, por WhatsApp ou e-mail. A régua roda a cada hora das 8h às 19h; cada mensagem sai uma
        única vez, com a linha digitável, o Pix (quando houver) e o link da página do pagador.
      </Text>
      {jobId !== null && <ReguaJobPanel jobId={jobId} onFinished={onFinished} />}
      <Tabs defaultValue="etapas" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="etapas">Etapas</Tabs.Tab>
          <Tabs.Tab value="proximos">Próximos envios</Tabs.Tab>
          <Tabs.Tab value="eficacia">Recuperação por etapa</Tabs.Tab>
          <Tabs.Tab value="contestacoes">Contestações</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="etapas" pt="md">
          <Stack>
            <Select
              label="Régua"
              w={360}
              searchable
              data={[
                { value: '', label: 'Régua padrão (todas as lojas)' },
                ...(empresas.data ?? []).map((e) => ({ value: String(e.value), label: `${e.label}${propria.has(e.value) ? ' — régua própria' : ''}` })),
              ]}
              value={empresa}
              onChange={(v) => setEmpresa(v ?? '')}
              allowDeselect={false}
            />
            {regua.data ? <ReguaEditor key={empresa} empresaId={empresaId} lojaNome={lojaNome} regua={regua.data} /> : <Loader size="sm" aria-label="Carregando a régua" />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="proximos" pt="md">
          <ProximosEnvios />
        </Tabs.Panel>
        <Tabs.Panel value="eficacia" pt="md">
          <EficaciaRegua />
        </Tabs.Panel>
        <Tabs.Panel value="contestacoes" pt="md">
          <Contestacoes />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
