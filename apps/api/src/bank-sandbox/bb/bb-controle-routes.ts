import { BB_CANAL_LIQUIDACAO, BB_ESTADO_TITULO_TEXTO, isIsoDate, type BbCanal } from '@bg/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BB_ROTAS, type BbSandboxContext } from './bb-context.js';
import { cancelarPagamento, pagar } from './bb-pagamento.js';
import type { BbTituloSandbox } from './bb-titulo.js';

/**
 * The sandbox's own controls (not BB's API), under /bb/sandbox: pay a boleto as BB's homologação
 * simulation does, undo a payment, inject faults, look at the state, start over. No credentials:
 * the sandbox is a test double (docs/banks.md).
 */
const CANAIS = Object.keys(BB_CANAL_LIQUIDACAO) as [BbCanal, ...BbCanal[]];

const pagarSchema = z
  .object({
    valorPagoCents: z.number().int().positive().optional(),
    canal: z.enum(CANAIS).optional(),
    data: z.string().refine(isIsoDate, 'data: use AAAA-MM-DD.').optional(),
    liquidar: z.boolean().optional(),
  })
  .default({});

const falhaSchema = z.object({
  rota: z.enum(BB_ROTAS),
  tipo: z.enum(['timeout', 'erro500', 'indisponivel']),
  vezes: z.number().int().positive().default(1),
  aposProcessar: z.boolean().default(false),
  atrasoMs: z.number().int().nonnegative().nullable().default(null),
});

const resumo = (t: BbTituloSandbox) => ({
  numero: t.numero,
  numeroConvenio: t.numeroConvenio,
  seuNumero: t.seuNumero,
  codigoEstado: t.codigoEstado,
  estado: BB_ESTADO_TITULO_TEXTO[t.codigoEstado] ?? '',
  dataVencimento: t.dataVencimento,
  valorAtualCents: t.valorAtualCents,
  registradoEm: t.registradoEm,
  pagamento: t.pagamento,
  webhooks: t.webhooks.map((w) => ({ evento: w.evento, url: w.url, entregue: w.entregue, tentativas: w.tentativas })),
});

function refuse(reply: FastifyReply, status: number, mensagem: string) {
  return reply.status(status).send({ mensagem });
}

export function registerBbControleRoutes(app: FastifyInstance, ctx: BbSandboxContext): void {
  const { store } = ctx;
  const find = (id: string) => store.titulos.get(id);

  app.get<{ Querystring: { numeroConvenio?: string } }>('/sandbox/boletos', async (request) => {
    const convenio = request.query.numeroConvenio ? Number(request.query.numeroConvenio) : null;
    const boletos = [...store.titulos.values()].filter((t) => convenio === null || t.numeroConvenio === convenio).map(resumo);
    return { boletos };
  });

  app.get<{ Params: { id: string } }>('/sandbox/boletos/:id', async (request, reply) => {
    const t = find(request.params.id);
    return t ? t : refuse(reply, 404, `Boleto ${request.params.id} não está no sandbox.`);
  });

  app.post<{ Params: { id: string } }>('/sandbox/boletos/:id/pagar', async (request, reply) => {
    const t = find(request.params.id);
    if (!t) return refuse(reply, 404, `Boleto ${request.params.id} não está no sandbox.`);
    if (t.codigoEstado !== 1) return refuse(reply, 409, `O boleto está ${BB_ESTADO_TITULO_TEXTO[t.codigoEstado] ?? t.codigoEstado}: só um boleto em ser pode ser pago.`);
    const parsed = pagarSchema.safeParse(request.body ?? {});
    if (!parsed.success) return refuse(reply, 400, parsed.error.issues.map((i) => i.message).join(' '));
    const pagamento = pagar(ctx, t, parsed.data);
    return { pagamento, webhook: t.webhooks.at(-1)?.url ?? null };
  });

  app.post<{ Params: { id: string } }>('/sandbox/boletos/:id/liquidar', async (request, reply) => {
    const t = find(request.params.id);
    if (!t) return refuse(reply, 404, `Boleto ${request.params.id} não está no sandbox.`);
    if (t.codigoEstado !== 14) return refuse(reply, 409, 'Só um boleto em liquidação (pago com liquidar: false) pode ser liquidado.');
    t.codigoEstado = 6;
    store.changed();
    return resumo(t);
  });

  app.post<{ Params: { id: string } }>('/sandbox/boletos/:id/cancelar-pagamento', async (request, reply) => {
    const t = find(request.params.id);
    if (!t) return refuse(reply, 404, `Boleto ${request.params.id} não está no sandbox.`);
    if (!t.pagamento) return refuse(reply, 409, 'O boleto não tem pagamento a cancelar.');
    const cancelamento = cancelarPagamento(ctx, t);
    return { cancelamento, webhook: t.webhooks.at(-1)?.url ?? null };
  });

  // BB's own homologação simulation (S2 of docs/banks.md), so a client written for it works here too:
  // the boleto is found by its linha digitável and paid today, by Pix, for what is due.
  app.post<{ Params: { linhaDigitavel: string }; Querystring: Record<string, string> }>(
    '/testes-portal-desenvolvedor/v1/boletos-cobranca/:linhaDigitavel/pagar',
    async (request, reply) => {
      const key = request.query['gw-app-key'] ?? request.query['gw-dev-app-key'];
      if (!key) return reply.status(401).send({ errors: [{ code: '401', message: 'Informe a chave da aplicação no parâmetro gw-app-key.' }] });
      const linha = request.params.linhaDigitavel.replace(/\D/g, '');
      const t = [...store.titulos.values()].find((x) => x.linhaDigitavel === linha);
      if (!t) return refuse(reply, 404, 'Nenhum boleto com essa linha digitável.');
      if (t.codigoEstado !== 1) return refuse(reply, 409, 'O boleto não está em ser.');
      pagar(ctx, t, {});
      return { mensagem: 'Pagamento simulado.', numero: t.numero };
    },
  );

  app.get('/sandbox/falhas', async () => ({ falhas: ctx.faults.list() }));

  app.post('/sandbox/falhas', async (request, reply) => {
    const parsed = falhaSchema.safeParse(request.body);
    if (!parsed.success) return refuse(reply, 400, `Falha inválida: rota ∈ ${BB_ROTAS.join(', ')}; tipo ∈ timeout, erro500, indisponivel; vezes ≥ 1.`);
    ctx.faults.add(parsed.data);
    return reply.status(201).send({ falhas: ctx.faults.list() });
  });

  app.post('/sandbox/reset', async () => {
    store.reset();
    ctx.faults.clear();
    return { boletos: 0 };
  });
}
