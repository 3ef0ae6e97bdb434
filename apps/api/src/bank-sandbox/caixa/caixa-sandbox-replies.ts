import type { FastifyReply } from 'fastify';
import { CAIXA_ERROS_INTEGRACAO, stringifyCaixaJson } from '@bg/domain';
import type { HangingRequests } from '../hanging-requests.js';
import type { CaixaSandboxFalha } from './caixa-sandbox-state.js';

/**
 * How the Caixa sandbox answers: bodies written by stringifyCaixaJson (the nosso número as an
 * int64 literal, as Caixa writes it) and errors in the Swagger's resposta_erro_Type — `negocial`
 * for business refusals (origem SIGCB, "(n) TEXTO" as SIGCB words them), `integracao` for the
 * gateway's own (BK/RA codes).
 */

export type CaixaAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export function caixaReply(reply: FastifyReply, answer: CaixaAnswer): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.code(answer.status).type('application/json; charset=utf-8').send(stringifyCaixaJson(answer.body));
}

export function negocial(status: number, erros: readonly { codigo: string; mensagem: string }[]): CaixaAnswer {
  const unique = erros.filter((e, i) => erros.findIndex((x) => x.codigo === e.codigo) === i);
  return {
    status,
    body: { negocial: unique.map((e) => ({ origem: 'SIGCB', codigo: e.codigo, mensagem: `(${Number(e.codigo)}) ${e.mensagem}` })) },
  };
}

export function integracao(status: number, erro: { codigo: string; mensagem: string }, headers?: Record<string, string>): CaixaAnswer {
  return { status, body: { integracao: { codigo: erro.codigo, mensagem: erro.mensagem } }, headers };
}

/** The answer a fault gives instead of the real one; null for a timeout (no answer at all). */
function faultAnswer(falha: CaixaSandboxFalha): CaixaAnswer | null {
  if (falha.tipo === 'erro500') return integracao(500, CAIXA_ERROS_INTEGRACAO.INDISPONIVEL);
  if (falha.tipo === 'indisponivel') return { status: 503, body: 'Service Unavailable' };
  return null;
}

/**
 * Runs one operation under the fault a test injected: before it (nothing happens at Caixa) or,
 * with aposProcessar, after it (the title exists, only the answer is lost). A timeout holds the
 * connection atrasoMs and drops it without a byte, as a gateway that gave up would (sooner if the
 * client gives up, or the sandbox closes: `hanging` releases it).
 */
export async function withFault(
  falha: CaixaSandboxFalha | null,
  reply: FastifyReply,
  hanging: HangingRequests,
  run: () => CaixaAnswer,
): Promise<FastifyReply> {
  if (!falha) return caixaReply(reply, run());
  if (falha.aposProcessar) run();
  const answer = faultAnswer(falha);
  if (answer?.status === 503) return reply.code(503).type('text/plain; charset=utf-8').send(answer.body as string);
  if (answer) return caixaReply(reply, answer);
  const released = hanging.hang(reply);
  const timer = setTimeout(() => reply.raw.destroy(), falha.atrasoMs);
  await released;
  clearTimeout(timer);
  return reply;
}
