import type { ReactNode } from 'react';
import { Button, Group, type GroupProps } from '@mantine/core';
import { useNavigate } from 'react-router';

export interface FormActionsProps extends Omit<GroupProps, 'children'> {
  /** The primary button; 'Salvar' by default. */
  submitLabel?: ReactNode;
  /** Spinner on the primary button while the request runs (useSubmit's `busy`). */
  loading?: boolean;
  /** Without it the primary button submits its <form>; with it, it is a plain button (modals, wizard). */
  onSubmit?: () => void;
  submitColor?: string;
  submitDisabled?: boolean;
  /** The secondary button: 'Cancelar' by default ('Voltar', 'Fechar', 'Anterior'…). */
  cancelLabel?: ReactNode;
  /** Where the secondary button goes: a path, or -1 for the previous page. */
  cancelTo?: string | -1;
  /** Or what it does (close a modal). Without cancelTo/onCancel there is no secondary button. */
  onCancel?: () => void;
  /** 'end': both on the right (forms); 'split': secondary on the left, primary on the right (wizard). */
  layout?: 'end' | 'split';
  /** Extra buttons placed before the primary one. */
  extra?: ReactNode;
}

/** The footer of every form: Cancelar/Voltar/Fechar plus the primary submit with its loading state. */
export function FormActions({
  submitLabel = 'Salvar',
  loading = false,
  onSubmit,
  submitColor,
  submitDisabled,
  cancelLabel = 'Cancelar',
  cancelTo,
  onCancel,
  layout = 'end',
  extra,
  ...group
}: FormActionsProps) {
  const disabled = layout === 'split' && loading;
  const secondary = onCancel ? (
    <Button variant="default" onClick={onCancel} disabled={disabled}>
      {cancelLabel}
    </Button>
  ) : (
    cancelTo !== undefined && (
      <NavigateButton to={cancelTo} disabled={disabled}>
        {cancelLabel}
      </NavigateButton>
    )
  );
  const primary = (
    <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={loading} color={submitColor} disabled={submitDisabled}>
      {submitLabel}
    </Button>
  );
  if (layout === 'split') {
    return (
      <Group justify="space-between" {...group}>
        <div>{secondary}</div>
        <Group gap="sm">
          {extra}
          {primary}
        </Group>
      </Group>
    );
  }
  return (
    <Group justify="flex-end" gap="sm" {...group}>
      {secondary}
      {extra}
      {primary}
    </Group>
  );
}

/** Navigation lives here, so FormActions also works outside the router (forms in modals.open). */
function NavigateButton({ to, disabled, children }: { to: string | -1; disabled: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button variant="default" onClick={() => (to === -1 ? navigate(-1) : navigate(to))} disabled={disabled}>
      {children}
    </Button>
  );
}
