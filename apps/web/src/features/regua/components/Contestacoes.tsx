import { useState } from 'react';
import { Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contestacaoMotivoSchema, REGUA_MSG } from '@bg/domain';
import { DateText, MoneyText, PagedTable } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { reguaApi, type Contestacao, type ContestacoesFiltro } from '../api/regua';
import { reguaKeys, useContestacoesList } from '../api/regua-queries';

type NovaContestacao = { boleto_id: number | ''; motivo: string };

/**
 * Boletos the payer contests (wrong value, goods returned, paid elsewhere…): while open, the régua
 * sends them nothing. Registered by boleto number with the reason; closed with the outcome.
 */
export function Contestacoes() {
  const [situacao, setSituacao] = useState<ContestacoesFiltro['situacao']>('abertas');
  const list = useContestacoesList({ situacao });
  const form = useForm<NovaContestacao>({
    initialValues: { boleto_id: '', motivo: '' },
    validate: {
      boleto_id: (v) => (typeof v === 'number' && v > 0 ? null : 'Informe o número do boleto.'),
      motivo: (v) => (contestacaoMotivoSchema.safeParse(v).success ? null : REGUA_MSG.motivoObrigatorio),
    },
  });
  const contestar = useSubmit((v: NovaContestacao) => reguaApi.contestar(Number(v.boleto_id), v.motivo), {
    form,
    invalidate: [reguaKeys.contestacoes, reguaKeys.proximos],
    onSuccess: () => form.reset(),
  });
  const encerrar = useSubmit((c: Contestacao) => reguaApi.encerrar(c.id, `Encerrada pelo operador: ${c.motivo}`.slice(0, 300)), {
    confirm: (c) => ({ title: 'Encerrar contestação', text: `O boleto ${c.boleto_id} de ${c.pessoa_nome} volta a receber as mensagens da régua.`, confirmLabel: 'Encerrar' }),
    invalidate: [reguaKeys.contestacoes, reguaKeys.proximos],
  });
  return (
    <Stack>
      <form onSubmit={form.onSubmit((v) => void contestar.run(v))} aria-label="Registrar contestação">
        <Group align="flex-end">
          <NumberInput label="Nº do boleto" w={150} min={1} allowDecimal={false} hideControls {...form.getInputProps('boleto_id')} />
          <TextInput label="Motivo" placeholder="ex.: mercadoria devolvida, valor errado" w={380} maxLength={300} {...form.getInputProps('motivo')} />
          <Button type="submit" loading={contestar.busy}>
            Registrar contestação
          </Button>
        </Group>
      </form>
      <SegmentedControl
        aria-label="Contestações"
        w={260}
        data={[
          { value: 'abertas', label: 'Abertas' },
          { value: 'encerradas', label: 'Encerradas' },
        ]}
        value={situacao}
        onChange={(v) => {
          const s = v === 'encerradas' ? 'encerradas' : 'abertas';
          setSituacao(s);
          list.setFilters({ situacao: s });
        }}
      />
      <PagedTable<Contestacao>
        caption="Contestações"
        rowKey={(c) => c.id}
        {...list.tableProps}
        columns={[
          { key: 'aberta_em', header: 'Aberta em', render: (c) => <DateText value={c.aberta_em} withTime /> },
          {
            key: 'boleto',
            header: 'Boleto',
            render: (c) => (
              <Stack gap={0}>
                <Text size="sm">
                  Boleto {c.boleto_id} · parcela {c.parcela}
                </Text>
                <Text size="xs" c="dimmed">
                  <MoneyText value={c.valor} /> · vence <DateText value={c.vencimento} />
                </Text>
              </Stack>
            ),
          },
          { key: 'pessoa', header: 'Pagador', render: (c) => `${c.pessoa_nome} (${c.loja})` },
          {
            key: 'motivo',
            header: 'Motivo',
            render: (c) => (
              <Stack gap={0} maw={320}>
                <Text size="sm">{c.motivo}</Text>
                <Text size="xs" c="dimmed">
                  por {c.aberta_por ?? '—'}
                  {c.encerrada_em ? ` · encerrada por ${c.encerrada_por ?? '—'}: ${c.encerramento ?? ''}` : ''}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (c) =>
              c.encerrada_em ? null : (
                <Button size="xs" variant="light" onClick={() => void encerrar.run(c)} aria-label={`Encerrar contestação do boleto ${c.boleto_id}`}>
                  Encerrar
                </Button>
              ),
          },
        ]}
      />
    </Stack>
  );
}
