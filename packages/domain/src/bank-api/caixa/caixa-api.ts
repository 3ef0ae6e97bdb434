/**
 * Caixa's "API Cobrança Bancária — Gestão de Boletos" as its Swagger 2.0 (version 3.2.0, GEFAT)
 * and the manual MO 38.431 describe it (sources in docs/banks.md, "## Caixa"): where it lives, the
 * paths of the four operations, the throttle and the token's lifetime.
 */

/** Base URLs of the boleto operations (Swagger host + basePath; the sandbox path per MO 38.431). */
export const CAIXA_API_URLS = {
  producao: 'https://api.caixa.gov.br:8443/cobranca-bancaria',
  sandbox: 'https://api.caixa.gov.br:8443/sandbox/cobranca-bancaria',
} as const;

/** Caixa's SSO (Keycloak realm "internet"): the OAuth2 token endpoint. */
export const CAIXA_TOKEN_URLS = {
  producao: 'https://loginservicos.caixa.gov.br/auth/realms/internet/protocol/openid-connect/token',
  homologacao: 'https://logindes.caixa.gov.br/auth/realms/internet/protocol/openid-connect/token',
} as const;

/** The path of the token endpoint under its host, which the local sandbox serves as well. */
export const CAIXA_TOKEN_PATH = '/auth/realms/internet/protocol/openid-connect/token';

export const CAIXA_LIMITS = {
  /** "API CAIXA: 5 requisições por segundo" (MO 38.431 §4.5.3). */
  requisicoesPorSegundo: 5,
  /** "SSO CAIXA: 1 requisição por IP por minuto": the token must be reused while valid. */
  intervaloTokenMs: 60_000,
  /** The access token lasts 15 minutes (MO 38.431 §4.5.3); expires_in says it in each answer. */
  validadeTokenSegundos: 900,
} as const;

function beneficiario(idBeneficiario: string | number): string {
  const id = String(idBeneficiario).trim();
  // Swagger: id_beneficiario is an integer path parameter (the código do beneficiário, ≤ 7 digits).
  if (!/^\d{1,7}$/.test(id)) throw new RangeError(`Código do beneficiário Caixa deve ter até 7 dígitos: ${id}`);
  return String(Number(id));
}

function nossoNumero(value: string): string {
  if (!/^\d{17}$/.test(value)) throw new RangeError(`Nosso número Caixa deve ter 17 dígitos: ${value}`);
  return value;
}

/** Paths under the base URL, as the Swagger names them (Inclui/Consulta/Altera/Baixa_Boleto). */
export const caixaPaths = {
  /** POST — Inclui_Boleto. */
  registrar: (idBeneficiario: string | number) => `/v4/beneficiarios/${beneficiario(idBeneficiario)}/boletos`,
  /** GET — Consulta_Boleto. */
  consultar: (idBeneficiario: string | number, nn: string) =>
    `/v4/beneficiarios/${beneficiario(idBeneficiario)}/boletos/${nossoNumero(nn)}`,
  /** PUT — Altera_Boleto. */
  alterar: (idBeneficiario: string | number, nn: string) =>
    `/v4/beneficiarios/${beneficiario(idBeneficiario)}/boletos/${nossoNumero(nn)}`,
  /** POST — Baixa_Boleto (still version 2 in the Swagger). */
  baixar: (idBeneficiario: string | number, nn: string) =>
    `/v2/beneficiarios/${beneficiario(idBeneficiario)}/boletos/${nossoNumero(nn)}/baixar`,
} as const;

/**
 * The form body of the client-credentials token request (MO 38.431 §4.5.2: grant_type, client_id
 * and client_secret in the form, scope optional), sent as application/x-www-form-urlencoded with
 * the `apikey` header.
 */
export function buildCaixaTokenForm(credentials: { clientId: string; clientSecret: string; scope?: string }): string {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  if (credentials.scope) form.set('scope', credentials.scope);
  return form.toString();
}
