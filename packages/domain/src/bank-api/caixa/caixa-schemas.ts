import { z } from 'zod';
import { isIsoDate } from '../../dates/calendar.js';
import { isValidCnpj, isValidCpf } from '../../documents/cpf-cnpj.js';
import { hasAtMostTwoDecimals } from '../../money/cents.js';
import { CAIXA_ERROS } from './caixa-codes.js';
import { isCaixaNossoNumero } from './caixa-values.js';

/**
 * The request bodies of Caixa's boleto API as zod schemas — what the local sandbox validates
 * with. Field names, types, lengths and enums are the Swagger 3.2.0 `dados_cadastrais_v4_Type`;
 * the rules the Swagger cannot say (a payer is required, one beneficiary document, juros dated
 * after the due date, money with two decimals) come from the manual MO 38.431 and the SIGCB
 * web-service codes (docs/banks.md "## Caixa" says which is which). Bodies are read with
 * parseCaixaJson, so the nosso número arrives as a bigint.
 */

const MAX_MONEY = 9_999_999_999_999.99;

const date = z.string().refine(isIsoDate, 'Data inválida: use aaaa-mm-dd.');

const money = z
  .number()
  .min(0)
  .max(MAX_MONEY)
  .refine(hasAtMostTwoDecimals, 'Valor com mais de duas casas decimais.');

/** Percentages: the Swagger allows five decimals. */
const percent = z
  .number()
  .min(0)
  .max(9_999_999_999.99999)
  .refine((n) => /^\d+(\.\d{1,5})?$/.test(String(n)), 'Percentual com mais de cinco casas decimais.');

const text = (max: number) => z.string().min(1).max(max);

/** int64 fields: a bigint (17 digits) or a safe integer, read as its digits. */
const int64 = z.union([z.bigint(), z.number().int().nonnegative()]).transform((v) => v.toString());

const cpfNumber = z
  .number()
  .int()
  .min(1)
  .max(99_999_999_999)
  .refine((n) => isValidCpf(String(n).padStart(11, '0')), 'CPF inválido.');
const cnpjNumber = z
  .number()
  .int()
  .min(1)
  .max(99_999_999_999_999)
  .refine((n) => isValidCnpj(String(n).padStart(14, '0')), 'CNPJ inválido.');

const endereco = z.object({
  logradouro: text(40),
  bairro: text(15),
  cidade: text(15),
  uf: z.string().regex(/^[A-Z]{2}$/, 'UF deve ter duas letras maiúsculas.'),
  cep: z.number().int().min(1).max(99_999_999),
});

const pagador = z
  .object({
    pessoa_fisica: z.object({ cpf: cpfNumber, nome: text(40) }).optional(),
    pessoa_juridica: z.object({ cnpj: cnpjNumber, razao_social: text(40) }).optional(),
    endereco,
  })
  .refine((p) => (p.pessoa_fisica === undefined) !== (p.pessoa_juridica === undefined), {
    message: 'Informe pessoa_fisica ou pessoa_juridica do pagador (uma só).',
    path: ['pessoa_fisica'],
  });

const jurosMora = z
  .object({
    tipo: z.enum(['VALOR_POR_DIA', 'TAXA_MENSAL', 'ISENTO']),
    data: date.optional(),
    valor: money.optional(),
    percentual: percent.optional(),
  })
  .superRefine((j, ctx) => {
    if (j.tipo === 'ISENTO') return;
    if (j.data === undefined) ctx.addIssue({ code: 'custom', path: ['data'], message: 'Juros sem data de início.' });
    if (j.tipo === 'VALOR_POR_DIA' && !(j.valor && j.valor > 0)) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Juros por dia sem valor.' });
    }
    if (j.tipo === 'TAXA_MENSAL' && !(j.percentual && j.percentual > 0)) {
      ctx.addIssue({ code: 'custom', path: ['percentual'], message: 'Juros mensais sem percentual.' });
    }
  });

const multa = z
  .object({ data: date, valor: money.optional(), percentual: percent.optional() })
  .refine((m) => (m.valor === undefined) !== (m.percentual === undefined), 'Multa: informe valor ou percentual (um só).');

/**
 * Slip messages: the Swagger says { mensagem: [{ descricao }] }, the manual's own example
 * { mensagens: { mensagem: ["…"] } }. We never send them, so either shape passes.
 */
const mensagens = z.union([
  z.object({ mensagem: z.array(z.object({ descricao: text(40) })).max(4) }),
  z.object({ mensagens: z.object({ mensagem: z.array(text(40)).max(4) }) }),
]);

const dadosCadastraisBase = z.object({
  cpf: cpfNumber.optional(),
  cnpj: cnpjNumber.optional(),
  nosso_numero: int64.refine(isCaixaNossoNumero, 'Nosso número deve ter 17 dígitos começando por 14.').optional(),
  numero_documento: text(11),
  data_vencimento: date,
  valor: money.refine((n) => n > 0, 'O valor do título deve ser maior que zero.'),
  tipo_especie: z.number().int().min(0).max(99),
  flag_aceite: z.enum(['S', 'N']),
  data_emissao: date,
  juros_mora: jurosMora.optional(),
  valor_abatimento: money,
  pos_vencimento: z
    .object({ acao: z.enum(['PROTESTAR', 'DEVOLVER']), numero_dias: z.number().int().min(0).max(999) })
    .optional(),
  codigo_moeda: z.number().int().min(0).max(99).optional(),
  pagador,
  multa: multa.optional(),
  valor_iof: money.optional(),
  identificacao_empresa: text(25).optional(),
  ficha_compensacao: mensagens.optional(),
  recibo_pagador: mensagens.optional(),
  carteira: z.enum(['COBRANCA_SIMPLES', 'COBRANCA_VINCULADA', 'COBRANCA_CAUCIONADA', 'COBRANCA_DESCONTADA', 'COBRANCA_CESSAO']).optional(),
  tipo_boleto: z.enum(['PADRAO', 'HIBRIDO']).optional(),
});

type DadosCadastrais = z.infer<typeof dadosCadastraisBase>;

/** Rules across fields: one beneficiary document; dates in order (SIGCB's own refusals). */
function crossFieldRules(d: DadosCadastrais, ctx: z.RefinementCtx): void {
  if ((d.cpf === undefined) === (d.cnpj === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['cnpj'], message: 'Informe o CPF ou o CNPJ do beneficiário (um só).' });
  }
  if (d.data_emissao > d.data_vencimento) {
    ctx.addIssue({ code: 'custom', path: ['data_vencimento'], message: 'Vencimento anterior à data de emissão.' });
  }
  if (d.juros_mora?.data !== undefined && d.juros_mora.data <= d.data_vencimento) {
    ctx.addIssue({ code: 'custom', path: ['juros_mora', 'data'], message: 'A data dos juros deve ser posterior ao vencimento.' });
  }
  if (d.multa && d.multa.data <= d.data_vencimento) {
    ctx.addIssue({ code: 'custom', path: ['multa', 'data'], message: 'A data da multa deve ser posterior ao vencimento.' });
  }
  if (d.valor > 0 && d.valor_abatimento >= d.valor) {
    ctx.addIssue({ code: 'custom', path: ['valor_abatimento'], message: 'O abatimento deve ser menor que o valor do título.' });
  }
}

/** Body of POST /v4/beneficiarios/{id}/boletos (Swagger: inclui_boleto_requisicao_v4_Mensagem). */
export const caixaRegistroBodySchema = z.object({ dados_cadastrais: dadosCadastraisBase.superRefine(crossFieldRules) });

/** Body of PUT /v4/beneficiarios/{id}/boletos/{nosso_numero} (altera_boleto_requisicao_v4_Mensagem). */
export const caixaAlteracaoBodySchema = caixaRegistroBodySchema;

/** POST …/baixar carries no body in the Swagger; an empty object is what we send. */
export const caixaBaixaBodySchema = z.object({}).strict();

export type CaixaRegistroBodyParsed = z.infer<typeof caixaRegistroBodySchema>;

/** Which business code Caixa answers for an invalid field (NE039), by the field's path. */
export function caixaErroDoCampo(path: readonly PropertyKey[]): { codigo: string; mensagem: string } {
  const p = path.map(String).filter((s) => s !== 'dados_cadastrais');
  const [first, second, third] = p;
  if (first === 'nosso_numero') return CAIXA_ERROS.NOSSO_NUMERO_INVALIDO;
  if (first === 'numero_documento') return CAIXA_ERROS.NUMERO_DOCUMENTO_INVALIDO;
  if (first === 'data_vencimento') return CAIXA_ERROS.DATA_VENCIMENTO_INVALIDA;
  if (first === 'valor') return CAIXA_ERROS.VALOR_INVALIDO;
  if (first === 'cpf' || first === 'cnpj') return CAIXA_ERROS.BENEFICIARIO_INVALIDO;
  if (first === 'pagador') {
    if (second === 'endereco' && third === 'cep') return CAIXA_ERROS.CEP_PAGADOR_AUSENTE;
    if (second === 'endereco' && third === 'cidade') return CAIXA_ERROS.CIDADE_PAGADOR_AUSENTE;
    if (third === 'nome' || third === 'razao_social') return CAIXA_ERROS.NOME_PAGADOR_AUSENTE;
    if (third === 'cpf' || third === 'cnpj') return CAIXA_ERROS.CPF_CNPJ_PAGADOR_INVALIDO;
    if (second === 'pessoa_fisica' || second === 'pessoa_juridica' || second === undefined) return CAIXA_ERROS.TIPO_PESSOA_INVALIDO;
  }
  return CAIXA_ERROS.DADOS_INVALIDOS;
}
