/** Spec §5 "Deny reasons offered", in the spec's order; the first is the default of the modal. */
export const DENY_REASONS = [
  'Restrição no CNPJ ligado ao cliente',
  'Restrição no avalista',
  'Restrição no sócio da empresa',
  'Baixo escore de crédito',
  'Telefone não localizado ou sem contato',
  'Terceiro suspeito',
  'Filling',
  'Outro',
] as const;
export type DenyReason = (typeof DENY_REASONS)[number];

export function isDenyReason(value: string): value is DenyReason {
  return (DENY_REASONS as readonly string[]).includes(value);
}

/** Lookup answer of a document with commercial restrictions (spec §4 Wizard). */
export const LOOKUP_RESTRICTED_STATUS = 900;

export const GARANTIA_MSG = {
  restrictedTitle: 'Que pena! Não conseguimos aprovar essa solicitação!',
  restrictedText: 'O cliente possui uma ou mais restrições comerciais.',
  /** With a published credit policy the lookup reports restrictions; the policy decides at submission. */
  restrictedPolicyDecides: 'A decisão será da política de crédito, ao enviar a solicitação.',
  sentTitle: 'Dados da solicitação enviados para análise!',
  minParcelas: 'Informe no mínimo 2 parcelas',
  maxParcelas: (max: number) => `A empresa permite no máximo ${max} parcelas`,
  vencimentoPassado: 'O vencimento não pode ser anterior a hoje',
  nascimentoFuturo: 'A data não pode ser futura',
  valorPositivo: 'Informe um valor maior que zero',
  avalistaCpf: 'Informe um CPF válido!',
} as const;
