import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { showAlert } from '../components/AlertBar';
import { confirmAction, showError, showResult, type ConfirmActionOptions, type ResultOptions } from '../components/ResultDialog';
import { ApiError, errorMessage } from './api-client';
import { applyServerErrors } from './zod-form';

/** A Mantine form (or anything) that takes the server's field messages. */
export type FieldErrorsTarget = { setErrors(errors: Record<string, string>): void };

export interface SubmitOptions<A extends unknown[], R> {
  /** 422 field messages (`errors`) go to this form's fields. */
  form?: FieldErrorsTarget;
  /** Asks first (irreversible actions): nothing is sent when the user says no. */
  confirm?: ConfirmActionOptions | ((...args: A) => ConfirmActionOptions);
  /**
   * Queries refetched once the request is over, whether it succeeded or not: after a refusal
   * (say, a 409 "already blocked") the screen must show the server's state, not the old one.
   */
  invalidate?: QueryKey[];
  /** The spec's result dialog (§8) on success, with these options (e.g. onClose → navigate); false: none. */
  result?: ResultOptions | false;
  /** How a failure is shown: the error dialog (default), the 3 s alert bar, or not at all. */
  error?: 'dialog' | 'alert' | 'none';
  /** The message when the failure carries none of its own (a network error). */
  errorFallback?: string;
  /** Options of the error dialog (e.g. autoCloseMs after a slip update). */
  errorDialog?: ResultOptions;
  onSuccess?: (result: R, ...args: A) => unknown;
  onError?: (err: unknown) => unknown;
}

export interface Submit<A extends unknown[], R> {
  /** Runs the action; answers its result, or undefined when refused, failed or not confirmed. */
  run: (...args: A) => Promise<R | undefined>;
  /** True while the request is in flight (for the button's `loading`). */
  busy: boolean;
}

const hasStatus = (value: unknown): value is { status: number; msg?: string } =>
  typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number';

/**
 * The one way a screen sends something (HOUSE-STYLE habit 3): busy state, the optional
 * confirmation, the server's field messages on the form, the spec's "Tudo Certo!" / "Ops! Ocorreu
 * um erro." dialogs (or the alert bar), and the refetch of what changed. Replaces the try / catch /
 * setBusy block every form and action used to repeat.
 */
export function useSubmit<A extends unknown[], R>(action: (...args: A) => Promise<R>, options: SubmitOptions<A, R> = {}): Submit<A, R> {
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  const run = async (...args: A): Promise<R | undefined> => {
    const { confirm, form, invalidate = [], result, error = 'dialog', errorFallback, errorDialog, onSuccess, onError } = options;
    if (confirm && !(await confirmAction(typeof confirm === 'function' ? confirm(...args) : confirm))) return undefined;
    setBusy(true);
    let outcome: R | undefined;
    try {
      outcome = await action(...args);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && form) applyServerErrors(form, err.errors);
      const msg = errorMessage(err, errorFallback);
      if (error === 'alert') showAlert(msg);
      else if (error === 'dialog') showError(msg, errorDialog);
      void Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onError?.(err);
      return undefined;
    }
    setBusy(false);
    // the answer first; what changed is refetched behind it (the list under a dialog, the next page)
    if (result !== false && hasStatus(outcome)) showResult(outcome, result);
    void Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    await onSuccess?.(outcome, ...args);
    return outcome;
  };

  return { run, busy };
}
