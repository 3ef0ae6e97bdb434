import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caixaDataHora } from './caixa-sandbox-time.js';
import type { CaixaSandboxBoleto, CaixaSandboxState } from './caixa-sandbox-state.js';

/**
 * The sandbox's own controls under /caixa/sandbox — not Caixa's contract (docs/banks.md lists
 * them): pay a title (what a payer at a lottery house or by Pix would do), inject faults, look at
 * the state, start over. Caixa's boleto API sends no payment webhook (payments come back in
 * Consulta_Boleto and in the CNAB retorno), so paying records the payment for consultar only.
 */

const pagarSchema = z.object({
  beneficiario: z.string().regex(/^\d{1,7}$/).optional(),
  valorPagoCents: z.number().int().positive().optional(),
  /** When the payment happened (ISO date-time); the sandbox's now when omitted. */
  data: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  canal: z.enum(['PIX', 'AGENCIA', 'LOTERICA', 'INTERNET', 'AUTOATENDIMENTO', 'CORRESPONDENTE']).optional(),
});

const falhaSchema = z.object({
  rota: z.enum(['token', 'registrar', 'consultar', 'alterar', 'baixar']),
  tipo: z.enum(['timeout', 'erro500', 'indisponivel']),
  vezes: z.number().int().min(1).max(1000).default(1),
  aposProcessar: z.boolean().default(false),
  atrasoMs: z.number().int().min(0).max(120_000).default(2_000),
});

/** A title as the controls show it (plain JSON: the nosso número as text). */
export function boletoView(b: CaixaSandboxBoleto) {
  return {
    beneficiario: b.beneficiario,
    nosso_numero: b.nossoNumero,
    situacao: b.situacao,
    valor_cents: b.valorCents,
    data_vencimento: b.dataVencimento,
    linha_digitavel: b.linhaDigitavel,
    pix: b.pix !== null,
    registrado_em: b.registradoEm,
    alterado_em: b.alteradoEm,
    baixado_em: b.baixadoEm,
    valor_pago_cents: b.valorPagoCents,
    data_hora_pagamento: b.dataHoraPagamento,
    canal: b.canal,
  };
}

function findByNossoNumero(state: CaixaSandboxState, nossoNumero: string, beneficiario?: string): CaixaSandboxBoleto | undefined {
  if (beneficiario) return state.find(String(Number(beneficiario)), nossoNumero);
  return [...state.boletos.values()].find((b) => b.nossoNumero === nossoNumero);
}

export function registerCaixaSandboxControls(app: FastifyInstance, state: CaixaSandboxState, now: () => Date): void {
  app.post<{ Params: { nn: string } }>('/sandbox/boletos/:nn/pagar', async (request, reply) => {
    const parsed = pagarSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ mensagem: 'Pedido de pagamento inválido.', erros: parsed.error.issues });
    const boleto = findByNossoNumero(state, request.params.nn, parsed.data.beneficiario);
    if (!boleto) return reply.code(404).send({ mensagem: 'Título não encontrado no sandbox.' });
    if (boleto.situacao !== 'EM ABERTO') {
      return reply.code(409).send({ mensagem: `Título não está em aberto (situação ${boleto.situacao}).` });
    }
    const moment = parsed.data.data ? new Date(parsed.data.data.length === 10 ? `${parsed.data.data}T12:00:00-03:00` : parsed.data.data) : now();
    boleto.situacao = 'LIQUIDADO';
    boleto.valorPagoCents = parsed.data.valorPagoCents ?? boleto.valorCents;
    boleto.dataHoraPagamento = caixaDataHora(moment);
    boleto.canal = parsed.data.canal ?? (boleto.pix ? 'PIX' : 'INTERNET');
    return boletoView(boleto);
  });

  app.get<{ Params: { nn: string }; Querystring: { beneficiario?: string } }>('/sandbox/boletos/:nn', async (request, reply) => {
    const boleto = findByNossoNumero(state, request.params.nn, request.query.beneficiario);
    if (!boleto) return reply.code(404).send({ mensagem: 'Título não encontrado no sandbox.' });
    return boletoView(boleto);
  });

  app.get('/sandbox/boletos', async () => ({ boletos: [...state.boletos.values()].map(boletoView) }));

  app.post('/sandbox/falhas', async (request, reply) => {
    const parsed = falhaSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ mensagem: 'Falha inválida.', erros: parsed.error.issues });
    state.falhas.push(parsed.data);
    return { falhas: state.falhas };
  });

  app.get('/sandbox/falhas', async () => ({ falhas: state.falhas }));

  app.post('/sandbox/reset', async () => {
    state.reset();
    return { ok: true };
  });
}
