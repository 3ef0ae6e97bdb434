import { Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { API_ESCOPO_LABEL, API_ESCOPOS, criarChaveSchema, todayInSaoPaulo, addDays, type ApiEscopo } from '@bg/domain';
import { DateField } from '../../../components';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { chaveKeys } from '../api/chave-queries';
import { chavesApi, type ChaveSegredo } from '../api/chaves';

type Values = { empresa_id: string; nome: string; escopos: string[]; ips: string; expira_em: string };
const validate = zodValidate(criarChaveSchema);

/** The allow-list as typed: one address or block per line (commas and spaces also separate). */
export const ipsDoTexto = (text: string) => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

/** The fields' messages, the allow-list's per-line ones (`ips.2`) shown on its one field. */
function fieldErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, msg] of Object.entries(errors)) {
    const field = key.startsWith('ips.') ? 'ips' : key.startsWith('escopos.') ? 'escopos' : key;
    out[field] ??= msg;
  }
  return out;
}

/**
 * Nova chave de API: the shop (administradores choose; a shop's user creates for its own), a name,
 * the scopes, an optional IP allow-list and an optional expiry. On success the parent shows the
 * key once.
 */
export function NovaChaveModal({ admin, empresaId, onClose, onCreated }: { admin: boolean; empresaId: number | null; onClose: () => void; onCreated: (segredo: ChaveSegredo) => void }) {
  const empresas = useQuery({ ...empresasForSelectQuery(), enabled: admin });
  const form = useForm<Values>({
    initialValues: { empresa_id: empresaId ? String(empresaId) : '', nome: '', escopos: [], ips: '', expira_em: '' },
    validate: (v) => fieldErrors(validate({ empresa_id: Number(v.empresa_id) || 0, nome: v.nome, escopos: v.escopos as ApiEscopo[], ips: ipsDoTexto(v.ips), expira_em: v.expira_em || null })),
  });
  const target = { setErrors: (errors: Record<string, string>) => form.setErrors(fieldErrors(errors)) };
  const send = useSubmit(
    (v: Values) =>
      chavesApi.create({ empresa_id: Number(v.empresa_id), nome: v.nome.trim(), escopos: v.escopos as ApiEscopo[], ips: ipsDoTexto(v.ips), expira_em: v.expira_em || null }),
    { form: target, result: false, invalidate: [chaveKeys.all], onSuccess: (res) => onCreated(res.data) },
  );
  return (
    <Modal opened onClose={onClose} title="Nova chave de API" centered size="lg">
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
          <TextInput label="Nome" withAsterisk placeholder="ERP, loja virtual…" description="Para reconhecer a chave na lista e na auditoria." data-autofocus maxLength={80} {...form.getInputProps('nome')} />
          <Checkbox.Group label="Escopos" withAsterisk description="O que o sistema da loja pode fazer com esta chave." {...form.getInputProps('escopos')}>
            <Stack gap={6} mt={6}>
              {API_ESCOPOS.map((e) => (
                <Checkbox key={e} value={e} label={`${API_ESCOPO_LABEL[e]} (${e})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label="IPs permitidos"
            description="Opcional: um endereço ou bloco CIDR por linha (ex.: 203.0.113.10 ou 203.0.113.0/24). Vazio: qualquer endereço."
            rows={3}
            {...form.getInputProps('ips')}
          />
          <DateField
            label="Validade"
            description="Opcional: a chave deixa de funcionar ao fim deste dia (horário de Brasília)."
            minDate={addDays(todayInSaoPaulo(), 1)}
            {...form.getInputProps('expira_em')}
          />
          <Text size="xs" c="dimmed">
            A chave é mostrada uma única vez, logo após a criação.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={send.busy}>
              Voltar
            </Button>
            <Button type="submit" loading={send.busy}>
              Criar chave
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
