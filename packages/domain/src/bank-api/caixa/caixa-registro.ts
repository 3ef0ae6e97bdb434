import { addDays, type IsoDate } from '../../dates/calendar.js';
import { onlyDigits } from '../../documents/cpf-cnpj.js';
import { CAIXA_ESPECIE_DUPLICATA_MERCANTIL, CAIXA_MOEDA_REAL } from './caixa-codes.js';
import { CaixaFormatError } from './caixa-error.js';
import { assertIsoDate, caixaHundredths, caixaMoney, caixaNossoNumero, caixaText } from './caixa-values.js';

/** Juros de mora as DOMAIN.md sets them: 0,33 % a day, in thousandths of a percentage point. */
export const CAIXA_JUROS_DIA_MILESIMOS_PADRAO = 330;
/** Multa as DOMAIN.md sets it: 2 %, in basis points. */
export const CAIXA_MULTA_BPS_PADRAO = 200;

/** Swagger maxLength of each text field we send. */
export const CAIXA_LIMITS_TEXTO = {
  numeroDocumento: 11,
  identificacaoEmpresa: 25,
  pagadorNome: 40,
  logradouro: 40,
  bairro: 15,
  cidade: 15,
} as const;

export type CaixaTituloInput = {
  /** Código do beneficiário (the conta's, ≤ 7 digits): the {id_beneficiario} of every path. */
  codigoBeneficiario: string;
  /** CPF or CNPJ of the beneficiário, digits or masked (MO 38.431: one of them is required). */
  beneficiarioDocumento: string;
  /**
   * Our nosso-número sequence (≤ 15 digits; as boleto.nosso_numero stores it, number or digits),
   * stored before the call so a retry reuses it. The body carries "14" + the 15 digits.
   */
  nossoNumero: number | string;
  dataEmissao: IsoDate;
  dataVencimento: IsoDate;
  valorCents: number;
  /** protocolo/parcela ("21-3/1"): numero_documento (11) and identificacao_empresa (25). */
  seuNumero: string;
  pagador: {
    /** CPF (11) or CNPJ (14) digits, masked or not. */
    documento: string;
    nome: string;
    /** Logradouro, número and complemento in one line. */
    endereco: string;
    cep: string;
    cidade: string;
    bairro: string;
    uf: string;
  };
  /** Multa after the due date in basis points: 200 = 2 %. 0 = none. */
  multaBps: number;
  /**
   * Juros de mora per calendar day in thousandths of a percentage point: 330 = 0,330 % a.d.
   * Caixa takes juros as VALOR_POR_DIA (reais) or TAXA_MENSAL (a monthly percentage, five
   * decimals allowed). A daily rate d is exactly the monthly rate 30·d — the commercial month the
   * banks prorate over — and 30·d/1000 % has at most two decimals: 330 → 9.9 % a.m. No rounding,
   * unlike a value per day, which rounds each boleto's centavos. Same conversion as BB's body.
   * Default CAIXA_JUROS_DIA_MILESIMOS_PADRAO; 0 = none.
   */
  jurosDiaMilesimos?: number;
  /** Boleto híbrido: Caixa returns the Pix QR (tipo_boleto HIBRIDO). */
  pix: boolean;
  /** Espécie (Caixa code); duplicata mercantil unless told. */
  tipoEspecie?: number;
};

export type CaixaPagadorBody = {
  pessoa_fisica?: { cpf: number; nome: string };
  pessoa_juridica?: { cnpj: number; razao_social: string };
  endereco: { logradouro: string; bairro: string; cidade: string; uf: string; cep: number };
};

export type CaixaJurosMoraBody = { tipo: 'ISENTO' } | { tipo: 'TAXA_MENSAL'; data: IsoDate; percentual: number };
export type CaixaMultaBody = { data: IsoDate; percentual: number };

/** `dados_cadastrais` of the Inclui/Altera bodies, field names as the Swagger (v4) spells them. */
export type CaixaDadosCadastraisBody = {
  cpf?: number;
  cnpj?: number;
  /** int64 of 17 digits: write the body with stringifyCaixaJson (JSON.stringify refuses bigints). */
  nosso_numero?: bigint;
  numero_documento: string;
  data_vencimento: IsoDate;
  valor: number;
  tipo_especie: number;
  flag_aceite: 'S' | 'N';
  data_emissao: IsoDate;
  juros_mora: CaixaJurosMoraBody;
  valor_abatimento: number;
  pos_vencimento: { acao: 'DEVOLVER'; numero_dias: number };
  codigo_moeda: number;
  pagador: CaixaPagadorBody;
  multa?: CaixaMultaBody;
  identificacao_empresa: string;
  tipo_boleto: 'PADRAO' | 'HIBRIDO';
};

export type CaixaRegistroBody = { dados_cadastrais: CaixaDadosCadastraisBody };
export type CaixaAlteracaoBody = { dados_cadastrais: Omit<CaixaDadosCadastraisBody, 'nosso_numero'> };
/** Baixa_Boleto documents no body. */
export type CaixaBaixaBody = Record<string, never>;

/**
 * Days after the due date Caixa keeps an unpaid title before returning it (pos_vencimento
 * DEVOLVER). Late payments with juros must stay possible for the collections flow; SIGCB accepts
 * up to 999.
 */
export const CAIXA_DIAS_DEVOLUCAO = 120;

function fail(field: string, message: string): never {
  throw new CaixaFormatError('ENTRADA_INVALIDA', message, field);
}

function nonNegativeInteger(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) fail(field, `${field} deve ser um inteiro ≥ 0.`);
  return value;
}

function pagadorBody(p: CaixaTituloInput['pagador']): CaixaPagadorBody {
  const documento = onlyDigits(p.documento);
  if (documento.length !== 11 && documento.length !== 14) {
    fail('pagador.documento', 'O documento do pagador deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos).');
  }
  const cep = onlyDigits(p.cep);
  if (cep.length !== 8) fail('pagador.cep', 'O CEP do pagador deve ter 8 dígitos.');
  const uf = p.uf.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(uf)) fail('pagador.uf', 'A UF do pagador deve ter 2 letras.');
  const nome = caixaText(p.nome, CAIXA_LIMITS_TEXTO.pagadorNome);
  if (nome === '') fail('pagador.nome', 'O nome do pagador é obrigatório.');
  const endereco = {
    logradouro: caixaText(p.endereco, CAIXA_LIMITS_TEXTO.logradouro),
    bairro: caixaText(p.bairro, CAIXA_LIMITS_TEXTO.bairro),
    cidade: caixaText(p.cidade, CAIXA_LIMITS_TEXTO.cidade),
    uf,
    // Swagger: cep is an int32; a leading zero goes, the 8 digits come back when read.
    cep: Number(cep),
  };
  if (endereco.logradouro === '') fail('pagador.endereco', 'O endereço do pagador é obrigatório.');
  if (endereco.bairro === '') fail('pagador.bairro', 'O bairro do pagador é obrigatório.');
  if (endereco.cidade === '') fail('pagador.cidade', 'A cidade do pagador é obrigatória.');
  // CPF/CNPJ are int64 in the Swagger: leading zeros go, which of the two objects says the kind.
  return documento.length === 11
    ? { pessoa_fisica: { cpf: Number(documento), nome }, endereco }
    : { pessoa_juridica: { cnpj: Number(documento), razao_social: nome }, endereco };
}

function beneficiarioDocumento(documento: string): { cpf: number } | { cnpj: number } {
  const digits = onlyDigits(documento);
  if (digits.length === 11) return { cpf: Number(digits) };
  if (digits.length === 14) return { cnpj: Number(digits) };
  return fail('beneficiarioDocumento', 'O documento do beneficiário deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos).');
}

/** Juros from the day after the due date (DOMAIN.md: late means after the vencimento). */
export function caixaJurosMora(jurosDiaMilesimos: number, dataVencimento: IsoDate): CaixaJurosMoraBody {
  const daily = nonNegativeInteger('jurosDiaMilesimos', jurosDiaMilesimos);
  if (daily === 0) return { tipo: 'ISENTO' };
  // d thousandths of a percent a day × 30 days = 3·d hundredths of a percent a month.
  return { tipo: 'TAXA_MENSAL', data: addDays(dataVencimento, 1), percentual: caixaHundredths(daily * 3) };
}

export function caixaMulta(multaBps: number, dataVencimento: IsoDate): CaixaMultaBody | undefined {
  const bps = nonNegativeInteger('multaBps', multaBps);
  if (bps === 0) return undefined;
  return { data: addDays(dataVencimento, 1), percentual: caixaHundredths(bps) };
}

function dadosCadastrais(t: CaixaTituloInput): Omit<CaixaDadosCadastraisBody, 'nosso_numero'> {
  assertIsoDate(t.dataEmissao, 'dataEmissao');
  assertIsoDate(t.dataVencimento, 'dataVencimento');
  if (!Number.isSafeInteger(t.valorCents) || t.valorCents <= 0) fail('valorCents', 'O valor do boleto deve ser maior que zero.');
  if (t.dataVencimento < t.dataEmissao) fail('dataVencimento', 'O vencimento não pode ser anterior à emissão.');
  const identificacao = caixaText(t.seuNumero, CAIXA_LIMITS_TEXTO.identificacaoEmpresa);
  if (identificacao === '') fail('seuNumero', 'O seu número (protocolo/parcela) é obrigatório.');
  const body: Omit<CaixaDadosCadastraisBody, 'nosso_numero'> = {
    ...beneficiarioDocumento(t.beneficiarioDocumento),
    // numero_documento has 11 positions; the whole seu número also goes in identificacao_empresa.
    numero_documento: identificacao.slice(0, CAIXA_LIMITS_TEXTO.numeroDocumento).trim(),
    data_vencimento: t.dataVencimento,
    valor: caixaMoney(t.valorCents),
    tipo_especie: nonNegativeInteger('tipoEspecie', t.tipoEspecie ?? CAIXA_ESPECIE_DUPLICATA_MERCANTIL),
    flag_aceite: 'N',
    data_emissao: t.dataEmissao,
    juros_mora: caixaJurosMora(t.jurosDiaMilesimos ?? CAIXA_JUROS_DIA_MILESIMOS_PADRAO, t.dataVencimento),
    valor_abatimento: 0,
    pos_vencimento: { acao: 'DEVOLVER', numero_dias: CAIXA_DIAS_DEVOLUCAO },
    codigo_moeda: CAIXA_MOEDA_REAL,
    pagador: pagadorBody(t.pagador),
    identificacao_empresa: identificacao,
    tipo_boleto: t.pix ? 'HIBRIDO' : 'PADRAO',
  };
  const multa = caixaMulta(t.multaBps, t.dataVencimento);
  if (multa) body.multa = multa;
  return body;
}

/** JSON body of POST /v4/beneficiarios/{id}/boletos. Send it with stringifyCaixaJson. */
export function buildCaixaRegistroBody(t: CaixaTituloInput): CaixaRegistroBody {
  const { cpf, cnpj, ...rest } = dadosCadastrais(t);
  return {
    dados_cadastrais: {
      ...(cpf !== undefined ? { cpf } : {}),
      ...(cnpj !== undefined ? { cnpj } : {}),
      nosso_numero: BigInt(caixaNossoNumero(t.nossoNumero)),
      ...rest,
    },
  };
}

/**
 * JSON body of PUT /v4/beneficiarios/{id}/boletos/{nosso_numero}: Altera_Boleto takes the whole
 * `dados_cadastrais` (its required fields are the inclusion's), so the title as registered with
 * the new due date and/or value; juros and multa move with the due date.
 */
export function buildCaixaAlteracaoBody(
  t: CaixaTituloInput,
  alteracao: { dataVencimento?: IsoDate; valorCents?: number },
): CaixaAlteracaoBody {
  if (alteracao.dataVencimento === undefined && alteracao.valorCents === undefined) {
    fail('alteracao', 'Informe o novo vencimento ou o novo valor.');
  }
  return {
    dados_cadastrais: dadosCadastrais({
      ...t,
      dataVencimento: alteracao.dataVencimento ?? t.dataVencimento,
      valorCents: alteracao.valorCents ?? t.valorCents,
    }),
  };
}

/** Baixa_Boleto has no body in the Swagger: an empty JSON object. */
export function buildCaixaBaixaBody(): CaixaBaixaBody {
  return {};
}
