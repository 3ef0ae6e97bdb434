/**
 * Field lengths of the registration body. The generated OpenAPI gives none for the pagador; these
 * follow BB's portal as quoted by public integrations (docs/banks.md cites each): longer text is cut
 * here, so BB never refuses a boleto for a long street name.
 */
export const BB_LIMITS = {
  numeroTituloBeneficiario: 15,
  mensagemBloquetoOcorrencia: 30,
  pagadorNome: 60,
  pagadorEndereco: 60,
  pagadorBairro: 30,
  pagadorCidade: 30,
  pagadorTelefone: 15,
} as const;
