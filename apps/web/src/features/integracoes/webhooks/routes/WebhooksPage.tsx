import { useState } from 'react';
import { Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { WEBHOOK_EVENTO_LABEL, WEBHOOK_FALHAS_PARA_PAUSAR, type WebhookEvento } from '@bg/domain';
import { DateText, PagedTable, PageHeader, StatusBadge } from '../../../../components';
import { isAdmin, useCurrentUser } from '../../../../lib/auth';
import { LojaFiltro } from '../../components/LojaFiltro';
import { useSubmit } from '../../../../lib/use-submit';
import { useWebhooksList, webhookKeys } from '../api/webhook-queries';
import { webhooksApi, type WebhookRow } from '../api/webhooks';
import { NovoWebhookModal } from '../components/NovoWebhookModal';
import { SegredoModal } from '../components/SegredoModal';

export const eventosTexto = (eventos: readonly string[]) =>
  eventos.includes('*') ? 'Todos os eventos' : eventos.map((e) => WEBHOOK_EVENTO_LABEL[e as WebhookEvento] ?? e).join(', ');

/**
 * Administração > Webhooks (issue 28): a shop's endpoints — address, events, situação (paused by
 * hand or after 15 failures in a row), pending deliveries — with Novo webhook (the secret shown
 * once), Enviar evento de teste, Pausar/Reativar, Novo segredo (with a 24 h overlap), Remover and
 * each endpoint's delivery log. Administradores see every shop's; a shop's user its own.
 */
export function WebhooksPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const [empresaId, setEmpresaId] = useState<number | null>(null);
  const list = useWebhooksList({ empresa_id: null });
  const [novo, setNovo] = useState(false);
  const [segredo, setSegredo] = useState<{ valor: string; rotacao: boolean } | null>(null);

  const teste = useSubmit((w: WebhookRow) => webhooksApi.test(w.id), { invalidate: [webhookKeys.all] });
  const pausar = useSubmit((w: WebhookRow) => webhooksApi.pause(w.id), {
    confirm: (w) => ({ title: 'Pausar webhook', text: `Pausar as entregas para ${w.url}? Os eventos continuam guardados e saem ao reativar.`, confirmLabel: 'Pausar' }),
    invalidate: [webhookKeys.all],
  });
  const reativar = useSubmit((w: WebhookRow) => webhooksApi.reactivate(w.id), { invalidate: [webhookKeys.all] });
  const rotacionar = useSubmit((w: WebhookRow) => webhooksApi.rotate(w.id, 24), {
    confirm: (w) => ({ title: 'Novo segredo', text: `Gerar um novo segredo para ${w.url}? O atual continua assinando junto por 24 horas.`, confirmLabel: 'Gerar novo segredo' }),
    result: false,
    invalidate: [webhookKeys.all],
    onSuccess: (res) => setSegredo({ valor: res.data.segredo, rotacao: true }),
  });
  const remover = useSubmit((w: WebhookRow) => webhooksApi.remove(w.id), {
    confirm: (w) => ({ title: 'Remover webhook', text: `Remover ${w.url}? As entregas pendentes são canceladas; o registro de entregas fica.`, confirmLabel: 'Remover' }),
    invalidate: [webhookKeys.all],
  });

  return (
    <Stack>
      <PageHeader title="Webhooks" actions={<Button onClick={() => setNovo(true)}>Novo webhook</Button>} />
      <Text size="sm" c="dimmed">
        O sistema da loja recebe um POST assinado (X-Assinatura) a cada evento escolhido. Entregas que falham são repetidas por até 24 horas; após{' '}
        {WEBHOOK_FALHAS_PARA_PAUSAR} falhas seguidas o webhook é pausado e a loja é avisada por e-mail.
      </Text>
      {admin && (
        <LojaFiltro
          value={empresaId}
          onChange={(id) => {
            setEmpresaId(id);
            list.setFilters({ empresa_id: id });
          }}
        />
      )}
      <PagedTable<WebhookRow>
        caption="Webhooks"
        rowKey={(w) => w.id}
        {...list.tableProps}
        columns={[
          ...(admin ? [{ key: 'empresa', header: 'Loja', kind: 'name' as const, render: (w: WebhookRow) => w.empresa }] : []),
          {
            key: 'url',
            header: 'Endereço',
            render: (w) => (
              <Stack gap={2} maw={320}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {w.url}
                </Text>
                {w.descricao && (
                  <Text size="xs" c="dimmed">
                    {w.descricao}
                  </Text>
                )}
              </Stack>
            ),
          },
          { key: 'eventos', header: 'Eventos', render: (w) => <Text size="sm" maw={240}>{eventosTexto(w.eventos)}</Text> },
          {
            key: 'status',
            header: 'Situação',
            render: (w) => (
              <Stack gap={2}>
                <StatusBadge status={w.status === 'ativo' ? 'ATIVO' : 'PAUSADO'} color={w.status === 'ativo' ? 'green' : 'red'} />
                {w.status === 'pausado' && w.pausado_motivo && (
                  <Text size="xs" c="red" maw={220}>
                    {w.pausado_motivo}
                  </Text>
                )}
                {w.status === 'ativo' && w.falhas_consecutivas > 0 && (
                  <Text size="xs" c="orange">
                    {w.falhas_consecutivas} falha(s) seguida(s)
                  </Text>
                )}
              </Stack>
            ),
          },
          { key: 'pendentes', header: 'Pendentes', render: (w) => w.entregas_pendentes },
          { key: 'ultima', header: 'Última entrega', render: (w) => (w.ultima_entrega_em ? <DateText value={w.ultima_entrega_em} withTime /> : '—') },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (w) => (
              <Group gap={4} wrap="nowrap">
                <Anchor component={Link} to={`/administracao/webhooks/${w.id}/entregas`} size="sm" aria-label={`Entregas do webhook ${w.id}`}>
                  Entregas
                </Anchor>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="xs" variant="light" aria-label={`Ações do webhook ${w.id}`}>
                      Ações
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => void teste.run(w)}>Enviar evento de teste</Menu.Item>
                    {w.status === 'ativo' ? (
                      <Menu.Item onClick={() => void pausar.run(w)}>Pausar</Menu.Item>
                    ) : (
                      <Menu.Item onClick={() => void reativar.run(w)}>Reativar</Menu.Item>
                    )}
                    <Menu.Item onClick={() => void rotacionar.run(w)}>Gerar novo segredo</Menu.Item>
                    <Menu.Item color="red" onClick={() => void remover.run(w)}>
                      Remover
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ),
          },
        ]}
      />
      {novo && (
        <NovoWebhookModal
          admin={admin}
          empresaId={admin ? empresaId : (user.empresa?.id ?? null)}
          onClose={() => setNovo(false)}
          onCreated={(s) => {
            setNovo(false);
            setSegredo({ valor: s, rotacao: false });
          }}
        />
      )}
      {segredo && <SegredoModal segredo={segredo.valor} rotacao={segredo.rotacao} onClose={() => setSegredo(null)} />}
    </Stack>
  );
}
