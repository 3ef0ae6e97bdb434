import { useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import { acertoAtendimentoSchema, padParcela, todayInSaoPaulo, ultimoVencimentoAceito } from '@bg/domain';
import { DateField, FormActions, MoneyInput } from '../../../components';
import { zodValidate } from '../../../lib/zod-form';
import type { AcertoBody, BoletoRow } from '../api/garantias-api';

export interface AcertoModalProps {
  boleto: BoletoRow | null;
  onClose: () => void;
  onConfirm: (boleto: BoletoRow, values: AcertoBody) => void;
  /** The request is in flight (Confirmar shows it). */
  loading?: boolean;
}

/** "Acerto de Atendimento": new vencimento and valor of one boleto; Fechar / Confirmar. */
export function AcertoModal({ boleto, onClose, onConfirm, loading = false }: AcertoModalProps) {
  const [vencimento, setVencimento] = useState('');
  const [valor, setValor] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // another boleto opened: start from its figures (adjusted while rendering, not in an effect)
  const [shownFor, setShownFor] = useState<BoletoRow | null>(null);
  if (boleto !== shownFor) {
    setShownFor(boleto);
    setVencimento(boleto?.vencimento ?? '');
    setValor(boleto?.valor ?? null);
    setErrors({});
  }

  const confirm = () => {
    // valor may still be empty (null): the schema answers its "Campo obrigatório"
    const found = zodValidate<unknown>(acertoAtendimentoSchema)({ vencimento, valor });
    setErrors(found);
    if (Object.keys(found).length || !boleto || valor === null) return;
    onConfirm(boleto, { vencimento, valor });
  };

  return (
    <Modal opened={boleto !== null} onClose={onClose} title={`Acerto de Atendimento${boleto ? ` — parcela ${padParcela(boleto.parcela)}` : ''}`} centered>
      <Stack>
        <DateField
          label="Vencimento"
          value={vencimento}
          onChange={setVencimento}
          error={errors.vencimento}
          withAsterisk
          minDate={todayInSaoPaulo()}
          maxDate={ultimoVencimentoAceito(todayInSaoPaulo())}
        />
        <MoneyInput label="Valor" value={valor} onChange={setValor} error={errors.valor} withAsterisk />
        <FormActions cancelLabel="Fechar" onCancel={onClose} submitLabel="Confirmar" onSubmit={confirm} loading={loading} />
      </Stack>
    </Modal>
  );
}
