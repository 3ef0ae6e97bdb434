import type { IsoDate } from '../../dates/calendar.js';
import type { Cents } from '../../money/cents.js';
import { BbFormatError } from './bb-error.js';
import { BbReader, isObject, type JsonObject } from './bb-read.js';
import { bbCanalDoDetalhe, bbEstadoTitulo, type BbCanal, type BbEstadoTitulo } from './bb-codes.js';

/** What POST /boletos answers that we keep: BB's id, the lines to print and the Pix QR. */
export type BbRegistroResposta = {
  numero: string;
  linhaDigitavel: string;
  codigoBarraNumerico: string;
  qrCode: { emv: string; txId: string | null; url: string | null } | null;
};

function root(json: unknown, where: string): { r: BbReader; obj: JsonObject } {
  if (!isObject(json)) throw new BbFormatError('RESPOSTA_INVALIDA', `${where}: a resposta não é um objeto JSON.`);
  return { r: new BbReader(json, 'RESPOSTA_INVALIDA', where), obj: json };
}

export function parseBbRegistroResposta(json: unknown): BbRegistroResposta {
  const { r, obj } = root(json, 'Registro BB');
  // A 20-digit string: a shorter number is refused, never padded into another boleto's id.
  const numero = r.text('numero');
  if (numero === null || !/^\d{20}$/.test(numero)) throw new BbFormatError('RESPOSTA_INVALIDA', 'Registro BB: o campo numero deve ter 20 dígitos.', 'numero');
  const linhaDigitavel = r.digits('linhaDigitavel');
  if (linhaDigitavel === null || linhaDigitavel.length !== 47) throw new BbFormatError('RESPOSTA_INVALIDA', 'Registro BB: o campo linhaDigitavel deve ter 47 dígitos.', 'linhaDigitavel');
  const codigoBarraNumerico = r.digits('codigoBarraNumerico');
  if (codigoBarraNumerico === null || codigoBarraNumerico.length !== 44) throw new BbFormatError('RESPOSTA_INVALIDA', 'Registro BB: o campo codigoBarraNumerico deve ter 44 dígitos.', 'codigoBarraNumerico');
  let qrCode: BbRegistroResposta['qrCode'] = null;
  if (isObject(obj.qrCode)) {
    const q = new BbReader(obj.qrCode, 'RESPOSTA_INVALIDA', 'Registro BB (qrCode)');
    const emv = q.text('emv');
    // Without Pix (indicadorPix 'N') BB answers the object with empty strings: no QR to print.
    if (emv !== null) qrCode = { emv, txId: q.text('txId'), url: q.text('url') };
  }
  return { numero, linhaDigitavel, codigoBarraNumerico, qrCode };
}

/** GET /boletos/{id}?numeroConvenio= — the fields the product reads, in cents and IsoDates. */
export type BbDetalhe = {
  codigoEstado: number;
  estado: BbEstadoTitulo;
  linhaDigitavel: string | null;
  codigoBarras: string | null;
  seuNumero: string | null;
  dataEmissao: IsoDate | null;
  dataRegistro: IsoDate | null;
  dataVencimento: IsoDate | null;
  valorOriginalCents: Cents | null;
  valorAtualCents: Cents | null;
  valorPagoCents: Cents | null;
  valorCreditoCents: Cents | null;
  valorJurosRecebidoCents: Cents | null;
  valorMultaRecebidoCents: Cents | null;
  valorDescontoUtilizadoCents: Cents | null;
  dataRecebimento: IsoDate | null;
  dataCredito: IsoDate | null;
  codigoCanalPagamento: number | null;
  canal: BbCanal | null;
  codigoTipoLiquidacao: number | null;
  codigoTipoBaixa: number | null;
};

export function parseBbDetalhe(json: unknown): BbDetalhe {
  const { r } = root(json, 'Consulta BB');
  const codigoEstado = r.requiredInteger('codigoEstadoTituloCobranca');
  const codigoCanalPagamento = r.integer('codigoCanalPagamento');
  return {
    codigoEstado,
    estado: bbEstadoTitulo(codigoEstado),
    linhaDigitavel: r.digits('codigoLinhaDigitavel'),
    codigoBarras: r.digits('textoCodigoBarrasTituloCobranca'),
    seuNumero: r.text('numeroTituloCedenteCobranca'),
    dataEmissao: r.date('dataEmissaoTituloCobranca'),
    dataRegistro: r.date('dataRegistroTituloCobranca'),
    dataVencimento: r.date('dataVencimentoTituloCobranca'),
    valorOriginalCents: r.money('valorOriginalTituloCobranca'),
    valorAtualCents: r.money('valorAtualTituloCobranca'),
    valorPagoCents: r.money('valorPagoSacado'),
    valorCreditoCents: r.money('valorCreditoCedente'),
    valorJurosRecebidoCents: r.money('valorJuroMoraRecebido'),
    valorMultaRecebidoCents: r.money('valorMultaRecebido'),
    valorDescontoUtilizadoCents: r.money('valorDescontoUtilizado'),
    dataRecebimento: r.date('dataRecebimentoTitulo'),
    dataCredito: r.date('dataCreditoLiquidacao'),
    codigoCanalPagamento,
    canal: bbCanalDoDetalhe(codigoCanalPagamento),
    codigoTipoLiquidacao: r.integer('codigoTipoLiquidacao'),
    codigoTipoBaixa: r.integer('codigoTipoBaixaTitulo'),
  };
}

/** One boleto of GET /boletos (the listing). */
export type BbListagemItem = {
  numero: string;
  codigoEstado: number;
  estado: BbEstadoTitulo;
  dataRegistro: IsoDate | null;
  dataVencimento: IsoDate | null;
  dataMovimento: IsoDate | null;
  dataCredito: IsoDate | null;
  valorOriginalCents: Cents | null;
  valorAtualCents: Cents | null;
  valorPagoCents: Cents | null;
  carteira: number | null;
  variacao: number | null;
};

export type BbListagem = { boletos: BbListagemItem[]; proximoIndice: number | null; quantidadeRegistros: number | null };

export function parseBbListagem(json: unknown): BbListagem {
  const { r, obj } = root(json, 'Listagem BB');
  const raw = obj.boletos ?? [];
  if (!Array.isArray(raw)) throw new BbFormatError('RESPOSTA_INVALIDA', 'Listagem BB: o campo boletos não é uma lista.', 'boletos');
  const boletos = raw.map((item, i): BbListagemItem => {
    if (!isObject(item)) throw new BbFormatError('RESPOSTA_INVALIDA', `Listagem BB: o boleto ${i + 1} não é um objeto.`, 'boletos');
    const b = new BbReader(item, 'RESPOSTA_INVALIDA', `Listagem BB (boleto ${i + 1})`);
    const codigoEstado = b.requiredInteger('codigoEstadoTituloCobranca');
    const numero = b.text('numeroBoletoBB');
    if (numero === null || !/^\d{20}$/.test(numero)) {
      throw new BbFormatError('RESPOSTA_INVALIDA', `Listagem BB (boleto ${i + 1}): o campo numeroBoletoBB deve ter 20 dígitos.`, 'numeroBoletoBB');
    }
    return {
      numero,
      codigoEstado,
      estado: bbEstadoTitulo(codigoEstado),
      dataRegistro: b.date('dataRegistro'),
      dataVencimento: b.date('dataVencimento'),
      dataMovimento: b.date('dataMovimento'),
      dataCredito: b.date('dataCredito'),
      valorOriginalCents: b.money('valorOriginal'),
      valorAtualCents: b.money('valorAtual'),
      valorPagoCents: b.money('valorPago'),
      carteira: b.integer('carteiraConvenio'),
      variacao: b.integer('variacaoCarteiraConvenio'),
    };
  });
  // indicadorContinuidade 'S': more than one page (300 boletos); the next request sends proximoIndice as indice.
  const continua = r.text('indicadorContinuidade') === 'S';
  return { boletos, proximoIndice: continua ? r.requiredInteger('proximoIndice') : null, quantidadeRegistros: r.integer('quantidadeRegistros') };
}
