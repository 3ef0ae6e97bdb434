import { useEffect } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  REGUA_CANAIS,
  REGUA_CANAL_LABEL,
  REGUA_DIAS_MAX,
  REGUA_DIAS_MIN,
  REGUA_MAX_ETAPAS,
  REGUA_PARADAS_LABEL,
  REGUA_TEMPLATE_IDS,
  REGUA_TEMPLATES,
  reguaDiaLabel,
  reguaSalvarSchema,
  type ReguaCanal,
  type ReguaSalvarInput,
  type ReguaTemplateId,
} from '@bg/domain';
import { dateText } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { reguaApi, type Regua } from '../api/regua';
import { reguaKeys } from '../api/regua-queries';

export interface ReguaEditorProps {
  /** null: the default régua. */
  empresaId: number | null;
  lojaNome: string | null;
  regua: Regua;
}

const canalOptions = REGUA_CANAIS.map((c) => ({ value: c, label: REGUA_CANAL_LABEL[c] }));
const templateOptions = REGUA_TEMPLATE_IDS.map((t) => ({ value: t, label: REGUA_TEMPLATES[t].nome }));
const PARADAS = ['parar_acordo', 'parar_spc', 'parar_contestado'] as const;

const valuesOf = (r: Regua): ReguaSalvarInput => ({
  etapas: r.etapas.map(({ dias, canal, template, ativo }) => ({ dias, canal, template, ativo })),
  parar_acordo: r.parar_acordo,
  parar_spc: r.parar_spc,
  parar_contestado: r.parar_contestado,
});

/**
 * The steps of a régua (day relative to the due date, channel, template, active) and its stop
 * conditions; Salvar sends them whole. For a shop without its own régua the default's steps are
 * shown as a starting point: saving makes them the shop's own, "Voltar à régua padrão" removes it.
 */
export function ReguaEditor({ empresaId, lojaNome, regua }: ReguaEditorProps) {
  const form = useForm<ReguaSalvarInput>({ initialValues: valuesOf(regua), validate: zodValidate(reguaSalvarSchema) });
  useEffect(() => {
    form.setValues(valuesOf(regua));
    form.resetDirty(valuesOf(regua));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another régua is loaded
  }, [regua]);
  const salvar = useSubmit((values: ReguaSalvarInput) => reguaApi.salvar(empresaId, values), { form, invalidate: [reguaKeys.all] });
  const restaurar = useSubmit(() => reguaApi.restaurarPadrao(empresaId as number), {
    confirm: { title: 'Voltar à régua padrão', text: `A loja ${lojaNome ?? ''} deixará de ter régua própria e seguirá a régua padrão.`, confirmLabel: 'Voltar à régua padrão' },
    invalidate: [reguaKeys.all],
  });
  const etapas = form.values.etapas;
  const ordenar = () => form.setFieldValue('etapas', [...etapas].sort((a, b) => a.dias - b.dias || a.canal.localeCompare(b.canal)));

  return (
    <form onSubmit={form.onSubmit((v) => void salvar.run(v))} aria-label="Régua de cobrança">
      <Stack>
        {empresaId !== null && !regua.propria && (
          <Alert variant="light" color="blue">
            Esta loja segue a régua padrão (abaixo). Salvar cria a régua própria da loja: a partir daí ela usa somente as etapas dela.
          </Alert>
        )}
        <Table striped withTableBorder aria-label="Etapas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dia</Table.Th>
              <Table.Th>Canal</Table.Th>
              <Table.Th>Modelo de mensagem</Table.Th>
              <Table.Th>Ativa</Table.Th>
              <Table.Th aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {etapas.map((e, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <NumberInput
                      aria-label={`Dia da etapa ${i + 1}`}
                      w={90}
                      min={REGUA_DIAS_MIN}
                      max={REGUA_DIAS_MAX}
                      allowDecimal={false}
                      clampBehavior="none"
                      {...form.getInputProps(`etapas.${i}.dias`)}
                      onChange={(v) => form.setFieldValue(`etapas.${i}.dias`, typeof v === 'number' ? v : Number(v))}
                    />
                    <Text size="xs" c="dimmed" miw={40}>
                      {Number.isInteger(e.dias) ? reguaDiaLabel(e.dias) : ''}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Canal da etapa ${i + 1}`}
                    w={130}
                    data={canalOptions}
                    allowDeselect={false}
                    {...form.getInputProps(`etapas.${i}.canal`)}
                    onChange={(v) => form.setFieldValue(`etapas.${i}.canal`, (v ?? 'whatsapp') as ReguaCanal)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Modelo da etapa ${i + 1}`}
                    w={260}
                    data={templateOptions}
                    allowDeselect={false}
                    {...form.getInputProps(`etapas.${i}.template`)}
                    onChange={(v) => form.setFieldValue(`etapas.${i}.template`, (v ?? 'lembrete_dia') as ReguaTemplateId)}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch aria-label={`Etapa ${i + 1} ativa`} {...form.getInputProps(`etapas.${i}.ativo`, { type: 'checkbox' })} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remover etapa ${i + 1}`} onClick={() => form.removeListItem('etapas', i)}>
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            {etapas.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    Nenhuma etapa: nenhuma mensagem da régua será enviada.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {typeof form.errors.etapas === 'string' && <Text c="red" size="sm">{form.errors.etapas}</Text>}
        <Group>
          <Button
            variant="light"
            disabled={etapas.length >= REGUA_MAX_ETAPAS}
            onClick={() => form.insertListItem('etapas', { dias: 1, canal: 'whatsapp', template: 'atraso_amigavel', ativo: true })}
          >
            Adicionar etapa
          </Button>
          <Button variant="subtle" onClick={ordenar}>
            Ordenar por dia
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Dia relativo ao vencimento: −10 a +60 (0 = no dia do vencimento). Mensagens só saem das 8h às 20h (aos sábados até as 14h, horário de Brasília), nunca aos domingos e feriados
          nacionais, e no máximo uma mensagem de cobrança por pessoa por dia.
        </Text>
        <Stack gap={6} aria-label="Condições de parada">
          <Text fw={600} size="sm">
            A régua para quando
          </Text>
          <Checkbox label="Boleto pago, baixado ou cancelado (sempre)" checked disabled readOnly />
          <Checkbox label="Pessoa recusou o canal — respondeu SAIR ou pediu para não receber (sempre)" checked disabled readOnly />
          {PARADAS.map((p) => (
            <Checkbox key={p} label={REGUA_PARADAS_LABEL[p]} {...form.getInputProps(p, { type: 'checkbox' })} />
          ))}
        </Stack>
        {regua.updated_at && (
          <Text size="xs" c="dimmed">
            Última alteração: {dateText(regua.updated_at, true)}
            {regua.updated_by ? ` por ${regua.updated_by}` : ''}
          </Text>
        )}
        <Group justify="flex-end">
          {empresaId !== null && regua.propria && (
            <Button variant="default" onClick={() => void restaurar.run()} loading={restaurar.busy}>
              Voltar à régua padrão
            </Button>
          )}
          <Button type="submit" loading={salvar.busy}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
