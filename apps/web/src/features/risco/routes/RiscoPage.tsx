import { useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { PageHeader } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { atualizarRisco, type Periodo } from '../api/risco';
import { curaAcordoQuery, exposicaoQuery, perdasQuery, primeiroPagamentoQuery, provisoesQuery, riscoKeys, rolagemQuery, vintageQuery } from '../api/risco-queries';
import { CuraTab, PerdasTab, PrimeiroPagamentoTab, RolagemTab, SafrasTab } from '../components/CarteiraTabs';
import { ExposicaoTab } from '../components/ExposicaoTab';
import { ProvisoesTab } from '../components/ProvisoesTab';

const PERIODOS = [
  { value: '12', label: 'Últimos 12 meses' },
  { value: '24', label: 'Últimos 24 meses' },
  { value: '36', label: 'Últimos 36 meses' },
];

/** The months of "the last n": `de`–`ate` as AAAA-MM, up to the current month. */
export function periodoUltimos(n: number, hoje = new Date()): Periodo {
  const fim = hoje.getFullYear() * 12 + hoje.getMonth();
  const m = (t: number) => `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
  return { de: m(fim - n + 1), ate: m(fim) };
}

function Conteudo<T>({ q, children }: { q: UseQueryResult<T>; children: (data: T) => React.ReactNode }) {
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  if (!q.data) return <Loader size="sm" aria-label="Carregando" />;
  return <>{children(q.data)}</>;
}

const dataHora = (d: Date | string | null | undefined) => (d ? new Date(d).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }) : null);

/**
 * Risco da carteira (administrador, /financeiro/risco; docs/risco.md): exposure now with limit use
 * and alerts, vintage curves and over-30/over-90, roll rates, first-payment default, cure after
 * acordo, losses and recoveries by shop, provisions by aging bucket (editable). Every chart has its
 * table and CSV; the figures come from the summaries the job risco.atualizar keeps.
 */
export function RiscoPage() {
  const [aba, setAba] = useState<string | null>('exposicao');
  const [meses, setMeses] = useState('12');
  const [mesRolagem, setMesRolagem] = useState<string | undefined>(undefined);
  const filtro = periodoUltimos(Number(meses));
  const opts = { placeholderData: keepPreviousData };
  const exposicao = useQuery({ ...exposicaoQuery(), ...opts, enabled: aba === 'exposicao' });
  const vintage = useQuery({ ...vintageQuery(filtro), ...opts, enabled: aba === 'safras' });
  const rolagem = useQuery({ ...rolagemQuery(mesRolagem), ...opts, enabled: aba === 'rolagem' });
  const fpd = useQuery({ ...primeiroPagamentoQuery(filtro), ...opts, enabled: aba === 'primeiro' });
  const cura = useQuery({ ...curaAcordoQuery(filtro), ...opts, enabled: aba === 'cura' });
  const perdas = useQuery({ ...perdasQuery(filtro), ...opts, enabled: aba === 'perdas' });
  const provisoes = useQuery({ ...provisoesQuery(), ...opts, enabled: aba === 'provisoes' });
  const recalcular = useSubmit(atualizarRisco, { invalidate: [riscoKeys.all] });
  const posicao = dataHora(exposicao.data?.posicao_em ?? provisoes.data?.posicao_em ?? vintage.data?.posicao_em);

  return (
    <Stack>
      <PageHeader
        title="Risco da carteira"
        actions={
          <Button variant="light" onClick={() => void recalcular.run()} loading={recalcular.busy}>
            Recalcular agora
          </Button>
        }
      />
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {posicao ? `Posição calculada em ${posicao}. A exposição e as provisões são recalculadas a cada 15 minutos; safras, rolagem e perdas, toda noite.` : 'A posição ainda não foi calculada: use Recalcular agora.'}
        </Text>
        {['safras', 'primeiro', 'cura', 'perdas'].includes(aba ?? '') && (
          <Select label="Período" w={200} data={PERIODOS} value={meses} onChange={(v) => setMeses(v ?? '12')} allowDeselect={false} />
        )}
      </Group>
      <Tabs value={aba} onChange={setAba} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="exposicao">Exposição</Tabs.Tab>
          <Tabs.Tab value="safras">Safras</Tabs.Tab>
          <Tabs.Tab value="rolagem">Rolagem</Tabs.Tab>
          <Tabs.Tab value="primeiro">Primeiro pagamento</Tabs.Tab>
          <Tabs.Tab value="cura">Cura após acordo</Tabs.Tab>
          <Tabs.Tab value="perdas">Perdas e recuperações</Tabs.Tab>
          <Tabs.Tab value="provisoes">Provisões</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="exposicao" pt="md"><Conteudo q={exposicao}>{(e) => <ExposicaoTab e={e} />}</Conteudo></Tabs.Panel>
        <Tabs.Panel value="safras" pt="md"><Conteudo q={vintage}>{(v) => <SafrasTab v={v} filtro={filtro} />}</Conteudo></Tabs.Panel>
        <Tabs.Panel value="rolagem" pt="md"><Conteudo q={rolagem}>{(r) => <RolagemTab r={r} mes={mesRolagem} onMes={setMesRolagem} />}</Conteudo></Tabs.Panel>
        <Tabs.Panel value="primeiro" pt="md"><Conteudo q={fpd}>{(f) => <PrimeiroPagamentoTab f={f} filtro={filtro} />}</Conteudo></Tabs.Panel>
        <Tabs.Panel value="cura" pt="md"><Conteudo q={cura}>{(c) => <CuraTab c={c} filtro={filtro} />}</Conteudo></Tabs.Panel>
        <Tabs.Panel value="perdas" pt="md"><Conteudo q={perdas}>{(p) => <PerdasTab p={p} filtro={filtro} />}</Conteudo></Tabs.Panel>
        <Tabs.Panel value="provisoes" pt="md"><Conteudo q={provisoes}>{(p) => <ProvisoesTab p={p} />}</Conteudo></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
