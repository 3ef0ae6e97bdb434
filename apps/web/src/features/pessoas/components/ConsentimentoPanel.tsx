import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONSENTIMENTO_ORIGEM_TEXTO, type MensagemChannel } from '@bg/domain';
import { DateText, Section } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { consentimentoApi, consentimentoKey, consentimentoQuery } from '../api/consentimento';

const CHANNEL_LABEL: Record<MensagemChannel, string> = { whatsapp: 'WhatsApp', email: 'E-mail' };

type Pedido = { channel: MensagemChannel; aceito: boolean };

/**
 * A person's choice per channel (Pessoas, administradores; docs/messaging.md "Consentimento"): for
 * WhatsApp and e-mail, whether the person accepts messages or left the channel, since when and from
 * where (a "SAIR" answer, the payer page, an operator), and the history. An administrador records a
 * new choice the person told them (origem "operador"), with the reason; nothing is sent on a channel
 * the person left.
 */
export function ConsentimentoPanel({ pessoaId }: { pessoaId: number }) {
  const q = useQuery(consentimentoQuery(pessoaId));
  const [pedido, setPedido] = useState<Pedido | null>(null);
  const [detalhe, setDetalhe] = useState('');
  const registrar = useSubmit((p: Pedido) => consentimentoApi.registrar(pessoaId, { ...p, detalhe: detalhe.trim() || null }), {
    invalidate: [consentimentoKey(pessoaId)],
    onSuccess: () => {
      setPedido(null);
      setDetalhe('');
    },
  });

  return (
    <Section title="Mensagens: consentimento por canal">
      {q.isLoading && <Loader size="sm" />}
      {q.data && (
        <Stack gap="sm">
          <Table aria-label="Consentimento por canal">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Canal</Table.Th>
                <Table.Th>Escolha atual</Table.Th>
                <Table.Th>Desde</Table.Th>
                <Table.Th>Origem</Table.Th>
                <Table.Th>Ação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.canais.map(({ channel, atual }) => {
                const recusado = atual !== null && !atual.aceito;
                return (
                  <Table.Tr key={channel}>
                    <Table.Td>{CHANNEL_LABEL[channel]}</Table.Td>
                    <Table.Td>
                      {atual === null ? (
                        <Badge color="gray" variant="light">Sem registro (mensagens do contrato permitidas)</Badge>
                      ) : recusado ? (
                        <Badge color="red">Recusou</Badge>
                      ) : (
                        <Badge color="green">Aceita</Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{atual ? <DateText value={atual.created_at} withTime /> : '—'}</Table.Td>
                    <Table.Td>
                      {atual ? (CONSENTIMENTO_ORIGEM_TEXTO[atual.origem] ?? atual.origem) : '—'}
                      {atual?.created_by ? ` (${atual.created_by})` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" color={recusado ? 'green' : 'red'} onClick={() => setPedido({ channel, aceito: recusado })}>
                        {recusado ? 'Registrar aceitação' : 'Registrar recusa'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {q.data.historico.length > 0 && (
            <Stack gap={2}>
              <Text size="sm" fw={600}>Histórico</Text>
              {q.data.historico.map((h) => (
                <Text size="xs" key={h.id}>
                  <DateText value={h.created_at} withTime /> — {CHANNEL_LABEL[h.channel]}: {h.aceito ? 'aceitou' : 'recusou'} · {CONSENTIMENTO_ORIGEM_TEXTO[h.origem] ?? h.origem}
                  {h.created_by ? ` (${h.created_by})` : ''}
                  {h.detalhe ? ` — ${h.detalhe}` : ''}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
      <Modal opened={pedido !== null} onClose={() => setPedido(null)} title={pedido ? `${pedido.aceito ? 'Aceitação' : 'Recusa'} do canal ${CHANNEL_LABEL[pedido.channel]}` : ''}>
        {pedido && (
          <Stack>
            <Text size="sm">
              {pedido.aceito
                ? 'A pessoa voltará a receber mensagens por este canal.'
                : 'Nenhuma mensagem será enviada por este canal enquanto a recusa valer; as que estiverem na fila serão suprimidas.'}
            </Text>
            <TextInput label="Motivo (opcional)" placeholder="Ex.: pediu por telefone em 27/11" maxLength={300} value={detalhe} onChange={(e) => setDetalhe(e.currentTarget.value)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPedido(null)}>
                Cancelar
              </Button>
              <Button loading={registrar.busy} onClick={() => void registrar.run(pedido)}>
                Registrar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Section>
  );
}
