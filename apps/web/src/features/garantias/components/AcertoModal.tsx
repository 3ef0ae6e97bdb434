import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { acertoAtendimentoSchema, padParcela } from '@bg/domain';
import { DateField, MoneyInput } from '../../../components';
import { zodValidate } from '../../../lib/zod-form';
import type { AcertoBody, BoletoRow } from '../api/garantias-api';

export interface AcertoModalProps {
  boleto: BoletoRow | null;
  onClose: () => void;
  onConfirm: (boleto: BoletoRow, values: AcertoBody) => Promise<void>;
}

/** "Acerto de Atendimento": new vencimento and valor of one boleto; Fechar / Confirmar. */
export function AcertoModal({ boleto, onClose, onConfirm }: AcertoModalProps) {
  const [vencimento, setVencimento] = useState('');
  const [valor, setValor] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setVencimento(boleto?.vencimento ?? '');
    setValor(boleto?.valor ?? null);
    setErrors({});
  }, [boleto]);

  const confirm = async () => {
    // valor may still be empty (null): the schema answers its "Campo obrigatório"
    const found = zodValidate<unknown>(acertoAtendimentoSchema)({ vencimento, valor });
    setErrors(found);
    if (Object.keys(found).length || !boleto || valor === null) return;
    setBusy(true);
    try {
      await onConfirm(boleto, { vencimento, valor });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={boleto !== null} onClose={onClose} title={`Acerto de Atendimento${boleto ? ` — parcela ${padParcela(boleto.parcela)}` : ''}`} centered>
      <Stack>
        <DateField label="Vencimento" value={vencimento} onChange={setVencimento} error={errors.vencimento} withAsterisk />
        <MoneyInput label="Valor" value={valor} onChange={setValor} error={errors.valor} withAsterisk />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={() => void confirm()} loading={busy}>
            Confirmar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
