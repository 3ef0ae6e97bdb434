import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatBRL, fromCents, SETTLEMENT_MAX_INSTALLMENTS, todayInSaoPaulo, ultimoVencimentoAceito, type SettlementSimulation } from '@bg/domain';
import { DataTable, DateField, DateText, MoneyInput, MoneyText } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { cobrancaApi, type BoletoPendente } from '../api/cobranca';
import { cobrancaKeys } from '../api/cobranca-queries';
import { acordoRequest, initialPlan, selectionValue, simulatePlan, withQtd, type PlanForm } from './acordo-plan';

export interface AcordoSimulacaoProps {
  pessoaId: number;
  nome: string;
  hoje: string;
  boletos: readonly BoletoPendente[];
  /**
   * The boletos ticked in the table above (the acordo covers them). Another selection is another
   * debt: the parent keys this component by it, so the simulation starts over.
   */
  selectedIds: number[];
  onCancel: () => void;
}

const QTD_OPTIONS = Array.from({ length: SETTLEMENT_MAX_INSTALLMENTS }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/**
 * The instalment simulation of "Novo Acordo" (spec §4 Settlement): count 1–10, due dates, first
 * value, Simular (hidden once a simulation exists); then the updated value, an editable discount
 * and the plan total; Refazer Simulação, Cancelar, Efetivar Acordo. Every figure comes from
 * simulateSettlement (the domain), and Efetivar sends them so the server can check them.
 */
export function AcordoSimulacao({ pessoaId, nome, hoje, boletos, selectedIds, onCancel }: AcordoSimulacaoProps) {
  const [form, setForm] = useState<PlanForm>(() => initialPlan(selectedIds, hoje));
  const [sim, setSim] = useState<SettlementSimulation | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const selection = selectionValue(boletos, selectedIds, hoje);

  // with one instalment the entrada is the whole balance (DOMAIN.md): filled, not typed
  const single = form.qtdParcelas === 1;
  const entrada = single ? (selection ? fromCents(selection.updatedCents) : null) : form.valorEntrada;
  const current: PlanForm = { ...form, valorEntrada: entrada };

  const efetivar = useSubmit(() => cobrancaApi.criarAcordo(acordoRequest(pessoaId, current, sim!)), {
    confirm: () => ({
      title: 'Efetivar Acordo',
      text: `Confirma o acordo de ${nome} em ${form.qtdParcelas} parcela(s), total de ${sim ? formatBRL(sim.totalCents) : ''}? Os boletos serão enviados para remoção.`,
      confirmLabel: 'Sim, efetivar acordo',
    }),
    invalidate: [cobrancaKeys.inadimplente(pessoaId), cobrancaKeys.inadimplentes, cobrancaKeys.acordos],
    onSuccess: () => {
      setSim(null);
      setForm(initialPlan([], hoje));
    },
    // a plan the server no longer accepts (another day, a boleto changed): simulate again
    onError: () => setSim(null),
  });

  function simular() {
    const result = simulatePlan(boletos, current, hoje);
    if (result.ok) {
      setSim(result.sim);
      setErrors({});
    } else {
      setErrors(result.errors);
    }
  }

  // The plan follows only valid input: while the discount is refused, the figures below it (computed
  // from the last valid keystroke) are hidden rather than shown beside a value they do not match.
  function changeDesconto(desconto: number | null) {
    const next = { ...current, desconto };
    setForm((f) => ({ ...f, desconto }));
    const result = simulatePlan(boletos, next, hoje);
    if (result.ok) {
      setSim(result.sim);
      setErrors({});
    } else {
      setErrors(result.errors);
    }
  }

  const refazer = () => {
    setSim(null);
    setErrors({});
    setForm((f) => ({ ...f, desconto: null }));
  };
  const locked = sim !== null;
  const blocked = Object.keys(errors).length > 0;

  return (
    <Paper withBorder p="md" component="section" aria-label="Simulação do acordo">
      <Stack gap="sm">
        <Title order={5}>Simulação do acordo</Title>
        {!selectedIds.length && <Text c="dimmed">Selecione ao menos um boleto pendente para simular o acordo.</Text>}
        <Group align="flex-start">
          <Select
            label="Quantidade de parcelas"
            data={QTD_OPTIONS}
            value={String(form.qtdParcelas)}
            allowDeselect={false}
            disabled={locked}
            w={180}
            onChange={(v) => v && setForm((f) => withQtd(f, Number(v), hoje))}
            error={errors.qtdParcelas}
          />
          <MoneyInput
            label="Valor da 1ª parcela"
            required
            w={200}
            value={entrada}
            disabled={locked || single}
            onChange={(v) => setForm((f) => ({ ...f, valorEntrada: v }))}
            error={errors.valorEntrada}
          />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {form.vencimentos.map((v, i) => (
            <DateField
              key={i}
              label={`Vencimento da parcela ${i + 1}`}
              required
              minDate={todayInSaoPaulo()}
              maxDate={ultimoVencimentoAceito(todayInSaoPaulo())}
              value={v}
              disabled={locked}
              onChange={(d) => setForm((f) => ({ ...f, vencimentos: f.vencimentos.map((x, k) => (k === i ? d : x)) }))}
              error={errors[`vencimentos.${i}`] ?? (i === 0 ? errors.vencimentos : undefined)}
            />
          ))}
        </SimpleGrid>
        {errors.boletoIds && <Text c="red" size="sm">{errors.boletoIds}</Text>}
        {!locked && (
          <Group>
            <Button onClick={simular} disabled={!selectedIds.length}>
              Simular
            </Button>
          </Group>
        )}
        {sim && (
          <>
            <Group align="flex-end" gap="xl">
              {sim.previousPaymentsCents > 0 && <Figure label="Pagamentos anteriores" cents={sim.previousPaymentsCents} />}
              <Figure label="Valor atualizado" cents={sim.updatedCents} />
              <MoneyInput label="Desconto" w={200} value={form.desconto} onChange={changeDesconto} error={errors.desconto ?? errors.valorEntrada} />
              {!blocked && <Figure label="Total do parcelamento" cents={sim.totalCents} />}
            </Group>
            {blocked ? (
              <Text c="dimmed" size="sm">
                Corrija os dados acima para ver as parcelas do acordo.
              </Text>
            ) : (
              <DataTable
                caption="Parcelas do acordo"
                rowKey={(p) => p.number}
                rows={sim.installments}
                columns={[
                  { key: 'number', header: 'Parcela', render: (p) => `${p.number}/${sim.installments.length}` },
                  { key: 'dueDate', header: 'Vencimento', kind: 'date', render: (p) => <DateText value={p.dueDate} /> },
                  { key: 'amountCents', header: 'Valor', align: 'right', kind: 'money', render: (p) => <MoneyText value={fromCents(p.amountCents)} /> },
                ]}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={refazer}>
                Refazer Simulação
              </Button>
              <Button variant="default" onClick={onCancel}>
                Cancelar
              </Button>
              <Button color="green" onClick={() => void efetivar.run()} loading={efetivar.busy} disabled={blocked}>
                Efetivar Acordo
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, cents }: { label: string; cents: number }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} aria-label={label}>
        <MoneyText value={fromCents(cents)} />
      </Text>
    </Stack>
  );
}
