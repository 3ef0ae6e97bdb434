import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@bg/domain';

/**
 * Spec §9: a success dialog closes itself after 1.5 s (1 s after a slip update). An error dialog
 * stays until the operator dismisses it (issue 25): a message that vanishes before it is read
 * leaves the operator guessing what failed.
 */
export const RESULT_AUTO_CLOSE_MS = 1500;

/** What the API answers on actions (spec §7: status 200 means success) — the whole body fits. */
export interface ResultPayload {
  status: number;
  msg?: ReactNode;
  /** Same as options.autoCloseMs; allowed here so a caller can pass one object. */
  autoCloseMs?: number;
}

export interface ResultOptions {
  /**
   * Milliseconds before a success dialog closes by itself (1000 after a slip update); every
   * success dialog closes, so a missing or non-positive value means the default 1.5 s. Ignored for
   * errors, which stay until closed.
   */
  autoCloseMs?: number;
  /** Called once the dialog is gone, however it was closed (e.g. to navigate afterwards). */
  onClose?: () => void;
}

/**
 * The spec's generic result dialog (§8): status 200 → "Tudo Certo!", anything else →
 * "Ops! Ocorreu um erro." with the server's msg. Returns the modal id.
 */
export function showResult({ status, msg, autoCloseMs: payloadMs }: ResultPayload, options: ResultOptions = {}): string {
  const ok = status === 200;
  const title = ok ? MSG.ok : MSG.genericError;
  const requested = options.autoCloseMs ?? payloadMs ?? RESULT_AUTO_CLOSE_MS;
  const autoCloseMs = !ok ? 0 : requested > 0 ? requested : RESULT_AUTO_CLOSE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const id = modals.open({
    title,
    centered: true,
    size: 'sm',
    // A user who closes it early must not have a later, unrelated dialog closed by our timer.
    onClose: () => {
      if (timer !== undefined) clearTimeout(timer);
      options.onClose?.();
    },
    children: (
      <Stack align="center" gap="sm" py="xs" data-result={ok ? 'success' : 'error'}>
        <ResultIcon ok={ok} />
        {msg !== undefined && msg !== null && msg !== '' && <Text ta="center">{msg}</Text>}
      </Stack>
    ),
  });

  if (autoCloseMs > 0) timer = setTimeout(() => modals.close(id), autoCloseMs);
  return id;
}

/** The ✓ / ✕ of a result (the dialog, the wizard's RESULTADO). */
export function ResultIcon({ ok, size = 48 }: { ok: boolean; size?: number }) {
  return (
    <ThemeIcon size={size} radius="xl" color={ok ? 'teal' : 'red'} variant="light" aria-hidden>
      <Text fw={700} fz={size / 2} lh={1}>
        {ok ? '✓' : '✕'}
      </Text>
    </ThemeIcon>
  );
}

/** The error path of showResult, for failures that have no status (network, thrown errors). */
export function showError(msg: ReactNode, options?: ResultOptions): string {
  return showResult({ status: 0, msg }, options);
}

export interface ConfirmActionOptions {
  title: ReactNode;
  text: ReactNode;
  /**
   * The confirm button names the action it performs ("Sim, cancelar boleto", "Bloquear"), never a
   * bare "Confirmar": the operator reads what the click does (issue 25). Required for that reason.
   */
  confirmLabel: string;
  /** The way out, "Voltar" by default: never "Cancelar", which beside a cancellation reads as its yes. */
  cancelLabel?: string;
  /** Confirm button colour; red suits destructive actions such as Bloquear. */
  confirmColor?: string;
}

/**
 * Asks before an irreversible action (Bloquear/Ativar, quitar, baixar…). Resolves true on the
 * confirm button (named after the action), false on Voltar, Esc or a click outside.
 */
export function confirmAction({ title, text, confirmLabel, cancelLabel = 'Voltar', confirmColor }: ConfirmActionOptions): Promise<boolean> {
  return new Promise((resolve) => {
    // onConfirm runs before onClose, and a promise settles only once, so onClose → false is safe.
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: confirmColor ? { color: confirmColor } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
