import { centsToDecimalText, fromCents, toCents, EMPRESA_COMMERCIAL_FIELDS, type EmpresaInput } from '@bg/domain';
import { empresa } from '../../db/schema/index.js';

type EmpresaRow = typeof empresa.$inferSelect;
type EmpresaInsert = typeof empresa.$inferInsert;

const money = (v: string) => fromCents(toCents(v));
const optionalMoney = (v: string | null) => (v === null ? null : money(v));
// rates are numeric(7,4) percentages such as 0.1000: exact as a JSON number
const rate = (v: string) => Number(v);
const optionalRate = (v: string | null) => (v === null ? null : rate(v));
const moneyText = (v: number | null | undefined) => (v === null || v === undefined ? null : centsToDecimalText(toCents(v)));
const rateText = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));

/** The API shape of an empresa: money and rates as JSON numbers (DOMAIN.md wire format). */
export function toEmpresaJson(row: EmpresaRow) {
  return {
    ...row,
    comissao_franqueado: rate(row.comissao_franqueado),
    limite_cpf_cnpj: optionalMoney(row.limite_cpf_cnpj),
    limite_boleto: optionalMoney(row.limite_boleto),
    valor_consulta: money(row.valor_consulta),
    mensalidade: money(row.mensalidade),
    taxa_prorrata: rate(row.taxa_prorrata),
    taxa_antecipacao: optionalRate(row.taxa_antecipacao),
  };
}

/** The contact/address columns of a parsed form. */
export function contactColumns(input: EmpresaInput) {
  return {
    cnpj: input.cnpj,
    razao: input.razao,
    fantasia: input.fantasia,
    insc_estadual: input.insc_estadual,
    cep: input.cep,
    endereco: input.endereco,
    numero: input.numero,
    complemento: input.complemento,
    bairro: input.bairro,
    cidade: input.cidade,
    uf: input.uf,
    email: input.email,
    tel1: input.tel1,
    tel2: input.tel2,
    tel3: input.tel3,
    responsavel: input.responsavel,
  } satisfies Partial<EmpresaInsert>;
}

/** The commercial-term columns present in the input (absent fields are left as they are). */
export function termColumns(input: EmpresaInput): Partial<EmpresaInsert> {
  const out: Partial<EmpresaInsert> = {};
  if (input.franqueado_id !== undefined) out.franqueado_id = input.franqueado_id;
  if (input.comissao_franqueado !== undefined) out.comissao_franqueado = rateText(input.comissao_franqueado)!;
  if (input.limite_cpf_cnpj !== undefined) out.limite_cpf_cnpj = moneyText(input.limite_cpf_cnpj);
  if (input.limite_boleto !== undefined) out.limite_boleto = moneyText(input.limite_boleto);
  if (input.valor_consulta !== undefined) out.valor_consulta = moneyText(input.valor_consulta)!;
  if (input.mensalidade !== undefined) out.mensalidade = moneyText(input.mensalidade)!;
  if (input.taxa_prorrata !== undefined) out.taxa_prorrata = rateText(input.taxa_prorrata)!;
  if (input.antecipa !== undefined) out.antecipa = input.antecipa;
  if (input.taxa_antecipacao !== undefined) out.taxa_antecipacao = rateText(input.taxa_antecipacao);
  if (input.qtd_max_parcelas !== undefined) out.qtd_max_parcelas = input.qtd_max_parcelas;
  if (input.simula_venda !== undefined) out.simula_venda = input.simula_venda;
  // taxa_antecipacao means nothing while antecipa is N (the form disables it): keep it empty.
  if (out.antecipa === 'N') out.taxa_antecipacao = null;
  return out;
}

/** Commercial-term fields a request carries (DOMAIN.md: only administradores may send them). */
export function commercialFieldsIn(input: Record<string, unknown>): string[] {
  return EMPRESA_COMMERCIAL_FIELDS.filter((f) => input[f] !== undefined);
}
