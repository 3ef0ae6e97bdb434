import { useEffect, useRef } from 'react';
import type { WizardValues } from './wizard-form';

/**
 * The guarantee wizard's draft (issue 25): what the operator typed survives a reload of the tab.
 * Kept in sessionStorage — this tab only, gone when it closes, never sent anywhere — under the
 * user's id (another login in the same tab does not see it), until the request is sent, the lookup
 * ends the wizard (900) or the operator discards it. Files are never stored (their bytes would not
 * fit, and personal documents do not belong in the browser's storage): only their names, so the
 * screen can say which to choose again. The lookup is not repeated on restore: the draft keeps
 * what it answered (pessoa, the Loja's instalment maximum).
 */
export type WizardDraft = {
  version: 1;
  savedAt: string;
  /** 0 CONSULTA, 1 DADOS DO CLIENTE, 2 DADOS DA SOLICITAÇÃO (RESULTADO is never kept). */
  step: number;
  documento: string;
  lojaId: string | null;
  maxParcelas: number;
  pessoaId: number | null;
  values: WizardValues;
  /** Names of the files chosen before the reload; the files themselves are not kept. */
  arquivos: string[];
};

const draftKey = (userId: number) => `bg:garantia-rascunho:${userId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the wizard works, without drafts
  }
}

/** The saved draft, or null (none, another version, or unreadable). */
export function readWizardDraft(userId: number): WizardDraft | null {
  const raw = storage()?.getItem(draftKey(userId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<WizardDraft>;
    if (draft.version !== 1 || typeof draft.step !== 'number' || draft.step < 0 || draft.step > 2 || !draft.values) return null;
    return { ...draft, arquivos: Array.isArray(draft.arquivos) ? draft.arquivos : [] } as WizardDraft;
  } catch {
    return null;
  }
}

export function clearWizardDraft(userId: number) {
  storage()?.removeItem(draftKey(userId));
}

/** Nothing typed yet: no draft worth keeping. */
const isEmpty = (d: Omit<WizardDraft, 'version' | 'savedAt'>) => d.step === 0 && !d.documento.trim();

/**
 * Saves the wizard's state whenever it changes while `active` (steps 1–3); an empty wizard removes
 * the draft. A quota error (very long texts) is ignored: the draft is a convenience.
 */
export function useSaveWizardDraft(userId: number, state: Omit<WizardDraft, 'version' | 'savedAt'>, active: boolean) {
  const json = JSON.stringify(state);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!active || json === last.current) return;
    last.current = json;
    const s = storage();
    if (!s) return;
    const current = JSON.parse(json) as Omit<WizardDraft, 'version' | 'savedAt'>;
    if (isEmpty(current)) return void s.removeItem(draftKey(userId));
    try {
      s.setItem(draftKey(userId), JSON.stringify({ version: 1, savedAt: new Date().toISOString(), ...current } satisfies WizardDraft));
    } catch {
      // full or disabled storage: nothing is lost but the convenience
    }
  }, [json, active, userId]);
}
