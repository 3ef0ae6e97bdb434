import { useState } from 'react';
import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { DENY_REASONS, negarGarantiaFormSchema, type DenyReason } from '@bg/domain';
import { FormActions } from '../../../components';
import { zodValidate } from '../../../lib/zod-form';

export interface DenyModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (motivo: DenyReason, observacao: string) => Promise<void>;
  /** The request is in flight (Confirmar shows it). */
  loading?: boolean;
}

/** Negar: the spec's eight reasons (the first by default) and a 6-row note; Fechar / Confirmar. */
export function DenyModal({ opened, onClose, onConfirm, loading = false }: DenyModalProps) {
  const [motivo, setMotivo] = useState<DenyReason>(DENY_REASONS[0]);
  const [observacao, setObservacao] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const confirm = async () => {
    const found = zodValidate(negarGarantiaFormSchema)({ motivo, observacao });
    setErrors(found);
    if (Object.keys(found).length) return;
    await onConfirm(motivo, observacao.trim());
    setObservacao('');
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Negar Garantia" centered size="lg">
      <Stack>
        <Select label="Motivo" data={[...DENY_REASONS]} value={motivo} onChange={(v) => setMotivo(DENY_REASONS.find((r) => r === v) ?? DENY_REASONS[0])} allowDeselect={false} error={errors.motivo} withAsterisk />
        <Textarea label="Observação" rows={6} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} error={errors.observacao} withAsterisk maxLength={2000} />
        <FormActions cancelLabel="Fechar" onCancel={onClose} submitLabel="Confirmar" submitColor="red" onSubmit={() => void confirm()} loading={loading} />
      </Stack>
    </Modal>
  );
}
