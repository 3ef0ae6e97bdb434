import {
  BB_ERRO_NOSSO_NUMERO_JA_INCLUIDO,
  addDays,
  bbAlteracaoBodySchema,
  bbBaixaBodySchema,
  bbDate,
  bbRegistroBodySchema,
  dayInSaoPaulo,
  parseBbDate,
  toCents,
  type IsoDate,
} from '@bg/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodError } from 'zod';
import type { BbSandboxContext } from './bb-context.js';
import { answerWithFault, type BbAnswer } from './bb-fault-step.js';
import { listarBaixasOperacionais } from './bb-baixas-operacionais.js';
import { listarBoletos } from './bb-listagem.js';
import { checkBbAuth } from './bb-oauth.js';
import { bbLinhas, novoTitulo, registroRespostaJson } from './bb-registrar.js';
import { BB_SANDBOX_ERRO, bbErrorBody, sendBbErros, type BbErrorModel } from './bb-sandbox-errors.js';
import { NUMERO_CONTRATO_SANDBOX, bbDetalheJson, type BbTituloSandbox } from './bb-titulo.js';

const BOLETOS = '/cobrancas/v2/boletos';

function issues(error: ZodError): { codigo: string; mensagem: string }[] {
  return error.issues.map((i) => ({ codigo: BB_SANDBOX_ERRO.CAMPO_INVALIDO, mensagem: i.message }));
}

const fail = (model: BbErrorModel, status: number, codigo: string, mensagem: string): BbAnswer => ({
  status,
  body: bbErrorBody(model, status, [{ codigo, mensagem }]),
});

const horario = (now: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(now);

/** The boleto of an id and convênio, or the refusal to answer (model: the route's error model). */
function findTitulo(ctx: BbSandboxContext, id: string, numeroConvenio: unknown, model: BbErrorModel): BbTituloSandbox | BbAnswer {
  const titulo = ctx.store.titulos.get(id);
  if (!titulo) return fail(model, 404, BB_SANDBOX_ERRO.NAO_ENCONTRADO, `Boleto ${id} não encontrado.`);
  if (Number(numeroConvenio) !== titulo.numeroConvenio) {
    return fail(model, 400, BB_SANDBOX_ERRO.CONVENIO_DIVERGENTE, 'O número do convênio não corresponde ao boleto informado.');
  }
  return titulo;
}

const isAnswer = (v: BbTituloSandbox | BbAnswer): v is BbAnswer => 'status' in v;

export function registerBbCobrancaRoutes(app: FastifyInstance, ctx: BbSandboxContext): void {
  const { store, options } = ctx;

  app.post(BOLETOS, async (request, reply: FastifyReply) => {
    if (!checkBbAuth(ctx, request, reply)) return reply;
    const parsed = bbRegistroBodySchema.safeParse(request.body);
    if (!parsed.success) return sendBbErros(reply, 400, issues(parsed.error), 'v4');
    return answerWithFault(ctx, 'registrar', reply, () => {
      if (store.titulos.has(parsed.data.numeroTituloCliente)) {
        return fail('v4', 400, BB_ERRO_NOSSO_NUMERO_JA_INCLUIDO, 'Nosso Número já incluído anteriormente.');
      }
      const titulo = novoTitulo(parsed.data, options.now());
      store.titulos.set(titulo.numero, titulo);
      store.changed();
      return { status: 201, body: registroRespostaJson(titulo) };
    });
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(`${BOLETOS}/:id`, async (request, reply) => {
    if (!checkBbAuth(ctx, request, reply)) return reply;
    return answerWithFault(ctx, 'consultar', reply, () => {
      const found = findTitulo(ctx, request.params.id, request.query.numeroConvenio, 'erro');
      return isAnswer(found) ? found : { status: 200, body: bbDetalheJson(found) };
    });
  });

  app.get<{ Querystring: Record<string, string> }>(BOLETOS, async (request, reply) => {
    if (!checkBbAuth(ctx, request, reply)) return reply;
    return answerWithFault(ctx, 'listar', reply, () => listarBoletos(ctx, request.query));
  });

  app.get<{ Querystring: Record<string, string> }>('/cobrancas/v2/boletos-baixa-operacional', async (request, reply) => {
    if (!checkBbAuth(ctx, request, reply)) return reply;
    return answerWithFault(ctx, 'baixas-operacionais', reply, () => listarBaixasOperacionais(ctx, request.query));
  });

  app.patch<{ Params: { id: string } }>(`${BOLETOS}/:id`, async (request, reply) => {
    if (!checkBbAuth(ctx, request, reply)) return reply;
    const parsed = bbAlteracaoBodySchema.safeParse(request.body);
    if (!parsed.success) return sendBbErros(reply, 400, issues(parsed.error), 'erro');
    const b = parsed.data;
    return answerWithFault(ctx, 'alterar', reply, () => {
      const found = findTitulo(ctx, request.params.id, b.numeroConvenio, 'erro');
      if (isAnswer(found)) return found;
      const now = options.now();
      if (found.codigoEstado !== 1) return fail('erro', 400, BB_SANDBOX_ERRO.SITUACAO_NAO_PERMITE, 'A situação do boleto não permite alteração.');
      const elapsed = now.getTime() - Date.parse(found.registradoEm);
      if (elapsed < options.alteracaoDelayMs) {
        const minutes = Math.ceil(options.alteracaoDelayMs / 60_000);
        return fail('erro', 400, BB_SANDBOX_ERRO.ALTERACAO_ANTES_DO_PRAZO, `Alteração permitida somente ${minutes} minutos após o registro do boleto.`);
      }
      const change: BbTituloSandbox['alteracoes'][number] = { em: now.toISOString() };
      if (b.indicadorNovaDataVencimento === 'S' && b.alteracaoData) {
        const nova = parseBbDate(b.alteracaoData.novaDataVencimento) as IsoDate;
        if (nova < dayInSaoPaulo(now)) return fail('erro', 400, BB_SANDBOX_ERRO.CAMPO_INVALIDO, 'A nova data de vencimento não pode ser anterior à data atual.');
        found.dataVencimento = nova;
        if (found.multa.tipo > 0 && found.multa.data !== null && found.multa.data <= nova) {
          // The multa starts after the due date, wherever the due date goes.
          found.multa.data = addDays(nova, 1);
        }
        change.novaDataVencimento = nova;
      }
      if (b.indicadorNovoValorNominal === 'S' && b.alteracaoValor) {
        found.valorAtualCents = toCents(b.alteracaoValor.novoValorNominal);
        change.novoValorCents = found.valorAtualCents;
      }
      Object.assign(found, bbLinhas(found));
      found.alteracoes.push(change);
      store.changed();
      return { status: 200, body: { numeroContratoCobranca: NUMERO_CONTRATO_SANDBOX, dataAtualizacao: bbDate(dayInSaoPaulo(now)), horarioAtualizacao: horario(now) } };
    });
  });

  app.post<{ Params: { id: string } }>(`${BOLETOS}/:id/baixar`, async (request, reply) => {
    if (!checkBbAuth(ctx, request, reply)) return reply;
    const parsed = bbBaixaBodySchema.safeParse(request.body);
    if (!parsed.success) return sendBbErros(reply, 400, issues(parsed.error), 'erro');
    return answerWithFault(ctx, 'baixar', reply, () => {
      const found = findTitulo(ctx, request.params.id, parsed.data.numeroConvenio, 'erro');
      if (isAnswer(found)) return found;
      if (found.codigoEstado !== 1) return fail('erro', 400, BB_SANDBOX_ERRO.SITUACAO_NAO_PERMITE, 'A situação do boleto não permite baixa.');
      const now = options.now();
      found.codigoEstado = 7;
      found.dataMovimento = dayInSaoPaulo(now);
      found.baixadoEm = now.toISOString();
      store.changed();
      return { status: 200, body: { numeroContratoCobranca: String(NUMERO_CONTRATO_SANDBOX), dataBaixa: bbDate(dayInSaoPaulo(now)), horarioBaixa: horario(now) } };
    });
  });
}
