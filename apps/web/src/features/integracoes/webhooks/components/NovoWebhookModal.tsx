import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { webhookCriarSchema } from '@bg/domain';
import { empresasForSelectQuery } from '../../../../lib/lookups';
import { useSubmit } from '../../../../lib/use-submit';
import { zodValidate } from '../../../../lib/zod-form';
import { webhookKeys } from '../api/webhook-queries';
import { webhooksApi } from '../api/webhooks';
import { EventosPicker } from './EventosPicker';

type Values = { empresa_id: string; url: string; descricao: string; eventos: string[] };
const validate = zodValidate(webhookCriarSchema);

/**
 * Novo webhook: the shop (administradores choose; a shop's user creates for its own), the https
 * address, a description and the events. On success the parent shows the secret once.
 */
export function NovoWebhookModal({ admin, empresaId, onClose, onCreated }: { admin: boolean; empresaId: number | null; onClose: () => void; onCreated: (segredo: string) => void }) {
  const empresas = useQuery({ ...empresasForSelectQuery(), enabled: admin });
  const form = useForm<Values>({
    initialValues: { empresa_id: empresaId ? String(empresaId) : '', url: 'https://', descricao: '', eventos: ['*'] },
    validate: (v) => validate({ ...v, empresa_id: Number(v.empresa_id) || 0 }),
  });
  const send = useSubmit((v: Values) => webhooksApi.create({ empresa_id: Number(v.empresa_id), url: v.url.trim(), eventos: v.eventos, descricao: v.descricao.trim() || null }), {
    form,
    result: false,
    invalidate: [webhookKeys.all],
    onSuccess: (res) => onCreated(res.data.segredo),
  });
  return (
    <Modal opened onClose={onClose} title="Novo webhook" centered size="lg">
      <form onSubmit={form.onSubmit((v) => void send.run(v))} noValidate>
        <Stack>
          {admin && (
            <Select
              label="Loja"
              withAsterisk
              searchable
              data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
              {...form.getInputProps('empresa_id')}
            />
          )}
          <TextInput label="Endereço (URL)" withAsterisk placeholder="https://erp.minhaloja.com.br/webhooks/boleto-garantido" data-autofocus maxLength={500} {...form.getInputProps('url')} />
          <TextInput label="Descrição" placeholder="ERP, loja virtual…" maxLength={120} {...form.getInputProps('descricao')} />
          <EventosPicker value={form.values.eventos} onChange={(v) => form.setFieldValue('eventos', v)} error={form.errors.eventos as string | undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={send.busy}>
              Voltar
            </Button>
            <Button type="submit" loading={send.busy}>
              Cadastrar webhook
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
