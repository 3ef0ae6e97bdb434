import { sleep } from './hanging-requests.js';

/** One attempt to deliver a webhook: the HTTP status, or why no answer came. */
export type WebhookAttempt = { em: string; status: number | null; erro: string | null };

export type WebhookDelivery = {
  evento: string;
  url: string;
  corpo: unknown;
  tentativas: WebhookAttempt[];
  entregue: boolean;
};

/**
 * POSTs a webhook body as a bank does, retrying after each failure (no answer or not 2xx) with the
 * given waits; every attempt is recorded on the delivery, which the sandbox shows. Stops when the
 * sandbox closes (`stopped()`).
 */
export async function deliverWebhook(
  delivery: WebhookDelivery,
  retryDelaysMs: readonly number[],
  stopped: () => boolean,
  onAttempt: () => void,
): Promise<void> {
  const waits = [0, ...retryDelaysMs];
  for (const wait of waits) {
    if (wait > 0) await sleep(wait);
    if (stopped()) return;
    const attempt: WebhookAttempt = { em: new Date().toISOString(), status: null, erro: null };
    try {
      const res = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(delivery.corpo),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      attempt.status = res.status;
      delivery.entregue = res.ok;
    } catch (e) {
      attempt.erro = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    }
    delivery.tentativas.push(attempt);
    onAttempt();
    if (delivery.entregue) return;
  }
}
