import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { CERTIFICADO_ALERTA_DIAS, certificadoDiasRestantes } from '@bg/domain';
import type { BankAdapter } from '../../adapters/bank/bank-adapter.js';
import type { BankAdapterConfig } from '../../adapters/bank/choose-bank-adapter.js';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import type { BankServices } from '../../services.js';

export type ContaRow = typeof contaCobranca.$inferSelect;
type Segredos = { client_secret?: string; app_key?: string };

/** The context a conta's secrets are sealed for: a sealed value copied to another conta does not open. */
const context = (contaId: number) => `conta_cobranca:${contaId}`;

export function openSegredos(bank: BankServices, conta: Pick<ContaRow, 'id' | 'api_segredos'>): Segredos {
  if (!conta.api_segredos) return {};
  const plain = bank.box.open(conta.api_segredos, context(conta.id));
  if (!plain) return {};
  try {
    return JSON.parse(plain) as Segredos;
  } catch {
    return {};
  }
}

export function sealSegredos(bank: BankServices, contaId: number, segredos: Segredos): string {
  return bank.box.seal(JSON.stringify(segredos), context(contaId));
}

/** The conta's own webhook token (generated once), or null. */
export function openWebhookToken(bank: BankServices, conta: Pick<ContaRow, 'id' | 'webhook_token'>): string | null {
  return conta.webhook_token ? bank.box.open(conta.webhook_token, `${context(conta.id)}:webhook`) : null;
}

export function sealWebhookToken(bank: BankServices, contaId: number): { token: string; sealed: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, sealed: bank.box.seal(token, `${context(contaId)}:webhook`) };
}

/** The conta's client certificate (PEM certificate chain and private key), sealed like its secrets. */
export type CertificadoPem = { cert: string; key: string };

export function sealCertificado(bank: BankServices, contaId: number, pem: CertificadoPem): string {
  return bank.box.seal(JSON.stringify(pem), `${context(contaId)}:certificado`);
}

/** The certificate for mutual TLS, or null (none uploaded, or sealed with another key). */
export function openCertificado(bank: BankServices, conta: Pick<ContaRow, 'id' | 'certificado_pem'>): CertificadoPem | null {
  if (!conta.certificado_pem) return null;
  const plain = bank.box.open(conta.certificado_pem, `${context(conta.id)}:certificado`);
  if (!plain) return null;
  try {
    const pem = JSON.parse(plain) as Partial<CertificadoPem>;
    return typeof pem.cert === 'string' && typeof pem.key === 'string' ? { cert: pem.cert, key: pem.key } : null;
  } catch {
    return null;
  }
}

/** What the screens show of the conta's certificate: never the key. */
export function presentCertificado(c: Pick<ContaRow, 'certificado_subject' | 'certificado_emissor' | 'certificado_serial' | 'certificado_validade'>, now: Date) {
  if (!c.certificado_validade) return null;
  const dias = certificadoDiasRestantes(c.certificado_validade, now);
  return {
    subject: c.certificado_subject ?? '',
    issuer: c.certificado_emissor ?? '',
    serial: c.certificado_serial ?? '',
    validade: c.certificado_validade,
    dias_restantes: dias,
    vencendo: dias <= CERTIFICADO_ALERTA_DIAS,
  };
}

/** Why a conta in API mode cannot call its bank yet (null: it can). */
export function faltaParaApi(bank: BankServices, conta: ContaRow): string | null {
  const s = openSegredos(bank, conta);
  if (!conta.api_url || !conta.api_oauth_url || !conta.api_client_id || !s.client_secret || !s.app_key) {
    return 'Para trabalhar por API, informe o endereço da API, o endereço do token, o client id, o client secret e a chave da aplicação.';
  }
  return null;
}

export function adapterConfig(bank: BankServices, conta: ContaRow): BankAdapterConfig {
  const s = openSegredos(bank, conta);
  const tls = openCertificado(bank, conta);
  return {
    banco: conta.banco,
    apiUrl: conta.api_url ?? '',
    oauthUrl: conta.api_oauth_url ?? '',
    clientId: conta.api_client_id ?? '',
    clientSecret: s.client_secret ?? '',
    appKey: s.app_key ?? '',
    convenio: conta.codigo_beneficiario,
    carteira: conta.carteira,
    variacao: conta.variacao_carteira ?? '',
    agencia: conta.agencia,
    conta: conta.conta ?? '',
    beneficiarioDocumento: conta.cnpj,
    timeoutMs: bank.timeoutMs,
    // every call to the bank (token and API) presents the conta's certificate when it has one
    ...(tls ? { tls } : {}),
  };
}

export function adapterOf(bank: BankServices, conta: ContaRow): BankAdapter {
  return bank.adapters.for(adapterConfig(bank, conta));
}

export async function contaById(db: DbOrTx, id: number): Promise<ContaRow | null> {
  const [row] = await db.select().from(contaCobranca).where(eq(contaCobranca.id, id));
  return row ?? null;
}

/** The contas that work by API (the jobs' work list). */
export async function contasApi(db: DbOrTx): Promise<ContaRow[]> {
  return db.select().from(contaCobranca).where(eq(contaCobranca.modo, 'API')).orderBy(asc(contaCobranca.id));
}

/** The conta's webhook URL as the admin registers it at the bank. */
export function webhookUrl(bank: BankServices, conta: ContaRow, origin: string | null): string {
  const base = (bank.publicUrl ?? origin ?? '').replace(/\/+$/, '');
  const token = openWebhookToken(bank, conta) ?? bank.webhookSecret ?? '';
  return `${base}/api/banco/webhook/${conta.id}?token=${encodeURIComponent(token)}`;
}

export function presentContaBanco(bank: BankServices, c: ContaRow, origin: string | null, now: Date = new Date()) {
  const s = openSegredos(bank, c);
  return {
    id: c.id,
    banco: c.banco,
    agencia: c.agencia,
    conta: c.conta,
    codigo_beneficiario: c.codigo_beneficiario,
    carteira: c.carteira,
    variacao_carteira: c.variacao_carteira,
    nome: c.nome,
    ativa: c.ativa,
    modo: c.modo,
    api_url: c.api_url,
    api_oauth_url: c.api_oauth_url,
    api_client_id: c.api_client_id,
    tem_client_secret: Boolean(s.client_secret),
    tem_app_key: Boolean(s.app_key),
    alteracao_espera_minutos: c.alteracao_espera_minutos,
    webhook_url: webhookUrl(bank, c, origin),
    updated_at: c.updated_at,
    certificado: presentCertificado(c, now),
  };
}

/** Touch used by writers of the conta's integration. */
export const touched = { updated_at: sql`now()` };

/**
 * Where the in-process sandbox sends each convênio's webhook (the demo: the bank is this process):
 * the API-mode contas' URLs, as their admins would register them at the bank.
 */
export async function webhookTargets(db: DbOrTx, bank: BankServices, origin: string): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const c of await contasApi(db)) map.set(c.codigo_beneficiario.replace(/\D/g, '').padStart(7, '0'), webhookUrl({ ...bank, publicUrl: null }, c, origin));
  return map;
}
