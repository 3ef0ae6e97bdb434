import type { FastifyReply } from 'fastify';
import type { Fault } from '../faults.js';
import { sleep } from '../hanging-requests.js';
import { BB_ROTA_ERROR_MODEL, type BbSandboxContext, type BbRota } from './bb-context.js';
import { BB_SANDBOX_ERRO, sendBbErros } from './bb-sandbox-errors.js';

export type BbAnswer = { status: number; body: unknown };

/**
 * Runs a route's work under the fault injected for it, if any: an error or a hang before the work
 * (nothing happens at the bank), or after it (the work is done but the client sees the failure), or
 * a slow answer. Without a fault it just answers the work's result.
 */
export async function answerWithFault(ctx: BbSandboxContext, rota: BbRota, reply: FastifyReply, work: () => BbAnswer): Promise<unknown> {
  const fault = ctx.faults.take(rota);
  if (fault && !fault.aposProcessar) {
    const stop = await applyFault(ctx, rota, fault, reply);
    if (stop) return reply;
  }
  const answer = work();
  if (fault && fault.aposProcessar && answer.status < 400) {
    const stop = await applyFault(ctx, rota, fault, reply);
    if (stop) return reply;
  }
  return reply.status(answer.status).send(answer.body);
}

/** true when the fault answered (or will never answer) the call. */
async function applyFault(ctx: BbSandboxContext, rota: BbRota, fault: Fault, reply: FastifyReply): Promise<boolean> {
  const model = BB_ROTA_ERROR_MODEL[rota];
  if (fault.tipo === 'erro500') {
    await sendBbErros(reply, 500, [{ codigo: BB_SANDBOX_ERRO.ERRO_INTERNO, mensagem: 'Erro interno (falha injetada no sandbox).' }], model);
    return true;
  }
  if (fault.tipo === 'indisponivel') {
    await sendBbErros(reply, 503, [{ codigo: BB_SANDBOX_ERRO.INDISPONIVEL, mensagem: 'Serviço indisponível (falha injetada no sandbox).' }], model);
    return true;
  }
  if (fault.atrasoMs === null) {
    await ctx.hanging.hang(reply);
    return true;
  }
  await sleep(fault.atrasoMs);
  return false;
}
