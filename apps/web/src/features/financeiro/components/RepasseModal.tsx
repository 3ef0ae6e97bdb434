import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { formatBRL, formatDateBR, LEDGER_MSG, registrarRepasseSchema, todayInSaoPaulo, toCents } from '@bg/domain';
import { DateField, MoneyInput, MoneyText } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { registrarRepasse, type SaldoLoja } from '../api/financeiro';
import { financeiroKeys, posicaoLojaQuery } from '../api/financeiro-queries';

type Values = { empresa_id: number; data: string; valor: number | null; referencia: string; observacao: string; chave: string };

/** One token per opened form: a second click or a retried request registers the repasse once. */
const novaChave = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '');

const validate = zodValidate(registrarRepasseSchema);

/**
 * Registering a repasse (administrador): date (not in the future), amount up to what the shop is
 * owed now (read again from the ledger when the form opens), bank reference and a note. A
 * confirmation states the amount, the shop and what the shop owed that is netted, before anything
 * is posted; the server checks the limit again under the shop's lock.
 */
export function RepasseModal({ loja, onClose }: { loja: SaldoLoja; onClose: () => void }) {
  const posicao = useQuery(posicaoLojaQuery(loja.empresa_id));
  const maximo = posicao.data?.a_repassar ?? loja.a_repassar;
  const aReceber = posicao.data?.a_receber ?? loja.a_receber;
  const form = useForm<Values>({
    initialValues: { empresa_id: loja.empresa_id, data: todayInSaoPaulo(), valor: null, referencia: '', observacao: '', chave: novaChave() },
    validate: (values) => {
      const errors = validate({ ...values, valor: values.valor ?? '' });
      if (!errors.valor && values.valor !== null && toCents(values.valor) > toCents(maximo)) {
        errors.valor = LEDGER_MSG.repasseMaiorQueDevido(formatBRL(toCents(values.valor)), formatBRL(toCents(maximo)));
      }
      return errors;
    },
  });
  const send = useSubmit((v: Values) => registrarRepasse({ ...v, valor: v.valor ?? 0 }), {
    form,
    confirm: (v) => ({
      title: 'Registrar repasse',
      text: `Registrar o repasse de ${formatBRL(toCents(v.valor ?? 0))} à loja ${loja.fantasia} em ${formatDateBR(v.data)}${v.referencia ? ` (${v.referencia})` : ''}?` +
        (toCents(aReceber) > 0 ? ` O que a loja deve à garantidora (${formatBRL(toCents(aReceber))}) será compensado no mesmo lançamento.` : '') +
        ' O lançamento no razão não pode ser desfeito.',
      confirmLabel: 'Sim, registrar repasse',
    }),
    invalidate: [financeiroKeys.all],
    onSuccess: onClose,
  });
  return (
    <Modal opened onClose={onClose} title={`Registrar repasse — ${loja.fantasia}`} centered>
      <form onSubmit={form.onSubmit((values) => void send.run(values))} noValidate>
        <Stack>
          <Text size="sm">
            A repassar agora: <b><MoneyText value={maximo} /></b>
            {toCents(aReceber) > 0 && (
              <>
                {' '}(a loja deve <MoneyText value={aReceber} />, compensado no repasse)
              </>
            )}
          </Text>
          <DateField label="Data do repasse" withAsterisk maxDate={todayInSaoPaulo()} {...form.getInputProps('data')} />
          <MoneyInput label="Valor" withAsterisk max={maximo} data-autofocus {...form.getInputProps('valor')} />
          <TextInput label="Referência bancária" placeholder="TED, Pix ou nº do comprovante" maxLength={100} {...form.getInputProps('referencia')} />
          <Textarea label="Observação" maxLength={300} rows={2} {...form.getInputProps('observacao')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={send.busy}>
              Voltar
            </Button>
            <Button type="submit" loading={send.busy} disabled={maximo <= 0}>
              Registrar repasse
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
