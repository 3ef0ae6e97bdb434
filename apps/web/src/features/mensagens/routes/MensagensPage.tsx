import { useState } from 'react';
import { Button, Code, Group, Select, Spoiler, Stack, Text } from '@mantine/core';
import { formatPhone, MENSAGEM_CHANNELS, MENSAGEM_STATUSES, type MensagemChannel, type MensagemStatus } from '@bg/domain';
import { DateText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { mensagemKeys, useMensagensList } from '../api/mensagem-queries';
import { mensagensApi, type MensagemFilters, type MensagemRow } from '../api/mensagens';

const CHANNEL_LABEL: Record<MensagemChannel, string> = { whatsapp: 'WhatsApp', email: 'E-mail' };
const STATUS_LABEL: Record<MensagemStatus, string> = { queued: 'NA FILA', sent: 'ENVIADA', delivered: 'ENTREGUE', read: 'LIDA', failed: 'FALHOU', suppressed: 'SUPRIMIDA' };
const STATUS_COLOR: Record<MensagemStatus, string> = { queued: 'yellow', sent: 'blue', delivered: 'teal', read: 'green', failed: 'red', suppressed: 'gray' };
const ABOUT: Record<string, string> = { assinatura: 'Assinatura', spc_inclusao: 'Aviso SPC', boleto: 'Boleto', garantia: 'Garantia' };

const recipient = (m: MensagemRow) => (m.channel === 'whatsapp' ? formatPhone(m.recipient) : m.recipient);

/**
 * Administração > Mensagens: the messaging outbox (WhatsApp / e-mail) — recipient, channel, text,
 * status, times and the provider's last error — and Reenviar for a message sent or given up
 * (queued again as a new message). Links are shown as text, never clickable: an operator opening
 * a customer's signing link would record the opening as the customer's.
 */
export function MensagensPage() {
  const [draft, setDraft] = useState<MensagemFilters>({ status: '', channel: '' });
  const list = useMensagensList(draft);
  const reenviar = useSubmit((m: MensagemRow) => mensagensApi.reenviar(m.id), {
    confirm: (m) => ({ title: 'Reenviar mensagem', text: `Enviar novamente esta mensagem para ${recipient(m)} (${CHANNEL_LABEL[m.channel]})?`, confirmLabel: 'Reenviar' }),
    invalidate: [mensagemKeys.all],
  });

  return (
    <Stack>
      <PageHeader title="Mensagens" />
      <Group align="flex-end">
        <Select
          label="Situação"
          w={200}
          data={[{ value: '', label: 'TODAS' }, ...MENSAGEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
          value={draft.status}
          onChange={(v) => setDraft((d) => ({ ...d, status: MENSAGEM_STATUSES.find((s) => s === v) ?? '' }))}
          allowDeselect={false}
        />
        <Select
          label="Canal"
          w={200}
          data={[{ value: '', label: 'TODOS' }, ...MENSAGEM_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABEL[c] }))]}
          value={draft.channel}
          onChange={(v) => setDraft((d) => ({ ...d, channel: MENSAGEM_CHANNELS.find((c) => c === v) ?? '' }))}
          allowDeselect={false}
        />
      </Group>
      <SearchBox placeholder="Pesquisar por destinatário ou texto" {...list.searchProps} onSearch={(text) => list.search(text, draft)} />
      <PagedTable<MensagemRow>
        caption="Mensagens"
        rowKey={(m) => m.id}
        {...list.tableProps}
        columns={[
          // dates may wrap between day and time, the recipient and the text wrap too: the outbox has
          // seven columns and must fit a 1280 px screen whole (issue 25)
          { key: 'created_at', header: 'Data', render: (m) => <DateText value={m.created_at} withTime /> },
          { key: 'channel', header: 'Canal', render: (m) => CHANNEL_LABEL[m.channel] },
          { key: 'recipient', header: 'Destinatário', render: (m) => <Text size="sm" maw={170} style={{ overflowWrap: 'anywhere' }}>{recipient(m)}</Text> },
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
            key: 'status',
            header: 'Situação',
            render: (m) => (
              <Stack gap={2}>
                <StatusBadge status={STATUS_LABEL[m.status]} color={STATUS_COLOR[m.status]} />
                <Text size="xs" c="dimmed">
                  {m.attempts} tentativa(s)
                </Text>
                {m.last_error && (
                  <Text size="xs" c="red" maw={220}>
                    {m.last_error}
                  </Text>
                )}
              </Stack>
            ),
          },
          { key: 'sent_at', header: 'Enviada em', render: (m) => (m.sent_at ? <DateText value={m.sent_at} withTime /> : '—') },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (m) =>
              m.status === 'queued' ? null : (
                <Button size="xs" variant="light" onClick={() => void reenviar.run(m)} aria-label={`Reenviar mensagem ${m.id}`}>
                  Reenviar
                </Button>
              ),
          },
        ]}
      />
    </Stack>
  );
}
