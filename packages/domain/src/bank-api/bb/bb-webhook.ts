import type { IsoDate } from '../../dates/calendar.js';
import type { Cents } from '../../money/cents.js';
import { BbFormatError } from './bb-error.js';
import { BbReader, isObject } from './bb-read.js';
import { BB_BAIXA_OPERACIONAL, bbCanalDaLiquidacao, type BbCanal, type BbEventoBaixaOperacional } from './bb-codes.js';

/**
 * One payment of BB's "baixa operacional" webhook (the body is an array of them). A baixa
 * operacional is the receiving bank's notice that the boleto was paid — provisional until the
 * settlement; code 10 cancels an earlier notice.
 */
export type BbBaixaOperacional = {
  /** numeroTituloCliente, 20 digits. */
  id: string;
  numeroConvenio: string;
  codigoEstado: 1 | 2 | 10;
  evento: BbEventoBaixaOperacional;
  dataRegistro: IsoDate | null;
  dataVencimento: IsoDate | null;
  valorOriginalCents: Cents | null;
  valorPagoCents: Cents;
  numeroOperacao: string | null;
  carteira: number | null;
  variacao: number | null;
  dataLiquidacao: IsoDate;
  /** 'HH:MM:SS' of dataLiquidacao when BB sent it. */
  horaLiquidacao: string | null;
  /** Compensation code of the paying bank ('001'). */
  instituicaoLiquidacao: string | null;
  codigoCanal: number | null;
  canal: BbCanal | null;
  codigoModalidade: number | null;
  tipoPessoaPortador: number | null;
  identidadePortador: string | null;
  nomePortador: string | null;
  formaPagamento: number | null;
};

/** The wire form of one payment, as BB sends it and the sandbox builds it. */
export type BbBaixaOperacionalWire = {
  id: string;
  dataRegistro: string;
  dataVencimento: string;
  valorOriginal: number;
  valorPagoSacado: number;
  numeroConvenio: number;
  numeroOperacao: number;
  carteiraConvenio: number;
  variacaoCarteiraConvenio: number;
  codigoEstadoBaixaOperacional: 1 | 2 | 10;
  dataLiquidacao: string;
  instituicaoLiquidacao: string;
  canalLiquidacao: number;
  codigoModalidadeBoleto: number;
  tipoPessoaPortador: number;
  identidadePortador: number;
  nomePortador: string;
  formaPagamento: number;
};

const HORA = /\s(\d{2}:\d{2}:\d{2})$/;

function parseItem(item: unknown, i: number): BbBaixaOperacional {
  if (!isObject(item)) throw new BbFormatError('WEBHOOK_INVALIDO', `Webhook BB: o pagamento ${i + 1} não é um objeto.`);
  const r = new BbReader(item, 'WEBHOOK_INVALIDO', `Webhook BB (pagamento ${i + 1})`);
  // BB documents id as a 20-digit string: a shorter one is not padded into someone else's boleto.
  const id = r.text('id');
  if (id === null || !/^000\d{17}$/.test(id)) throw new BbFormatError('WEBHOOK_INVALIDO', `Webhook BB (pagamento ${i + 1}): o id deve ter 20 dígitos ("000" + convênio + número).`, 'id');
  const codigoEstado = r.requiredInteger('codigoEstadoBaixaOperacional');
  if (codigoEstado !== 1 && codigoEstado !== 2 && codigoEstado !== 10) {
    throw new BbFormatError('WEBHOOK_INVALIDO', `Webhook BB (pagamento ${i + 1}): codigoEstadoBaixaOperacional ${codigoEstado} fora do domínio (1, 2, 10).`, 'codigoEstadoBaixaOperacional');
  }
  const valorPagoCents = r.money('valorPagoSacado');
  if (valorPagoCents === null) throw new BbFormatError('WEBHOOK_INVALIDO', `Webhook BB (pagamento ${i + 1}): o campo valorPagoSacado é obrigatório.`, 'valorPagoSacado');
  const dataLiquidacao = r.date('dataLiquidacao');
  if (dataLiquidacao === null) throw new BbFormatError('WEBHOOK_INVALIDO', `Webhook BB (pagamento ${i + 1}): o campo dataLiquidacao é obrigatório.`, 'dataLiquidacao');
  const codigoCanal = r.integer('canalLiquidacao');
  const tipoPessoaPortador = r.integer('tipoPessoaPortador');
  return {
    id,
    numeroConvenio: r.digits('numeroConvenio', 7) ?? id.slice(3, 10),
    codigoEstado,
    evento: codigoEstado === BB_BAIXA_OPERACIONAL.CANCELAMENTO ? 'CANCELAMENTO' : 'PAGAMENTO',
    dataRegistro: r.date('dataRegistro'),
    dataVencimento: r.date('dataVencimento'),
    valorOriginalCents: r.money('valorOriginal'),
    valorPagoCents,
    numeroOperacao: r.digits('numeroOperacao'),
    carteira: r.integer('carteiraConvenio'),
    variacao: r.integer('variacaoCarteiraConvenio'),
    dataLiquidacao,
    horaLiquidacao: HORA.exec(r.requiredText('dataLiquidacao'))?.[1] ?? null,
    instituicaoLiquidacao: r.digits('instituicaoLiquidacao', 3),
    codigoCanal,
    canal: bbCanalDaLiquidacao(codigoCanal),
    codigoModalidade: r.integer('codigoModalidadeBoleto'),
    tipoPessoaPortador,
    // Sent as a number: the CPF's or CNPJ's leading zeros come back from the person's type.
    identidadePortador: r.digits('identidadePortador', tipoPessoaPortador === 1 ? 11 : tipoPessoaPortador === 2 ? 14 : 0),
    nomePortador: r.text('nomePortador'),
    formaPagamento: r.integer('formaPagamento'),
  };
}

/** The webhook body → its payments; throws BbFormatError('WEBHOOK_INVALIDO') on a malformed body. */
export function parseBbBaixaOperacional(json: unknown): BbBaixaOperacional[] {
  if (!Array.isArray(json)) throw new BbFormatError('WEBHOOK_INVALIDO', 'Webhook BB: o corpo deve ser uma lista de pagamentos.');
  return json.map(parseItem);
}
