import type { ContaBanco, IntegracaoBody } from '../api/conta-banco';

/** What the integração form holds: text as typed; the secrets start empty (write-only). */
export type IntegracaoValues = {
  modo: 'CNAB' | 'API';
  api_url: string;
  api_oauth_url: string;
  api_client_id: string;
  client_secret: string;
  app_key: string;
  variacao_carteira: string;
  alteracao_espera_minutos: number | string;
};

/** The saved conta into the form: the secrets are never read back, so they start blank. */
export function integracaoValues(c: ContaBanco): IntegracaoValues {
  return {
    modo: c.modo,
    api_url: c.api_url ?? '',
    api_oauth_url: c.api_oauth_url ?? '',
    api_client_id: c.api_client_id ?? '',
    client_secret: '',
    app_key: '',
    variacao_carteira: c.variacao_carteira ?? '',
    alteracao_espera_minutos: c.alteracao_espera_minutos,
  };
}

/**
 * The body of saveIntegracao: a secret goes only when something was typed in it (blank keeps the
 * one stored), and the variação only for Banco do Brasil (the only bank that has one).
 */
export function integracaoBody(v: IntegracaoValues, banco: string): IntegracaoBody {
  const secret = (text: string) => (text.trim() ? { value: text } : null);
  const clientSecret = secret(v.client_secret);
  const appKey = secret(v.app_key);
  return {
    modo: v.modo,
    api_url: v.api_url.trim(),
    api_oauth_url: v.api_oauth_url.trim(),
    api_client_id: v.api_client_id.trim(),
    ...(clientSecret && { client_secret: clientSecret.value }),
    ...(appKey && { app_key: appKey.value }),
    ...(banco === '001' && { variacao_carteira: v.variacao_carteira.trim() }),
    // an emptied field is sent as it is, so the schema's message says what is missing
    alteracao_espera_minutos: v.alteracao_espera_minutos === '' ? Number.NaN : Number(v.alteracao_espera_minutos),
  };
}
