import { z } from 'zod';
import { toCents } from '../money/cents.js';
import { isValidCpf, isValidCpfCnpj, onlyDigits } from '../documents/cpf-cnpj.js';
import { DATE_MSG, vencimentosForaDeOrdem } from '../dates/date-limits.js';
import { MSG } from '../schemas/messages.js';
import {
  addressShape,
  dataNascimentoSchema,
  moneySchema,
  optionalPhoneSchema,
  optionalText,
  pagingQuerySchema,
  phoneSchema,
  requiredText,
  idParam,
  wholeNumberSchema,
  wireNumber,
  vencimentoSchema,
} from '../schemas/common.js';
import { GARANTIA_STATUS } from '../situacao/boleto-situacao.js';
import { DENY_REASONS, GARANTIA_MSG } from './deny-reasons.js';

/** Upper bound of the database (empresa.qtd_max_parcelas CHECK); the empresa's own limit is checked on top. */
export const MAX_PARCELAS_ANY = 48;
export const MIN_RENDA_CENTS = 30000;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idParam.optional());

/** Step 1 (CONSULTA): POST /api/garantia/consultaDocumento (body). empresa_id: the Loja an administrador chose. */
export const consultaDocumentoSchema = z.object({
  documento: z
    .string({ error: MSG.documentRequired })
    .trim()
    .min(1, MSG.documentRequired)
    .refine(isValidCpfCnpj, MSG.documentInvalid)
    .transform(onlyDigits),
  empresa_id: optionalId,
});
export type ConsultaDocumentoInput = z.infer<typeof consultaDocumentoSchema>;

const isCnpj = (doc: string) => onlyDigits(doc).length === 14;

/** Step 2 (DADOS DO CLIENTE): the customer fields of the §3 payload. */
export const clienteFields = z.object({
  cpf_cnpj: z.string({ error: MSG.required }).trim().min(1, MSG.required).refine(isValidCpfCnpj, MSG.documentInvalid).transform(onlyDigits),
  nome_razao: requiredText(150),
  data_nascimento: dataNascimentoSchema,
  ...addressShape,
  ref_comercial: optionalText(150),
  tel_ref_comercial: optionalPhoneSchema,
  ref_pessoal: requiredText(150),
  tel_ref_pessoal: phoneSchema,
  ocupacao: requiredText(100),
  renda: moneySchema.refine((v) => toCents(v) >= MIN_RENDA_CENTS, MSG.rendaMinima),
  telefone1: phoneSchema,
  telefone2: optionalPhoneSchema,
  socio_avalista: optionalText(150),
  cpf_avalista: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? onlyDigits(v) : null)),
});

type ClienteShape = { cpf_cnpj: string; socio_avalista: string | null; cpf_avalista: string | null };

/** For a CNPJ the partner who guarantees it (socio_avalista, cpf_avalista) is required (spec §5). */
function refineAvalista(v: ClienteShape, ctx: z.RefinementCtx) {
  if (typeof v.cpf_cnpj !== 'string' || !isCnpj(v.cpf_cnpj)) return;
  if (!v.socio_avalista) ctx.addIssue({ code: 'custom', path: ['socio_avalista'], message: MSG.required });
  if (!v.cpf_avalista) ctx.addIssue({ code: 'custom', path: ['cpf_avalista'], message: MSG.required });
  else if (!isValidCpf(v.cpf_avalista)) ctx.addIssue({ code: 'custom', path: ['cpf_avalista'], message: GARANTIA_MSG.avalistaCpf });
}

/**
 * The avalista check runs even when other fields already failed (zod skips refinements after a
 * failure by default), so an empty CNPJ form shows "Campo obrigatório" on every required field at
 * once (spec §5), avalista included.
 */
const evenAfterFieldErrors = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

export const clienteSchema = clienteFields.superRefine(refineAvalista, evenAfterFieldErrors);
export type ClienteInput = z.infer<typeof clienteSchema>;

export const tituloSchema = z.object({
  parcela: wholeNumberSchema('Parcela inválida', { min: 1 }),
  valor: moneySchema.refine((v) => v > 0, GARANTIA_MSG.valorPositivo),
  vencimento: vencimentoSchema,
});

const solicitacaoFields = (maxParcelas: number) =>
  z.object({
    qtd_titulos: wireNumber(
      z.number({ error: MSG.required }).int(MSG.required).min(2, GARANTIA_MSG.minParcelas).max(maxParcelas, GARANTIA_MSG.maxParcelas(maxParcelas)),
      MSG.required,
    ),
    titulos: z.array(tituloSchema),
  });

type SolicitacaoShape = { qtd_titulos: number; titulos: { parcela: number; vencimento: string }[] };

/** The list must hold exactly qtd_titulos instalments numbered 1..n, each due after the one before. */
function refineTitulos(v: SolicitacaoShape, ctx: z.RefinementCtx) {
  if (v.titulos.length !== v.qtd_titulos) {
    ctx.addIssue({ code: 'custom', path: ['titulos'], message: `Informe as ${v.qtd_titulos} parcelas` });
    return;
  }
  v.titulos.forEach((t, i) => {
    if (t.parcela !== i + 1) ctx.addIssue({ code: 'custom', path: ['titulos', i, 'parcela'], message: 'Parcela fora de ordem' });
  });
  for (const i of vencimentosForaDeOrdem(v.titulos.map((t) => t.vencimento))) {
    ctx.addIssue({ code: 'custom', path: ['titulos', i, 'vencimento'], message: DATE_MSG.vencimentosCrescentes });
  }
}

/** Step 3 (DADOS DA SOLICITAÇÃO); the web passes the empresa's qtd_max_parcelas. */
export const solicitacaoSchema = (maxParcelas = MAX_PARCELAS_ANY) => solicitacaoFields(maxParcelas).superRefine(refineTitulos);

/**
 * POST /api/garantia/solicitaGarantia: the §3 payload itself (flat), plus empresa_id when an
 * administrador requests for a Loja. The server adds the checks that need the database (the
 * empresa's qtd_max_parcelas and limits, the lookup rules).
 */
export const solicitaGarantiaSchema = (maxParcelas = MAX_PARCELAS_ANY) =>
  clienteFields
    .extend(solicitacaoFields(maxParcelas).shape)
    .extend({ empresa_id: optionalId })
    .superRefine(refineAvalista, evenAfterFieldErrors)
    .superRefine(refineTitulos);
export type SolicitaGarantiaInput = z.infer<ReturnType<typeof solicitaGarantiaSchema>>;

export const GARANTIA_FILTRO_SITUACOES = ['TODAS', GARANTIA_STATUS.PENDENTE, GARANTIA_STATUS.APROVADO, GARANTIA_STATUS.CANCELADO, GARANTIA_STATUS.NAO_AUTORIZADO] as const;

/** GET /api/garantia/getAllPaginate. possui_duplicata: '' both, 'N' only without, 'S' only with. */
export const garantiaListQuerySchema = pagingQuerySchema.extend({
  pesquisa: z.string().trim().max(100).optional(),
  situacao: z.enum(GARANTIA_FILTRO_SITUACOES).optional(),
  empresa_id: optionalId,
  possui_duplicata: z.enum(['', 'S', 'N']).optional(),
});
export type GarantiaListQuery = z.infer<typeof garantiaListQuerySchema>;

/** POST /api/garantia/negar/{id}/{motivo}/{observacao} (path parameters, as the spec's call). */
export const negarGarantiaParamsSchema = z.object({
  id: idParam,
  motivo: z.enum(DENY_REASONS, { error: 'Selecione um motivo da lista' }),
  observacao: requiredText(2000),
});
export const negarGarantiaFormSchema = negarGarantiaParamsSchema.omit({ id: true });

/** "Acerto de Atendimento": POST /api/boleto/update/{id} with the boleto's new vencimento and valor. */
export const acertoAtendimentoSchema = z.object({
  vencimento: vencimentoSchema,
  valor: moneySchema.refine((v) => v > 0, GARANTIA_MSG.valorPositivo),
});
export type AcertoAtendimentoInput = z.infer<typeof acertoAtendimentoSchema>;
