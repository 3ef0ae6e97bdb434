// Banco do Brasil "API Cobranças" v2: request bodies, response/error/webhook readers and the
// documented rules as zod schemas. Pure: the HTTP client is apps/api's, the sandbox validates with
// these schemas. Sources of every field: docs/banks.md.
export { BbFormatError, type BbFormatErrorCode } from './bb-error.js';
export {
  bbDate,
  parseBbDate,
  bbMoney,
  bbHundredths,
  parseBbMoney,
  bbNumeroTituloCliente,
  convenioOfNumeroTituloCliente,
  bbText,
  bbSeuNumero,
} from './bb-values.js';
export * from './bb-codes.js';
export { BB_LIMITS } from './bb-limits.js';
export {
  buildBbRegistroBody,
  bbJurosMora,
  bbMulta,
  JUROS_DIA_MILESIMOS_PADRAO,
  MULTA_BPS_PADRAO,
  type BbTituloInput,
  type BbRegistroBody,
  type BbPagadorBody,
  type BbJurosMoraBody,
  type BbMultaBody,
} from './bb-registro.js';
export { buildBbAlteracaoBody, buildBbBaixaBody, type BbAlteracaoBody, type BbBaixaBody } from './bb-alteracao.js';
export {
  bbRegistroBodySchema,
  bbAlteracaoBodySchema,
  bbBaixaBodySchema,
  type BbRegistroBodyParsed,
  type BbAlteracaoBodyParsed,
} from './bb-schemas.js';
export {
  parseBbRegistroResposta,
  parseBbDetalhe,
  parseBbListagem,
  type BbRegistroResposta,
  type BbDetalhe,
  type BbListagem,
  type BbListagemItem,
} from './bb-respostas.js';
export { parseBbErros, isBbNossoNumeroJaIncluido, bbErrosBody, type BbErro } from './bb-erros.js';
export {
  parseBbBaixaOperacionalListagem,
  type BbBaixaOperacionalItem,
  type BbBaixaOperacionalListagem,
} from './bb-baixa-operacional-listagem.js';
export {
  parseBbBaixaOperacional,
  type BbBaixaOperacional,
  type BbBaixaOperacionalWire,
} from './bb-webhook.js';
