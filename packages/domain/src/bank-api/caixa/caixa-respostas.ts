import { barcodeFromDigitableLine, digitableLineFromBarcode, normalizeDigitableLine } from '../../boleto/digitable-line.js';
import { isIsoDate, type IsoDate } from '../../dates/calendar.js';
import type { Cents } from '../../money/cents.js';
import { caixaEstado, type CaixaEstado } from './caixa-codes.js';
import { CaixaFormatError } from './caixa-error.js';
import { caixaBody } from './caixa-json.js';
import { parseCaixaMoney } from './caixa-values.js';

/**
 * Caixa's answers read into our terms. Each takes the response TEXT (read losslessly: the 17-digit
 * nosso número survives) or a body already parsed by parseCaixaJson; a body from JSON.parse is
 * refused when its nosso número lost digits. Malformed answers throw CaixaFormatError
 * ('RESPOSTA_INVALIDA'), never a half-read result.
 */

export type CaixaPix = { emv: string; url: string | null };

export type CaixaRegistroResposta = {
  nossoNumero: string;
  codigoBarras: string;
  /** 47 digits, unformatted. */
  linhaDigitavel: string;
  /** Caixa's own printable slip. */
  url: string | null;
  /** Boleto híbrido: the Pix "copia e cola" (EMV) Caixa issued, and its QR image URL. */
  pix: CaixaPix | null;
};

/**
 * A consulta's title. Barcode and linha may be missing for a title that left the portfolio
 * (nothing in the Swagger makes them required there), so they are null then, never a guess.
 */
export type CaixaConsulta = Omit<CaixaRegistroResposta, 'codigoBarras' | 'linhaDigitavel'> & {
  codigoBarras: string | null;
  linhaDigitavel: string | null;
  situacao: string | null;
  estado: CaixaEstado;
  numeroDocumento: string | null;
  seuNumero: string | null;
  dataEmissao: IsoDate | null;
  dataVencimento: IsoDate;
  valorCents: Cents;
  valorAbatimentoCents: Cents;
  /** What was paid, when paid (Consulta v4 valor_pago / data_hora_pagamento). */
  valorPagoCents: Cents | null;
  dataPagamento: IsoDate | null;
  /** São Paulo wall time of the payment, 'aaaa-mm-ddThh:mm:ss'. */
  dataHoraPagamento: string | null;
  tipoBoleto: 'PADRAO' | 'HIBRIDO' | null;
};

export type CaixaToken = { accessToken: string; tokenType: string; expiresInSeconds: number };

function invalid(message: string, field?: string): never {
  throw new CaixaFormatError('RESPOSTA_INVALIDA', message, field);
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) invalid(`Resposta da Caixa sem "${field}".`, field);
  return value as Record<string, unknown>;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** nosso_numero is an int64: a bigint from parseCaixaJson, a safe number, or digits. */
function nossoNumeroOf(value: unknown): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    invalid('O nosso número da Caixa perdeu dígitos (JSON.parse): leia a resposta com parseCaixaJson.', 'nosso_numero');
  }
  const digits = typeof value === 'bigint' || typeof value === 'number' ? value.toString() : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,17}$/.test(digits)) invalid(`Nosso número inválido na resposta da Caixa: ${String(value)}`, 'nosso_numero');
  return digits.padStart(17, '0');
}

function money(value: unknown, field: string): Cents | null {
  try {
    return parseCaixaMoney(value);
  } catch {
    return invalid(`Valor inválido em ${field} na resposta da Caixa: ${String(value)}`, field);
  }
}

function date(value: unknown, field: string): IsoDate | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || !isIsoDate(value.slice(0, 10))) invalid(`Data inválida em ${field}: ${String(value)}`, field);
  return value.slice(0, 10);
}

/** "yyyy-MM-dd-HH.mm.ss" (the Swagger's pattern for data_hora_pagamento) → date and time. */
function pagamento(value: unknown): { dia: IsoDate; momento: string } | null {
  if (value === null || value === undefined || value === '') return null;
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})[-T ](\d{2})[.:](\d{2})[.:](\d{2})/.exec(value.trim()) : null;
  if (!match || !isIsoDate(match[1])) invalid(`data_hora_pagamento inválida: ${String(value)}`, 'data_hora_pagamento');
  return { dia: match[1], momento: `${match[1]}T${match[2]}:${match[3]}:${match[4]}` };
}

/** dados_complementares (v3): barcode and linha agree, the nosso número, the Pix when híbrido. */
function complementares(value: unknown): CaixaRegistroResposta {
  const c = record(value, 'dados_complementares');
  const codigoBarras = typeof c.codigo_barras === 'string' ? c.codigo_barras.trim() : '';
  const linha = typeof c.linha_digitavel === 'string' ? c.linha_digitavel : '';
  let linhaDigitavel: string;
  try {
    linhaDigitavel = normalizeDigitableLine(linha);
    if (!/^\d{44}$/.test(codigoBarras) || barcodeFromDigitableLine(linhaDigitavel) !== codigoBarras) throw new Error('diferentes');
    digitableLineFromBarcode(codigoBarras);
  } catch {
    return invalid('Código de barras e linha digitável da Caixa ausentes, inválidos ou diferentes entre si.', 'codigo_barras');
  }
  const emv = optionalText(c.qrcode);
  return {
    nossoNumero: nossoNumeroOf(c.nosso_numero),
    codigoBarras,
    linhaDigitavel,
    url: optionalText(c.url),
    pix: emv ? { emv, url: optionalText(c.url_qrcode) } : null,
  };
}

/** 200 of Inclui_Boleto (and of Altera_Boleto): { dados_complementares }. */
export function parseCaixaRegistroResposta(input: unknown): CaixaRegistroResposta {
  return complementares(record(caixaBody(input), 'resposta').dados_complementares);
}

/** dados_complementares of a consulta: as the registration's when the barcode is there. */
function consultaComplementares(
  value: unknown,
  d: Record<string, unknown>,
): Pick<CaixaConsulta, 'nossoNumero' | 'codigoBarras' | 'linhaDigitavel' | 'url' | 'pix'> {
  const c = value === undefined || value === null ? {} : record(value, 'dados_complementares');
  if (typeof c.codigo_barras === 'string' && c.codigo_barras.trim() !== '') {
    const full = complementares(c);
    if (d.nosso_numero !== undefined && d.nosso_numero !== null && nossoNumeroOf(d.nosso_numero) !== full.nossoNumero) {
      invalid('A consulta da Caixa traz dois nossos números diferentes.', 'nosso_numero');
    }
    return full;
  }
  const emv = optionalText(c.qrcode);
  return {
    nossoNumero: nossoNumeroOf(c.nosso_numero ?? d.nosso_numero),
    codigoBarras: null,
    linhaDigitavel: null,
    url: optionalText(c.url),
    pix: emv ? { emv, url: optionalText(c.url_qrcode) } : null,
  };
}

/** 200 of Consulta_Boleto: { dados_cadastrais, dados_complementares }. */
export function parseCaixaConsulta(input: unknown): CaixaConsulta {
  const body = record(caixaBody(input), 'resposta');
  const d = record(body.dados_cadastrais, 'dados_cadastrais');
  return { ...consultaComplementares(body.dados_complementares, d), ...cadastrais(d) };
}

function cadastrais(d: Record<string, unknown>): Omit<CaixaConsulta, 'nossoNumero' | 'codigoBarras' | 'linhaDigitavel' | 'url' | 'pix'> {
  const dataVencimento = date(d.data_vencimento, 'data_vencimento') ?? invalid('Consulta sem data de vencimento.', 'data_vencimento');
  const valorCents = money(d.valor, 'valor') ?? invalid('Consulta sem valor.', 'valor');
  const pago = pagamento(d.data_hora_pagamento);
  const situacao = optionalText(d.situacao);
  const tipo = d.tipo_boleto === 'PADRAO' || d.tipo_boleto === 'HIBRIDO' ? d.tipo_boleto : null;
  return {
    situacao,
    estado: caixaEstado(situacao),
    numeroDocumento: optionalText(d.numero_documento),
    seuNumero: optionalText(d.identificacao_empresa),
    dataEmissao: date(d.data_emissao, 'data_emissao'),
    dataVencimento,
    valorCents,
    valorAbatimentoCents: money(d.valor_abatimento, 'valor_abatimento') ?? 0,
    // Caixa may write valor_pago 0 for an open title: no payment is not a payment of zero.
    valorPagoCents: money(d.valor_pago, 'valor_pago') || null,
    dataPagamento: pago?.dia ?? null,
    dataHoraPagamento: pago?.momento ?? null,
    tipoBoleto: tipo,
  };
}

/** 200 of the SSO token endpoint (OAuth2 / Keycloak: access_token, token_type, expires_in). */
export function parseCaixaToken(input: unknown): CaixaToken {
  const body = record(caixaBody(input), 'resposta');
  const accessToken = optionalText(body.access_token);
  if (!accessToken) invalid('Resposta de token da Caixa sem access_token.', 'access_token');
  const expires = typeof body.expires_in === 'number' && Number.isSafeInteger(body.expires_in) && body.expires_in > 0 ? body.expires_in : null;
  if (expires === null) invalid('Resposta de token da Caixa sem expires_in.', 'expires_in');
  return { accessToken, tokenType: optionalText(body.token_type) ?? 'Bearer', expiresInSeconds: expires };
}
