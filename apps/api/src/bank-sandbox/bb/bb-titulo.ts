import {
  BB_CANAL_PAGAMENTO_DETALHE,
  BB_ESTADO_TITULO_TEXTO,
  bbDate,
  bbMoney,
  type BbCanal,
  type IsoDate,
} from '@bg/domain';
import type { WebhookDelivery } from '../webhook-delivery.js';

/** A boleto as the BB sandbox holds it (plain JSON: it is what the state file keeps). */
export type BbTituloSandbox = {
  numero: string;
  numeroConvenio: number;
  carteira: number;
  variacao: number;
  codigoModalidade: number;
  codigoTipoTitulo: number;
  codigoAceite: string;
  seuNumero: string | null;
  dataEmissao: IsoDate;
  dataVencimento: IsoDate;
  valorOriginalCents: number;
  valorAtualCents: number;
  /** Percentages in hundredths (990 = 9,90 %) and values in cents, as registered. */
  jurosMora: { tipo: number; porcentagemCentesimos: number; valorCents: number };
  multa: { tipo: number; data: IsoDate | null; porcentagemCentesimos: number; valorCents: number };
  pagador: { tipoInscricao: 1 | 2; numeroInscricao: string; nome: string; endereco: string; cep: string; cidade: string; bairro: string; uf: string };
  registradoEm: string;
  dataRegistro: IsoDate;
  codigoEstado: number;
  dataMovimento: IsoDate;
  linhaDigitavel: string;
  codigoBarraNumerico: string;
  qrCode: { url: string; txId: string; emv: string } | null;
  pagamento: {
    valorPagoCents: number;
    jurosCents: number;
    multaCents: number;
    canal: BbCanal;
    formaPagamento: number;
    data: IsoDate;
    hora: string;
    dataCredito: IsoDate;
    numeroOperacao: number;
  } | null;
  baixadoEm: string | null;
  alteracoes: { em: string; novaDataVencimento?: IsoDate; novoValorCents?: number }[];
  webhooks: WebhookDelivery[];
};

export const NUMERO_CONTRATO_SANDBOX = 19581316;

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? 0 : bbMoney(cents));
const date = (d: IsoDate | null) => (d ? bbDate(d) : '');
const hundredths = (h: number) => bbMoney(h);

/** GET /boletos/{id}: the documented detail fields the sandbox knows. */
export function bbDetalheJson(t: BbTituloSandbox): Record<string, unknown> {
  const p = t.pagamento;
  return {
    codigoLinhaDigitavel: t.linhaDigitavel,
    textoEmailPagador: '',
    textoMensagemBloquetoTitulo: '',
    codigoTipoMulta: t.multa.tipo,
    // forma de pagamento (1st digit) + canal (last two); a digital correspondent is a correspondent there.
    codigoCanalPagamento: p ? p.formaPagamento * 100 + (BB_CANAL_PAGAMENTO_DETALHE[p.canal] ?? BB_CANAL_PAGAMENTO_DETALHE.CORRESPONDENTE ?? 5) : 0,
    numeroContratoCobranca: NUMERO_CONTRATO_SANDBOX,
    codigoTipoInscricaoSacado: t.pagador.tipoInscricao,
    numeroInscricaoSacadoCobranca: Number(t.pagador.numeroInscricao),
    codigoEstadoTituloCobranca: t.codigoEstado,
    codigoTipoTituloCobranca: t.codigoTipoTitulo,
    codigoModalidadeTitulo: t.codigoModalidade,
    codigoAceiteTituloCobranca: t.codigoAceite,
    numeroTituloCedenteCobranca: t.seuNumero ?? '',
    codigoTipoJuroMora: t.jurosMora.tipo,
    dataEmissaoTituloCobranca: date(t.dataEmissao),
    dataRegistroTituloCobranca: date(t.dataRegistro),
    dataVencimentoTituloCobranca: date(t.dataVencimento),
    valorOriginalTituloCobranca: money(t.valorOriginalCents),
    valorAtualTituloCobranca: money(t.valorAtualCents),
    valorPagamentoParcialTitulo: 0,
    valorAbatimentoTituloCobranca: 0,
    percentualJuroMoraTitulo: hundredths(t.jurosMora.porcentagemCentesimos),
    valorJuroMoraTitulo: money(t.jurosMora.valorCents),
    percentualMultaTitulo: hundredths(t.multa.porcentagemCentesimos),
    valorMultaTituloCobranca: money(t.multa.valorCents),
    dataMultaTitulo: date(t.multa.data),
    nomeSacadoCobranca: t.pagador.nome,
    textoEnderecoSacadoCobranca: t.pagador.endereco,
    nomeBairroSacadoCobranca: t.pagador.bairro,
    nomeMunicipioSacadoCobranca: t.pagador.cidade,
    siglaUnidadeFederacaoSacadoCobranca: t.pagador.uf,
    numeroCepSacadoCobranca: Number(t.pagador.cep || 0),
    numeroCarteiraCobranca: t.carteira,
    numeroVariacaoCarteiraCobranca: t.variacao,
    indicadorPermissaoRecebimentoParcial: 'N',
    textoCodigoBarrasTituloCobranca: t.codigoBarraNumerico,
    valorJuroMoraRecebido: money(p?.jurosCents),
    valorDescontoUtilizado: 0,
    valorPagoSacado: money(p?.valorPagoCents),
    valorCreditoCedente: money(p?.valorPagoCents),
    codigoTipoLiquidacao: p ? (p.canal === 'PIX' ? 4 : 1) : 0,
    dataCreditoLiquidacao: date(p && t.codigoEstado === 6 ? p.dataCredito : null),
    dataRecebimentoTitulo: date(p?.data ?? null),
    codigoTipoBaixaTitulo: t.codigoEstado === 7 ? 11 : 0,
    valorMultaRecebido: money(p?.multaCents),
    valorReajuste: 0,
    valorOutroRecebido: 0,
  };
}

/** One boleto of GET /boletos (the listing). */
export function bbListagemItemJson(t: BbTituloSandbox): Record<string, unknown> {
  const p = t.pagamento;
  return {
    numeroBoletoBB: t.numero,
    estadoTituloCobranca: BB_ESTADO_TITULO_TEXTO[t.codigoEstado] ?? '',
    dataRegistro: date(t.dataRegistro),
    dataVencimento: date(t.dataVencimento),
    dataMovimento: date(t.dataMovimento),
    valorOriginal: money(t.valorOriginalCents),
    valorAtual: money(t.valorAtualCents),
    valorPago: money(p?.valorPagoCents),
    contrato: NUMERO_CONTRATO_SANDBOX,
    carteiraConvenio: t.carteira,
    variacaoCarteiraConvenio: t.variacao,
    codigoEstadoTituloCobranca: t.codigoEstado,
    dataCredito: date(p && t.codigoEstado === 6 ? p.dataCredito : null),
  };
}
