import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { DENY_REASONS, negarGarantiaFormSchema, type DenyReason } from '@bg/domain';
import { zodValidate } from '../../../lib/zod-form';

export interface DenyModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (motivo: DenyReason, observacao: string) => Promise<void>;
}

/** Negar: the spec's eight reasons (the first by default) and a 6-row note; Fechar / Confirmar. */
export function DenyModal({ opened, onClose, onConfirm }: DenyModalProps) {
  const [motivo, setMotivo] = useState<DenyReason>(DENY_REASONS[0]);
  const [observacao, setObservacao] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const found = zodValidate(negarGarantiaFormSchema)({ motivo, observacao });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onConfirm(motivo, observacao.trim());
      setObservacao('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Negar Garantia" centered size="lg">
      <Stack>
        <Select label="Motivo" data={[...DENY_REASONS]} value={motivo} onChange={(v) => setMotivo(DENY_REASONS.find((r) => r === v) ?? DENY_REASONS[0])} allowDeselect={false} error={errors.motivo} withAsterisk />
        <Textarea label="Observação" rows={6} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} error={errors.observacao} withAsterisk maxLength={2000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            Confirmar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
