/**
 * A kind of background job as the features that enqueue it know it: its name (also the pg-boss
 * queue's) and its payload's type. A feature declares the kind beside its handler; the catalogue
 * (catalogue.ts) binds each kind to its handler, retry policy and schedule, so enqueuing needs only
 * the kind and no module registers anything by being imported.
 */
export type JobKind<D> = {
  readonly kind: string;
  /** Type only (never set): ties the kind to its payload, so enqueue(kind, data) checks the data. */
  readonly payloadType?: (data: D) => void;
};

const KIND = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

/** Lower case, dots and dashes ('cnab.retorno-previa'), at most 100 characters. */
export function assertKindName(kind: string): void {
  if (!KIND.test(kind) || kind.length > 100) throw new Error(`job kind inválido: ${kind}`);
}

export function jobKind<D = Record<string, never>>(kind: string): JobKind<D> {
  assertKindName(kind);
  return Object.freeze({ kind });
}
