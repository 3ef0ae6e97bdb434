import { useState } from 'react';
import { Button, Code, Group, Select, Spoiler, Stack, Text } from '@mantine/core';
import {
  isIsoDate,
  MENSAGEM_BASE_LEGAL_TEXTO,
  MENSAGEM_CHANNELS,
  MENSAGEM_STATUSES,
  MENSAGEM_TIPO_LISTA,
  MENSAGEM_TIPO_TEXTO,
} from '@bg/domain';
import { DateField, DateText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { mensagemKeys, useMensagensList } from '../api/mensagem-queries';
import { mensagensApi, type MensagemFilters, type MensagemRow } from '../api/mensagens';
import { MensagemDrawer } from '../components/MensagemDrawer';
import { CHANNEL_LABEL, recipientText, REENVIAVEL, STATUS_COLOR, STATUS_LABEL } from '../components/mensagem-labels';

const ABOUT: Record<string, string> = { assinatura: 'Assinatura', spc_inclusao: 'Aviso SPC', boleto: 'Boleto', garantia: 'Garantia', consentimento: 'Consentimento' };
const PROVIDER_LABEL: Record<string, string> = { smtp: 'SMTP', whatsapp_cloud: 'WhatsApp Cloud API', webhook: 'Gateway (webhook)', outbox: 'Somente registro' };

/**
 * Administração > Mensagens: the messaging outbox (WhatsApp / e-mail) — recipient, channel, kind and
 * its LGPD basis, text, state on the way queued → sent → delivered → read (or failed / suppressed),
 * the provider and its id — filtered by Situação, Canal, Tipo and period, with each message's
 * timeline in a drawer and Reenviar for a message sent, failed or suppressed (queued again as a new
 * message; the server refuses one to a person who left the channel). Links are shown as text, never
 * clickable: an operator opening a customer's signing link would record the opening as the customer's.
 */
export function MensagensPage() {
  const [filters, setFilters] = useState<MensagemFilters>({ status: '', channel: '', tipo: '', de: '', ate: '' });
  const list = useMensagensList(filters);
  const [aberta, setAberta] = useState<number | null>(null);
  const reenviar = useSubmit((m: MensagemRow) => mensagensApi.reenviar(m.id), {
    confirm: (m) => ({ title: 'Reenviar mensagem', text: `Enviar novamente esta mensagem para ${recipientText(m)} (${CHANNEL_LABEL[m.channel]})?`, confirmLabel: 'Reenviar' }),
    invalidate: [mensagemKeys.all],
  });
  /** A select applies at once; a date once it is a whole date (or cleared). */
  const apply = (patch: Partial<MensagemFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.setFilters(patch);
  };
  const applyDate = (key: 'de' | 'ate', value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    if (value === '' || isIsoDate(value)) list.setFilters({ [key]: value });
  };

  return (
    <Stack>
      <PageHeader title="Mensagens" />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Situação"
          w={170}
          data={[{ value: '', label: 'TODAS' }, ...MENSAGEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
          value={filters.status}
          onChange={(v) => apply({ status: MENSAGEM_STATUSES.find((s) => s === v) ?? '' })}
          allowDeselect={false}
        />
        <Select
          label="Canal"
          w={150}
          data={[{ value: '', label: 'TODOS' }, ...MENSAGEM_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABEL[c] }))]}
          value={filters.channel}
          onChange={(v) => apply({ channel: MENSAGEM_CHANNELS.find((c) => c === v) ?? '' })}
          allowDeselect={false}
        />
        <Select
          label="Tipo"
          w={210}
          data={[{ value: '', label: 'TODOS' }, ...MENSAGEM_TIPO_LISTA.map((t) => ({ value: t, label: MENSAGEM_TIPO_TEXTO[t] }))]}
          value={filters.tipo}
          onChange={(v) => apply({ tipo: MENSAGEM_TIPO_LISTA.find((t) => t === v) ?? '' })}
          allowDeselect={false}
        />
        <DateField label="De" w={150} value={filters.de} onChange={(v) => applyDate('de', v)} />
        <DateField label="Até" w={150} value={filters.ate} onChange={(v) => applyDate('ate', v)} />
      </Group>
      <SearchBox placeholder="Pesquisar por destinatário, pessoa, texto ou id do provedor" {...list.searchProps} />
      <PagedTable<MensagemRow>
        caption="Mensagens"
        rowKey={(m) => m.id}
        {...list.tableProps}
        columns={[
          // dates may wrap between day and time, the recipient and the text wrap too: the outbox
          // must fit a 1280 px screen whole (issue 25)
          { key: 'created_at', header: 'Data', render: (m) => <DateText value={m.created_at} withTime /> },
          {
            key: 'recipient',
            header: 'Destinatário',
            render: (m) => (
              <Stack gap={2} maw={180}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{recipientText(m)}</Text>
                <Text size="xs" c="dimmed">
                  {CHANNEL_LABEL[m.channel]}
                  {m.pessoa_nome ? ` · ${m.pessoa_nome}` : ''}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'text',
            header: 'Mensagem',
            render: (m) => (
              <Stack gap={4} miw={200} maw={300}>
                {m.subject && <Text size="sm" fw={600}>{m.subject}</Text>}
                <Spoiler maxHeight={44} showLabel="Ver tudo" hideLabel="Ocultar">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.text}
                  </Text>
                </Spoiler>
                {m.link && (
                  <Code block aria-label="Link da mensagem" p={4} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                    {m.link}
                  </Code>
                )}
                {m.anexos.length > 0 && <Text size="xs">Anexos: {m.anexos.join(', ')}</Text>}
                {m.entity && (
                  <Text size="xs" c="dimmed">
                    {ABOUT[m.entity] ?? m.entity} #{m.entity_id}
                    {m.created_by ? ` · por ${m.created_by}` : ''}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'tipo',
            header: 'Tipo',
            render: (m) => (
              <Stack gap={2} maw={170}>
                <Text size="sm">{MENSAGEM_TIPO_TEXTO[m.tipo]}</Text>
                <Text size="xs" c="dimmed">{MENSAGEM_BASE_LEGAL_TEXTO[m.base_legal]}</Text>
              </Stack>
            ),
          },
          {
            key: 'status',
            header: 'Situação',
            render: (m) => (
              <Stack gap={2} maw={220}>
                <StatusBadge status={STATUS_LABEL[m.status]} color={STATUS_COLOR[m.status]} />
                <Text size="xs" c="dimmed">
                  {m.attempts} tentativa(s){m.provider ? ` · ${PROVIDER_LABEL[m.provider] ?? m.provider}` : ''}
                </Text>
                {m.provider_id && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} aria-label="Id no provedor">
                    {m.provider_id}
                  </Text>
                )}
                {m.last_error && (
                  <Text size="xs" c="red">
                    {m.erro_codigo ? `[${m.erro_codigo}] ` : ''}
                    {m.last_error}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (m) => (
              <Stack gap={4}>
                <Button size="xs" variant="default" onClick={() => setAberta(m.id)} aria-label={`Detalhes da mensagem ${m.id}`}>
                  Detalhes
                </Button>
                {REENVIAVEL.includes(m.status) && (
                  <Button size="xs" variant="light" onClick={() => void reenviar.run(m)} aria-label={`Reenviar mensagem ${m.id}`}>
                    Reenviar
                  </Button>
                )}
              </Stack>
            ),
          },
        ]}
      />
      <MensagemDrawer id={aberta} onClose={() => setAberta(null)} />
    </Stack>
  );
}

