import type { IsoDate } from '../../dates/calendar.js';
import { addDays } from '../../dates/calendar.js';
import { onlyDigits } from '../../documents/cpf-cnpj.js';
import { BbFormatError } from './bb-error.js';
import { BB_LIMITS } from './bb-limits.js';
import { BB_TIPO_INSCRICAO, BB_TIPO_TITULO_DUPLICATA_MERCANTIL } from './bb-codes.js';
import { bbDate, bbHundredths, bbMoney, bbNumeroTituloCliente, bbSeuNumero, bbText } from './bb-values.js';

/** Juros de mora as DOMAIN.md sets them: 0,33 % a day, in thousandths of a percentage point. */
export const JUROS_DIA_MILESIMOS_PADRAO = 330;
/** Multa as DOMAIN.md sets it: 2 %, in basis points. */
export const MULTA_BPS_PADRAO = 200;

export type BbTituloInput = {
  /** The convênio, up to 7 digits. */
  numeroConvenio: string;
  numeroCarteira: string;
  numeroVariacaoCarteira: string;
  /** Our nosso-número sequence (≤ 10 digits), stored before the call so a retry reuses it. */
  sequencial: number;
  dataEmissao: IsoDate;
  dataVencimento: IsoDate;
  valorCents: number;
  /** protocolo/parcela ("21-3/1"); sent as numeroTituloBeneficiario. */
  seuNumero: string;
  pagador: {
    /** CPF (11) or CNPJ (14) digits, masked or not. */
    documento: string;
    nome: string;
    endereco: string;
    cep: string;
    cidade: string;
    bairro: string;
    uf: string;
    telefone?: string | null;
  };
  /** Multa after the due date in basis points: 200 = 2 %. 0 = none. */
  multaBps: number;
  /**
   * Juros de mora per calendar day in thousandths of a percentage point: 330 = 0,330 % a.d.
   * BB takes juros as "tipo 2 — taxa mensal" (a monthly percentage) or "tipo 1 — valor por dia"
   * (reais). A daily rate d is exactly the monthly rate 30·d (BB prorates the monthly rate per day
   * over 30, the commercial month), and 30·d/1000 % always has two decimals: 330 → 9.90 % a.m. —
   * no rounding, unlike a value per day, which would round the centavos of each boleto.
   * Default: JUROS_DIA_MILESIMOS_PADRAO. 0 = none.
   */
  jurosDiaMilesimos?: number;
  /** Ask BB for a Pix QR (boleto híbrido). */
  pix: boolean;
  /** DM (2) unless told; aceite 'N' (the payer signs nothing with the bank). */
  codigoTipoTitulo?: number;
};

export type BbPagadorBody = {
  tipoInscricao: 1 | 2;
  numeroInscricao: number;
  nome: string;
  endereco: string;
  cep: number;
  cidade: string;
  bairro: string;
  uf: string;
  telefone?: string;
};

export type BbJurosMoraBody = { tipo: 0 } | { tipo: 2; porcentagem: number };
export type BbMultaBody = { tipo: 0 } | { tipo: 2; data: string; porcentagem: number };

/** JSON body of POST /cobrancas/v2/boletos, field names as BB documents them. */
export type BbRegistroBody = {
  numeroConvenio: number;
  numeroCarteira: number;
  numeroVariacaoCarteira: number;
  codigoModalidade: 1;
  dataEmissao: string;
  dataVencimento: string;
  valorOriginal: number;
  codigoAceite: 'A' | 'N';
  codigoTipoTitulo: number;
  indicadorPermissaoRecebimentoParcial: 'S' | 'N';
  numeroTituloBeneficiario: string;
  numeroTituloCliente: string;
  jurosMora: BbJurosMoraBody;
  multa: BbMultaBody;
  pagador: BbPagadorBody;
  indicadorPix: 'S' | 'N';
};

function digitsAsNumber(field: string, value: string, maxDigits: number): number {
  const digits = onlyDigits(value);
  if (digits === '' || digits.length > maxDigits) {
    throw new BbFormatError('ENTRADA_INVALIDA', `${field} deve ter de 1 a ${maxDigits} dígitos.`, field);
  }
  return Number(digits);
}

function pagadorBody(p: BbTituloInput['pagador']): BbPagadorBody {
  const documento = onlyDigits(p.documento);
  if (documento.length !== 11 && documento.length !== 14) {
    throw new BbFormatError('ENTRADA_INVALIDA', 'O documento do pagador deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos).', 'pagador.documento');
  }
  const cep = onlyDigits(p.cep);
  if (cep.length !== 8) throw new BbFormatError('ENTRADA_INVALIDA', 'O CEP do pagador deve ter 8 dígitos.', 'pagador.cep');
  const uf = p.uf.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(uf)) throw new BbFormatError('ENTRADA_INVALIDA', 'A UF do pagador deve ter 2 letras.', 'pagador.uf');
  const nome = bbText(p.nome, BB_LIMITS.pagadorNome);
  if (nome === '') throw new BbFormatError('ENTRADA_INVALIDA', 'O nome do pagador é obrigatório.', 'pagador.nome');
  const body: BbPagadorBody = {
    tipoInscricao: documento.length === 11 ? BB_TIPO_INSCRICAO.CPF : BB_TIPO_INSCRICAO.CNPJ,
    // BB types numeroInscricao and cep as integers: leading zeros go, the tipo says CPF or CNPJ.
    numeroInscricao: Number(documento),
    nome,
    endereco: bbText(p.endereco, BB_LIMITS.pagadorEndereco),
    cep: Number(cep),
    cidade: bbText(p.cidade, BB_LIMITS.pagadorCidade),
    bairro: bbText(p.bairro, BB_LIMITS.pagadorBairro),
    uf,
  };
  const telefone = onlyDigits(p.telefone ?? '').slice(0, BB_LIMITS.pagadorTelefone);
  if (telefone !== '') body.telefone = telefone;
  return body;
}

function nonNegativeInteger(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new BbFormatError('ENTRADA_INVALIDA', `${field} deve ser um inteiro ≥ 0.`, field);
  return value;
}

export function bbJurosMora(jurosDiaMilesimos: number): BbJurosMoraBody {
  const daily = nonNegativeInteger('jurosDiaMilesimos', jurosDiaMilesimos);
  if (daily === 0) return { tipo: 0 };
  // d thousandths of a percent a day × 30 days = 3·d hundredths of a percent a month.
  return { tipo: 2, porcentagem: bbHundredths(daily * 3) };
}

export function bbMulta(multaBps: number, dataVencimento: IsoDate): BbMultaBody {
  const bps = nonNegativeInteger('multaBps', multaBps);
  if (bps === 0) return { tipo: 0 };
  // The multa is due from the day after the due date (DOMAIN.md: late means after vencimento).
  return { tipo: 2, data: bbDate(addDays(dataVencimento, 1)), porcentagem: bbHundredths(bps) };
}

export function buildBbRegistroBody(t: BbTituloInput): BbRegistroBody {
  if (!Number.isSafeInteger(t.valorCents) || t.valorCents <= 0) {
    throw new BbFormatError('ENTRADA_INVALIDA', 'O valor do boleto deve ser maior que zero.', 'valorCents');
  }
  if (t.dataVencimento < t.dataEmissao) {
    throw new BbFormatError('ENTRADA_INVALIDA', 'O vencimento não pode ser anterior à emissão.', 'dataVencimento');
  }
  const seuNumero = bbSeuNumero(t.seuNumero);
  if (seuNumero === '') throw new BbFormatError('ENTRADA_INVALIDA', 'O seu número (protocolo/parcela) é obrigatório.', 'seuNumero');
  return {
    numeroConvenio: digitsAsNumber('numeroConvenio', t.numeroConvenio, 7),
    numeroCarteira: digitsAsNumber('numeroCarteira', t.numeroCarteira, 3),
    numeroVariacaoCarteira: digitsAsNumber('numeroVariacaoCarteira', t.numeroVariacaoCarteira, 3),
    codigoModalidade: 1,
    dataEmissao: bbDate(t.dataEmissao),
    dataVencimento: bbDate(t.dataVencimento),
    valorOriginal: bbMoney(t.valorCents),
    codigoAceite: 'N',
    codigoTipoTitulo: t.codigoTipoTitulo ?? BB_TIPO_TITULO_DUPLICATA_MERCANTIL,
    indicadorPermissaoRecebimentoParcial: 'N',
    numeroTituloBeneficiario: seuNumero,
    numeroTituloCliente: bbNumeroTituloCliente(onlyDigits(t.numeroConvenio), t.sequencial),
    jurosMora: bbJurosMora(t.jurosDiaMilesimos ?? JUROS_DIA_MILESIMOS_PADRAO),
    multa: bbMulta(t.multaBps, t.dataVencimento),
    pagador: pagadorBody(t.pagador),
    indicadorPix: t.pix ? 'S' : 'N',
  };
}
