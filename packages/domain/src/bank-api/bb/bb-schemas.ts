import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../../money/cents.js';
import { isValidCnpj, isValidCpf } from '../../documents/cpf-cnpj.js';
import { BB_LIMITS } from './bb-limits.js';
import { BB_TIPOS_TITULO } from './bb-codes.js';
import { parseBbDate } from './bb-values.js';

/**
 * The documented rules of the Cobranças v2 request bodies as zod schemas (docs/banks.md has the
 * source of each rule). The local bank sandbox validates with them, so a body our client builds
 * and the sandbox accepts is one BB's documentation accepts. Messages are Portuguese and name the
 * field, as the sandbox answers them in BB's error shape.
 */

const DDMMYYYY = /^\d{2}\.\d{2}\.\d{4}$/;

/** BB types these as integers; a string of digits is read the same (clients differ). */
const bbInteger = (field: string, maxDigits: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/)], { error: `${field}: informe um número inteiro.` })
    .transform((v) => Number(v))
    .refine((n) => Number.isSafeInteger(n) && n >= 0 && String(n).length <= maxDigits, `${field}: inteiro de até ${maxDigits} dígitos.`);

const bbDateText = (field: string) =>
  z
    .string({ error: `${field}: campo obrigatório no formato dd.mm.aaaa.` })
    .refine((s) => DDMMYYYY.test(s) && parseBbDate(s) !== null, `${field}: data inválida, use o formato dd.mm.aaaa.`);

const bbAmount = (field: string) =>
  z
    .union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/)], { error: `${field}: informe um valor decimal separado por ".".` })
    .transform((v) => Number(v))
    .refine((n) => Number.isFinite(n) && n >= 0 && hasAtMostTwoDecimals(n), `${field}: valor com no máximo duas casas decimais.`);

const maxText = (field: string, max: number) => z.string().max(max, `${field}: máximo de ${max} caracteres.`);
const simNao = (field: string) => z.enum(['S', 'N'], { error: `${field}: informe "S" ou "N".` });

/** Days since the epoch of a 'dd.mm.aaaa' already checked, to compare two of them. */
const dayOf = (s: string): string => parseBbDate(s) ?? '';

const pagadorSchema = z
  .object(
    {
      tipoInscricao: z.union([z.literal(1), z.literal(2)], { error: 'pagador.tipoInscricao: 1 (CPF) ou 2 (CNPJ).' }),
      numeroInscricao: bbInteger('pagador.numeroInscricao', 14),
      nome: z.string({ error: 'pagador.nome: campo obrigatório.' }).trim().min(1, 'pagador.nome: campo obrigatório.').max(BB_LIMITS.pagadorNome, `pagador.nome: máximo de ${BB_LIMITS.pagadorNome} caracteres.`),
      endereco: maxText('pagador.endereco', BB_LIMITS.pagadorEndereco).optional(),
      cep: bbInteger('pagador.cep', 8).optional(),
      cidade: maxText('pagador.cidade', BB_LIMITS.pagadorCidade).optional(),
      bairro: maxText('pagador.bairro', BB_LIMITS.pagadorBairro).optional(),
      uf: z.string().regex(/^[A-Z]{2}$/, 'pagador.uf: sigla da UF com 2 letras maiúsculas.').optional(),
      telefone: z.string().regex(/^\d{0,15}$/, 'pagador.telefone: até 15 dígitos.').optional(),
      email: z.string().max(100, 'pagador.email: máximo de 100 caracteres.').optional(),
    },
    { error: 'pagador: campo obrigatório.' },
  )
  .superRefine((p, ctx) => {
    const cpf = p.tipoInscricao === 1;
    const digits = String(p.numeroInscricao).padStart(cpf ? 11 : 14, '0');
    const valid = cpf ? digits.length === 11 && isValidCpf(digits) : digits.length === 14 && isValidCnpj(digits);
    if (!valid) ctx.addIssue({ code: 'custom', path: ['numeroInscricao'], message: `pagador.numeroInscricao: ${cpf ? 'CPF' : 'CNPJ'} inválido.` });
  });

const jurosMoraSchema = z
  .object({
    tipo: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'jurosMora.tipo: 0, 1, 2 ou 3.' }),
    porcentagem: bbAmount('jurosMora.porcentagem').optional(),
    valor: bbAmount('jurosMora.valor').optional(),
  })
  .superRefine((j, ctx) => {
    if (j.tipo === 2 && !(j.porcentagem && j.porcentagem > 0)) ctx.addIssue({ code: 'custom', path: ['porcentagem'], message: 'jurosMora.porcentagem: obrigatória e maior que zero quando tipo = 2.' });
    if (j.tipo === 1 && !(j.valor && j.valor > 0)) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'jurosMora.valor: obrigatório e maior que zero quando tipo = 1.' });
  });

const multaSchema = z
  .object({
    tipo: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'multa.tipo: 0, 1 ou 2.' }),
    data: bbDateText('multa.data').optional(),
    porcentagem: bbAmount('multa.porcentagem').optional(),
    valor: bbAmount('multa.valor').optional(),
  })
  .superRefine((m, ctx) => {
    if (m.tipo > 0 && m.data === undefined) ctx.addIssue({ code: 'custom', path: ['data'], message: 'multa.data: obrigatória quando tipo > 0.' });
    if (m.tipo === 2 && !(m.porcentagem && m.porcentagem > 0)) ctx.addIssue({ code: 'custom', path: ['porcentagem'], message: 'multa.porcentagem: obrigatória e maior que zero quando tipo = 2.' });
    if (m.tipo === 1 && !(m.valor && m.valor > 0)) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'multa.valor: obrigatório e maior que zero quando tipo = 1.' });
  });

export const bbRegistroBodySchema = z
  .object({
    numeroConvenio: bbInteger('numeroConvenio', 7),
    numeroCarteira: bbInteger('numeroCarteira', 3),
    numeroVariacaoCarteira: bbInteger('numeroVariacaoCarteira', 3),
    codigoModalidade: z.union([z.literal(1), z.literal(4)], { error: 'codigoModalidade: 1 (SIMPLES) ou 4 (VINCULADA).' }),
    dataEmissao: bbDateText('dataEmissao'),
    dataVencimento: bbDateText('dataVencimento'),
    valorOriginal: bbAmount('valorOriginal').refine((n) => n > 0, 'valorOriginal: deve ser maior que 0.00.'),
    valorAbatimento: bbAmount('valorAbatimento').optional(),
    codigoAceite: z.enum(['A', 'N'], { error: 'codigoAceite: "A" ou "N".' }).optional(),
    codigoTipoTitulo: z.number({ error: 'codigoTipoTitulo: campo obrigatório.' }).refine((n) => BB_TIPOS_TITULO.includes(n), 'codigoTipoTitulo: código fora do domínio.'),
    descricaoTipoTitulo: z.string().optional(),
    indicadorPermissaoRecebimentoParcial: simNao('indicadorPermissaoRecebimentoParcial').optional(),
    numeroTituloBeneficiario: z
      .string()
      .max(BB_LIMITS.numeroTituloBeneficiario, `numeroTituloBeneficiario: máximo de ${BB_LIMITS.numeroTituloBeneficiario} caracteres.`)
      .regex(/^[A-Z0-9' -]*$/, 'numeroTituloBeneficiario: só letras A-Z, dígitos, hífen, apóstrofo e espaço.')
      .optional(),
    numeroTituloCliente: z
      .string({ error: 'numeroTituloCliente: campo obrigatório.' })
      .regex(/^000\d{17}$/, 'numeroTituloCliente: 20 dígitos, "000" + convênio (7) + número (10).'),
    mensagemBloquetoOcorrencia: maxText('mensagemBloquetoOcorrencia', BB_LIMITS.mensagemBloquetoOcorrencia).optional(),
    jurosMora: jurosMoraSchema.optional(),
    multa: multaSchema.optional(),
    pagador: pagadorSchema,
    indicadorPix: z.string().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.numeroTituloCliente.slice(3, 10) !== String(b.numeroConvenio).padStart(7, '0')) {
      ctx.addIssue({ code: 'custom', path: ['numeroTituloCliente'], message: 'numeroTituloCliente: os dígitos 4 a 10 devem ser o número do convênio.' });
    }
    const emissao = dayOf(b.dataEmissao);
    const vencimento = dayOf(b.dataVencimento);
    if (emissao && vencimento && vencimento < emissao) {
      ctx.addIssue({ code: 'custom', path: ['dataVencimento'], message: 'dataVencimento: não pode ser anterior à dataEmissao.' });
    }
    const multaData = b.multa?.data ? dayOf(b.multa.data) : '';
    if (multaData && vencimento && multaData <= vencimento) {
      ctx.addIssue({ code: 'custom', path: ['multa', 'data'], message: 'multa.data: deve ser posterior à dataVencimento.' });
    }
  });

const OUTROS_INDICADORES = [
  'indicadorAtribuirDesconto',
  'indicadorAlterarDesconto',
  'indicadorAlterarDataDesconto',
  'indicadorProtestar',
  'indicadorSustacaoProtesto',
  'indicadorCancelarProtesto',
  'indicadorIncluirAbatimento',
  'indicadorAlterarAbatimento',
  'indicadorCobrarJuros',
  'indicadorDispensarJuros',
  'indicadorCobrarMulta',
  'indicadorDispensarMulta',
  'indicadorNegativar',
  'indicadorAlterarSeuNumero',
  'indicadorAlterarEnderecoPagador',
  'indicadorAlterarPrazoBoletoVencido',
] as const;

export const bbAlteracaoBodySchema = z
  .object({
    numeroConvenio: bbInteger('numeroConvenio', 7),
    indicadorNovaDataVencimento: simNao('indicadorNovaDataVencimento'),
    alteracaoData: z.object({ novaDataVencimento: bbDateText('alteracaoData.novaDataVencimento') }).optional(),
    indicadorNovoValorNominal: simNao('indicadorNovoValorNominal'),
    alteracaoValor: z.object({ novoValorNominal: bbAmount('alteracaoValor.novoValorNominal') }).optional(),
    ...Object.fromEntries(OUTROS_INDICADORES.map((name) => [name, simNao(name).optional()])),
  })
  .superRefine((b, ctx) => {
    if (b.indicadorNovaDataVencimento === 'S' && !b.alteracaoData) {
      ctx.addIssue({ code: 'custom', path: ['alteracaoData'], message: 'alteracaoData: obrigatório quando indicadorNovaDataVencimento = "S".' });
    }
    if (b.indicadorNovoValorNominal === 'S' && !(b.alteracaoValor && b.alteracaoValor.novoValorNominal > 0)) {
      ctx.addIssue({ code: 'custom', path: ['alteracaoValor'], message: 'alteracaoValor.novoValorNominal: obrigatório e maior que zero quando indicadorNovoValorNominal = "S".' });
    }
    const any = b.indicadorNovaDataVencimento === 'S' || b.indicadorNovoValorNominal === 'S' || OUTROS_INDICADORES.some((name) => (b as Record<string, unknown>)[name] === 'S');
    if (!any) ctx.addIssue({ code: 'custom', path: [], message: 'Nenhuma alteração indicada: informe ao menos um indicador "S".' });
  });

export const bbBaixaBodySchema = z.object({ numeroConvenio: bbInteger('numeroConvenio', 7) }, { error: 'Corpo da requisição: informe numeroConvenio.' });

export type BbRegistroBodyParsed = z.infer<typeof bbRegistroBodySchema>;
export type BbAlteracaoBodyParsed = z.infer<typeof bbAlteracaoBodySchema>;
