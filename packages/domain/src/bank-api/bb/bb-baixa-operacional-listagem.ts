import type { IsoDate } from '../../dates/calendar.js';
import type { Cents } from '../../money/cents.js';
import { BB_BAIXA_OPERACIONAL, bbCanalDaLiquidacao, type BbCanal, type BbEventoBaixaOperacional } from './bb-codes.js';
import { BbFormatError } from './bb-error.js';
import { BbReader, isObject } from './bb-read.js';
import { parseBbDate } from './bb-values.js';

/**
 * GET /cobrancas/v2/boletos-baixa-operacional — the payments the receiving banks reported
 * (the same events as the webhook), by scheduling date: what a daily reconciliation reads. BB
 * enables this resource per convênio on request. Up to 650 per answer; with possuiMaisTitulos
 * "S" the next call sends proximoTitulo as idProximoTitulo.
 */
export type BbBaixaOperacionalItem = {
  id: string;
  numeroConvenio: string | null;
  carteira: number | null;
  variacao: number | null;
  codigoEstado: 1 | 2 | 10;
  evento: BbEventoBaixaOperacional;
  modalidade: number | null;
  dataRegistro: IsoDate | null;
  dataVencimento: IsoDate | null;
  valorOriginalCents: Cents | null;
  /** agendamentoPagamento.momento: when the payment was scheduled at the receiving bank. */
  dataPagamento: IsoDate | null;
  horaPagamento: string | null;
  instituicaoFinanceira: string | null;
  codigoCanal: number | null;
  canal: BbCanal | null;
  /** agendamentoPagamento.valorCIP: the amount reported to the interbank chamber. */
  valorPagoCents: Cents | null;
};

export type BbBaixaOperacionalListagem = { pagamentos: BbBaixaOperacionalItem[]; proximoTitulo: string | null };

const HORA = /\s(\d{2}:\d{2}(?::\d{2})?)/;

function item(raw: unknown, i: number): BbBaixaOperacionalItem {
  const where = `Baixas operacionais BB (registro ${i + 1})`;
  if (!isObject(raw) || !isObject(raw.titulo)) throw new BbFormatError('RESPOSTA_INVALIDA', `${where}: falta o objeto titulo.`, 'titulo');
  const l = new BbReader(raw, 'RESPOSTA_INVALIDA', where);
  const t = new BbReader(raw.titulo, 'RESPOSTA_INVALIDA', where);
  const id = t.text('id');
  if (id === null || !/^000\d{17}$/.test(id)) throw new BbFormatError('RESPOSTA_INVALIDA', `${where}: titulo.id deve ter 20 dígitos.`, 'titulo.id');
  const codigoEstado = t.requiredInteger('estadoBaixaOperacional');
  if (codigoEstado !== 1 && codigoEstado !== 2 && codigoEstado !== 10) {
    throw new BbFormatError('RESPOSTA_INVALIDA', `${where}: estadoBaixaOperacional ${codigoEstado} fora do domínio (1, 2, 10).`, 'titulo.estadoBaixaOperacional');
  }
  const ag = isObject(raw.titulo.agendamentoPagamento) ? new BbReader(raw.titulo.agendamentoPagamento, 'RESPOSTA_INVALIDA', where) : null;
  const momento = ag?.text('momento') ?? null;
  const codigoCanal = ag?.integer('canal') ?? null;
  return {
    id,
    numeroConvenio: l.digits('convenio', 7),
    carteira: l.integer('carteira'),
    variacao: l.integer('variacao'),
    codigoEstado,
    evento: codigoEstado === BB_BAIXA_OPERACIONAL.CANCELAMENTO ? 'CANCELAMENTO' : 'PAGAMENTO',
    modalidade: t.integer('modalidade'),
    dataRegistro: t.date('dataRegistro'),
    dataVencimento: t.date('dataVencimento'),
    valorOriginalCents: t.money('valorOriginal'),
    dataPagamento: momento === null ? null : parseBbDate(momento),
    horaPagamento: momento === null ? null : (HORA.exec(momento)?.[1] ?? null),
    instituicaoFinanceira: ag?.digits('instituicaoFinanceira', 3) ?? null,
    codigoCanal,
    canal: bbCanalDaLiquidacao(codigoCanal),
    valorPagoCents: ag?.money('valorCIP') ?? null,
  };
}

export function parseBbBaixaOperacionalListagem(json: unknown): BbBaixaOperacionalListagem {
  if (!isObject(json)) throw new BbFormatError('RESPOSTA_INVALIDA', 'Baixas operacionais BB: a resposta não é um objeto JSON.');
  const r = new BbReader(json, 'RESPOSTA_INVALIDA', 'Baixas operacionais BB');
  const lista = json.lista ?? [];
  if (!Array.isArray(lista)) throw new BbFormatError('RESPOSTA_INVALIDA', 'Baixas operacionais BB: o campo lista não é uma lista.', 'lista');
  const mais = r.text('possuiMaisTitulos') === 'S';
  return { pagamentos: lista.map(item), proximoTitulo: mais ? r.requiredText('proximoTitulo') : null };
}
