import { useEffect } from 'react';

type RecordForm<V> = { setValues(values: Partial<V>): void; resetDirty(): void };

/**
 * Puts a record loaded for editing (getById) into its form when it arrives, and again when it is
 * refetched, as the form's clean state: every edit form (empresa, pessoa, usuário, conta de
 * cobrança) loads the same way.
 */
export function useFormRecord<R, V>(form: RecordForm<V>, record: R | null | undefined, toValues: (record: R) => Partial<V>): void {
  useEffect(() => {
    if (record == null) return;
    form.setValues(toValues(record));
    form.resetDirty();
    // only a new record resets the form (form and toValues are new objects on every render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);
}
