import { Alert, Code, Drawer, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MENSAGEM_BASE_LEGAL_TEXTO, MENSAGEM_TIPO_TEXTO } from '@bg/domain';
import { DateText, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { mensagemQuery } from '../api/mensagem-queries';
import { CHANNEL_LABEL, EVENTO_LABEL, recipientText, STATUS_COLOR, STATUS_LABEL } from './mensagem-labels';

/**
 * One message in detail (Administração > Mensagens > Detalhes): who it is for, its kind and LGPD
 * basis, the provider and its id, the WhatsApp template and variables, and the timeline of every
 * state it went through with the provider's words — oldest first.
 */
export function MensagemDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ ...mensagemQuery(id ?? 0), enabled: id !== null });
  const m = q.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title={id !== null ? `Mensagem nº ${id}` : 'Mensagem'}>
      {q.isLoading && <Loader />}
      {q.isError && <Alert color="red">{errorMessage(q.error)}</Alert>}
      {m && (
        <Stack>
          <Group gap="xs">
            <StatusBadge status={STATUS_LABEL[m.status]} color={STATUS_COLOR[m.status]} />
            <Text size="sm">
              {CHANNEL_LABEL[m.channel]} para {recipientText(m)}
              {m.pessoa_nome ? ` (${m.pessoa_nome})` : ''}
            </Text>
          </Group>
          <Text size="sm">
            {MENSAGEM_TIPO_TEXTO[m.tipo]} · base legal: {MENSAGEM_BASE_LEGAL_TEXTO[m.base_legal]}
          </Text>
          {m.provider && (
            <Text size="sm">
              Provedor: {m.provider}
              {m.provider_id ? ` · id ${m.provider_id}` : ''}
            </Text>
          )}
          {m.whatsapp_template && (
            <Text size="sm">
              Modelo do WhatsApp: <Code>{m.whatsapp_template}</Code> {m.whatsapp_vars.length > 0 && `(${m.whatsapp_vars.join(' · ')})`}
            </Text>
          )}
          {m.subject && <Text fw={600}>{m.subject}</Text>}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text}
          </Text>
          {m.anexos.length > 0 && <Text size="sm">Anexos: {m.anexos.join(', ')}</Text>}
          <Title order={5}>Linha do tempo</Title>
          <Timeline active={m.eventos.length - 1} bulletSize={14} lineWidth={2} aria-label="Linha do tempo da mensagem">
            {m.eventos.map((e) => (
              <Timeline.Item key={e.id} title={EVENTO_LABEL[e.status] ?? e.status} color={e.status === 'failed' || e.status === 'retry' ? 'red' : undefined}>
                <Text size="xs" c="dimmed">
                  <DateText value={e.at} withTime />
                </Text>
                {e.detalhe && (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {e.detalhe}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
