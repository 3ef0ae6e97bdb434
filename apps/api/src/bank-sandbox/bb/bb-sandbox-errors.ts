import { bbErrosBody } from '@bg/domain';
import type { FastifyReply } from 'fastify';

/**
 * Error codes the sandbox answers in BB's `erros` shape. 4874915 is BB's own ("Nosso Número já
 * incluído anteriormente."); BB does not publish the others' codes, so the sandbox uses its own
 * range 90000xx (docs/banks.md lists them). Clients read the message, as the operator does.
 */
export const BB_SANDBOX_ERRO = {
  CAMPO_INVALIDO: '9000001',
  NAO_ENCONTRADO: '9000002',
  ALTERACAO_ANTES_DO_PRAZO: '9000003',
  SITUACAO_NAO_PERMITE: '9000004',
  CONVENIO_DIVERGENTE: '9000005',
  CORPO_INVALIDO: '9000006',
  ERRO_INTERNO: '9000500',
  INDISPONIVEL: '9000503',
} as const;

/**
 * BB's OpenAPI gives each endpoint its own error model: registration `ErroV4` (erros: codigo,
 * versao, mensagem, ocorrencia), listing `ErroV2` (erros: codigoMensagem, versaoMensagem,
 * textoMensagem, codigoRetorno), detail/alteração/baixa `Erro` (errors: code, message).
 */
export type BbErrorModel = 'v4' | 'v2' | 'erro';

export function bbErrorBody(model: BbErrorModel, status: number, erros: { codigo: string; mensagem: string }[]): unknown {
  if (model === 'v2') {
    return { erros: erros.map((e) => ({ codigoMensagem: e.codigo, versaoMensagem: '1', textoMensagem: e.mensagem, codigoRetorno: String(status) })) };
  }
  if (model === 'erro') return { errors: erros.map((e) => ({ code: e.codigo, message: e.mensagem })) };
  const ocorrencia = `SBX${Date.now().toString(36).toUpperCase()}`;
  return bbErrosBody(erros.map((e) => ({ ...e, ocorrencia })));
}

export function sendBbErros(reply: FastifyReply, status: number, erros: { codigo: string; mensagem: string }[], model: BbErrorModel = 'v4') {
  return reply.status(status).send(bbErrorBody(model, status, erros));
}

/** The OAuth server's and the gateway's 401 body ({statusCode, error, message, attributes.error}). */
export function sendOAuthErro(reply: FastifyReply, status: 400 | 401, message: string) {
  const error = status === 401 ? 'Unauthorized' : 'Bad Request';
  return reply.status(status).send({ statusCode: status, error, message, attributes: { error: message } });
}

/** The API gateway's own refusals (application key): {errors: [{code, message}]}. */
export function sendGatewayErro(reply: FastifyReply, status: 401 | 403, message: string) {
  return reply.status(status).send({ errors: [{ code: String(status), message }] });
}
