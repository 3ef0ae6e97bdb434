import { useState } from 'react';
import { Button, Code, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ENTREGA_STATUS_TEXTO, WEBHOOK_EVENTOS, WEBHOOK_EVENTO_LABEL, WEBHOOK_EVENTO_TESTE, type EntregaStatus } from '@bg/domain';
import { DateField, DateText, PagedTable, PageHeader, StatusBadge } from '../../../../components';
import { useSubmit } from '../../../../lib/use-submit';
import { useEntregasList, webhookKeys, webhookQuery } from '../api/webhook-queries';
import { webhooksApi, type EntregaFilters, type EntregaRow } from '../api/webhooks';

const STATUS_COLOR: Record<EntregaStatus, string> = { pendente: 'yellow', entregue: 'green', falhou: 'red', cancelada: 'gray' };
const STATUSES = Object.keys(ENTREGA_STATUS_TEXTO) as EntregaStatus[];
const TIPOS = [...WEBHOOK_EVENTOS, WEBHOOK_EVENTO_TESTE];
const tipoTexto = (t: string) => (t === WEBHOOK_EVENTO_TESTE ? 'Evento de teste' : (WEBHOOK_EVENTO_LABEL[t as keyof typeof WEBHOOK_EVENTO_LABEL] ?? t));

/** Each attempt of a delivery: time, HTTP status, latency and the answer's excerpt (or the error). */
function Tentativas({ e }: { e: EntregaRow }) {
  if (!e.historico.length) return <Text size="xs" c="dimmed">Nenhuma tentativa ainda.</Text>;
  return (
    <Table withTableBorder fz="xs" aria-label={`Tentativas da entrega ${e.id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Quando</Table.Th>
          <Table.Th>HTTP</Table.Th>
          <Table.Th>Latência</Table.Th>
          <Table.Th>Resposta</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {e.historico.map((h, i) => (
          <Table.Tr key={i}>
            <Table.Td>
              <DateText value={h.em} withTime />
            </Table.Td>
            <Table.Td c={h.sucesso ? 'green' : 'red'}>{h.status_http ?? '—'}</Table.Td>
            <Table.Td>{h.latencia_ms} ms</Table.Td>
            <Table.Td>
              <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} maw={360} display="block">
                {h.erro && !h.resposta ? h.erro : (h.resposta ?? '')}
              </Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A webhook's delivery log (Administração > Webhooks > Entregas): each event sent to it — type,
 * resource and sequence, situação, attempts — with every attempt, filters (situação, event,
 * since a day), Reenviar for one event and Reenviar desde a moment.
 */
export function WebhookEntregasPage() {
  const id = Number(useParams().idWebhook);
  const webhook = useQuery(webhookQuery(id));
  const [draft, setDraft] = useState<EntregaFilters>({ status: '', tipo: '', desde: '' });
  const list = useEntregasList(id, draft);
  const [aberta, setAberta] = useState<number | null>(null);
  const [desde, setDesde] = useState('');
  const [hora, setHora] = useState('00:00');

  const reenviar = useSubmit((e: EntregaRow) => webhooksApi.resendOne(id, e.evento_id), {
    confirm: (e) => ({ title: 'Reenviar evento', text: `Reenviar o evento ${tipoTexto(e.tipo)} (${e.evento_id})?`, confirmLabel: 'Reenviar' }),
    invalidate: [webhookKeys.all],
  });
  const reenviarDesde = useSubmit(() => webhooksApi.resendSince(id, `${desde}T${hora || '00:00'}:00-03:00`), {
    confirm: () => ({ title: 'Reenviar eventos', text: `Reenviar todos os eventos deste webhook desde ${desde.split('-').reverse().join('/')} ${hora}?`, confirmLabel: 'Reenviar eventos' }),
    invalidate: [webhookKeys.all],
  });
  const apply = (patch: Partial<EntregaFilters>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    list.setFilters(next);
  };

  return (
    <Stack>
      <PageHeader title="Entregas do webhook" />
      {webhook.data && (
        <Text size="sm">
          {webhook.data.data.empresa} — <b style={{ overflowWrap: 'anywhere' }}>{webhook.data.data.url}</b> ({webhook.data.data.status === 'ativo' ? 'ativo' : 'pausado'})
        </Text>
      )}
      <Group align="flex-end">
        <Select
          label="Situação"
          w={180}
          data={[{ value: '', label: 'TODAS' }, ...STATUSES.map((s) => ({ value: s, label: ENTREGA_STATUS_TEXTO[s].toUpperCase() }))]}
          value={draft.status}
          onChange={(v) => apply({ status: STATUSES.find((s) => s === v) ?? '' })}
          allowDeselect={false}
        />
        <Select
          label="Evento"
          w={260}
          data={[{ value: '', label: 'TODOS' }, ...TIPOS.map((t) => ({ value: t, label: tipoTexto(t) }))]}
          value={draft.tipo}
          onChange={(v) => apply({ tipo: v ?? '' })}
          allowDeselect={false}
        />
        <DateField label="Eventos desde" w={170} value={draft.desde} onChange={(v: string) => apply({ desde: v })} />
      </Group>
      <PagedTable<EntregaRow>
        caption="Entregas"
        rowKey={(e) => e.id}
        {...list.tableProps}
        columns={[
          { key: 'criado', header: 'Evento em', render: (e) => <DateText value={e.evento_criado_em} withTime /> },
          {
            key: 'tipo',
            header: 'Evento',
            render: (e) => (
              <Stack gap={2} maw={300}>
                <Text size="sm">{tipoTexto(e.tipo)}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.recurso} #{e.recurso_id} · seq. {e.sequencia} · {e.evento_id}
                  {e.reenvio ? ' · reenvio' : ''}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'status',
            header: 'Situação',
            render: (e) => (
              <Stack gap={2}>
                <StatusBadge status={ENTREGA_STATUS_TEXTO[e.status].toUpperCase()} color={STATUS_COLOR[e.status]} />
                {e.status === 'pendente' && e.proxima_tentativa && (
                  <Text size="xs" c="dimmed">
                    próxima: <DateText value={e.proxima_tentativa} withTime />
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'tentativas',
            header: 'Tentativas',
            render: (e) => (
              <Stack gap={4}>
                <Button size="compact-xs" variant="subtle" onClick={() => setAberta(aberta === e.id ? null : e.id)} aria-expanded={aberta === e.id}>
                  {e.tentativas} tentativa(s){e.ultimo_status_http ? ` · HTTP ${e.ultimo_status_http}` : ''}
                </Button>
                {aberta === e.id && <Tentativas e={e} />}
              </Stack>
            ),
          },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (e) => (
              <Button size="xs" variant="light" onClick={() => void reenviar.run(e)} aria-label={`Reenviar evento da entrega ${e.id}`}>
                Reenviar
              </Button>
            ),
          },
        ]}
      />
      <Group align="flex-end">
        <DateField label="Reenviar eventos desde" w={170} value={desde} onChange={(v: string) => setDesde(v)} />
        <TextInput label="Hora" w={90} value={hora} onChange={(e) => setHora(e.currentTarget.value)} placeholder="00:00" maxLength={5} />
        <Button variant="light" disabled={!/^\d{4}-\d{2}-\d{2}$/.test(desde) || !/^\d{2}:\d{2}$/.test(hora)} loading={reenviarDesde.busy} onClick={() => void reenviarDesde.run()}>
          Reenviar desde
        </Button>
      </Group>
    </Stack>
  );
}
