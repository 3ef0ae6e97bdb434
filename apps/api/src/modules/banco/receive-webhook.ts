import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../adapters/bank/bank-http.js';
import type { Db } from '../../db/client.js';
import { bancoComunicacao, bancoWebhook } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { BankServices } from '../../services.js';
import { bancoWebhookJob } from './banco-job-kinds.js';
import { contaById, openWebhookToken } from './conta-banco.js';

export const WEBHOOK_NAO_AUTORIZADO = 'Chamada não autorizada.';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * POST /api/banco/webhook/{contaId}?token=… — a bank's notice (BB: the "baixa operacional" array).
 * Answers fast: checks the conta and its token (the conta's own, or BANK_WEBHOOK_SECRET), keeps the
 * raw body with its hash (banco_webhook, and the exchange in banco_comunicacao) and enqueues the job
 * banco.webhook in the same transaction; the payments are applied by the job. An unknown conta or a
 * wrong token answers 401 and is written to the app's log (not to the database).
 */
export async function receiveWebhook(
  db: Db,
  bank: BankServices,
  jobs: JobQueue,
  input: { contaId: number; token: string | undefined; rawBody: string; url: string; ip: string | null; onRefused: (refusal: Record<string, unknown>) => void },
): Promise<{ webhookId: number }> {
  const started = performance.now();
  const conta = await contaById(db, input.contaId);
  const own = conta ? openWebhookToken(bank, conta) : null;
  const accepted = [own, bank.webhookSecret].filter((t): t is string => Boolean(t));
  const authorised = Boolean(conta && conta.modo === 'API' && input.token && accepted.some((t) => same(t, input.token as string)));
  const sha256 = sha256Hex(input.rawBody);
  const url = input.url.replace(/([?&]token=)[^&]*/, '$1***');
  if (!authorised) {
    // logged, not stored: a refused call writes nothing (anyone may call this URL; the database is not their log)
    input.onRefused({
      conta_id: input.contaId,
      motivo: conta ? (conta.modo === 'API' ? 'token inválido' : 'conta não trabalha por API') : 'conta desconhecida',
      ip: input.ip,
      sha256,
      bytes: input.rawBody.length,
    });
    throw new AppError('UNAUTHENTICATED', WEBHOOK_NAO_AUTORIZADO);
  }
  return db.transaction(async (tx) => {
    const [com] = await tx
      .insert(bancoComunicacao)
      .values({
        conta_cobranca_id: input.contaId,
        direcao: 'RECEBIDO',
        operacao: 'webhook',
        metodo: 'POST',
        url: url.slice(0, 600),
        status: 200,
        requisicao: input.rawBody.slice(0, 20_000),
        sha256,
        latencia_ms: Math.round(performance.now() - started),
      })
      .returning({ id: bancoComunicacao.id });
    const [hook] = await tx.insert(bancoWebhook).values({ conta_cobranca_id: input.contaId, comunicacao_id: com.id, corpo: input.rawBody, sha256 }).returning({ id: bancoWebhook.id });
    await jobs.enqueue(tx, bancoWebhookJob, { webhookId: hook.id }, { actor: null });
    return { webhookId: hook.id };
  });
}
