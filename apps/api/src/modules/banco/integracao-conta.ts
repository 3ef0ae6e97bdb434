import { asc, eq } from 'drizzle-orm';
import { BANCOS_COM_API, layoutsDeRemessa, type ContaIntegracaoInput } from '@bg/domain';
import { BankError } from '../../adapters/bank/bank-adapter.js';
import { UnsupportedBankError } from '../../adapters/bank/choose-bank-adapter.js';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/app-error.js';
import type { BankServices } from '../../services.js';
import type { Actor } from '../../shared/actor.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { adapterOf, faltaParaApi, openSegredos, presentContaBanco, sealSegredos, sealWebhookToken, touched } from './conta-banco.js';

const SOMENTE_ADMIN = 'Somente administradores configuram a integração com o banco.';

/** GET /api/contaCobranca/getAll: every conta, the house default and the active first, with its mode; never a secret. */
export async function listContasBanco(db: Db, bank: BankServices, actor: Actor, origin: string | null) {
  assertAdmin(actor, SOMENTE_ADMIN);
  const rows = await db.select().from(contaCobranca).orderBy(asc(contaCobranca.ativa), asc(contaCobranca.id));
  return rows.sort((a, b) => Number(b.padrao) - Number(a.padrao) || Number(b.ativa) - Number(a.ativa) || a.id - b.id).map((c) => presentContaBanco(bank, c, origin));
}

/**
 * POST /api/contaCobranca/integracao/{id}: mode, endpoints, client id, secrets (write-only: empty
 * keeps the stored one), variação and the wait before changes. API mode requires everything the
 * adapter needs; the banks that have an adapter only (BB, Caixa). Audited without the secrets.
 */
export async function saveIntegracao(db: Db, bank: BankServices, actor: Actor, contaId: number, input: ContaIntegracaoInput, origin: string | null) {
  assertAdmin(actor, SOMENTE_ADMIN);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, contaId)).for('update');
    if (!current) throw notFound('Conta de cobrança');
    const old = openSegredos(bank, current);
    const segredos = { client_secret: input.client_secret || old.client_secret, app_key: input.app_key || old.app_key };
    const next = {
      modo: input.modo,
      api_url: input.api_url === undefined ? current.api_url : input.api_url || null,
      api_oauth_url: input.api_oauth_url === undefined ? current.api_oauth_url : input.api_oauth_url || null,
      api_client_id: input.api_client_id === undefined ? current.api_client_id : input.api_client_id || null,
      variacao_carteira: input.variacao_carteira === undefined ? current.variacao_carteira : input.variacao_carteira || null,
      alteracao_espera_minutos: input.alteracao_espera_minutos ?? current.alteracao_espera_minutos,
      api_segredos: segredos.client_secret || segredos.app_key ? sealSegredos(bank, contaId, segredos) : null,
      webhook_token: current.webhook_token ?? sealWebhookToken(bank, contaId).sealed,
    };
    if (next.modo === 'API') {
      if (!BANCOS_COM_API.includes(current.banco)) throw invalid({ modo: 'Este banco ainda não trabalha por API.' });
      const falta = faltaParaApi(bank, { ...current, ...next });
      if (falta) throw invalid({ modo: falta }, falta);
      if (current.banco === '001' && !next.variacao_carteira) throw invalid({ variacao_carteira: 'Informe a variação da carteira (Banco do Brasil).' });
    }
    // a bank we write no remessa for reaches the bank by API only (bancosDeCobranca, decision 126)
    if (next.modo === 'CNAB' && layoutsDeRemessa(current.banco).length === 0) throw invalid({ modo: 'Este banco não gera remessas: a conta trabalha pela API do banco.' });
    const [saved] = await tx.update(contaCobranca).set({ ...next, ...touched }).where(eq(contaCobranca.id, contaId)).returning();
    const changes = diffFields(
      { modo: current.modo, api_url: current.api_url, api_oauth_url: current.api_oauth_url, api_client_id: current.api_client_id, variacao_carteira: current.variacao_carteira, alteracao_espera_minutos: current.alteracao_espera_minutos },
      { modo: saved.modo, api_url: saved.api_url, api_oauth_url: saved.api_oauth_url, api_client_id: saved.api_client_id, variacao_carteira: saved.variacao_carteira, alteracao_espera_minutos: saved.alteracao_espera_minutos },
    );
    await recordAudit(tx, actor, {
      action: 'contaCobranca.integracao',
      entity: 'conta_cobranca',
      entityId: contaId,
      summary: { ...changes, client_secret_alterado: Boolean(input.client_secret), app_key_alterada: Boolean(input.app_key) },
    });
    return presentContaBanco(bank, saved, origin);
  });
}

/** POST /api/contaCobranca/testarConexao/{id}: asks the bank for a token with the stored credentials (a read-only query). */
export async function testarConexao(db: Db, bank: BankServices, actor: Actor, contaId: number) {
  assertAdmin(actor, SOMENTE_ADMIN);
  const [conta] = await db.select().from(contaCobranca).where(eq(contaCobranca.id, contaId));
  if (!conta) throw notFound('Conta de cobrança');
  const falta = faltaParaApi(bank, conta);
  if (falta) return { ok: false, mensagem: falta, latencia_ms: null };
  const started = performance.now();
  try {
    // a query of a number that cannot exist: it needs a token and the application key, and changes nothing
    await adapterOf(bank, conta).get(adapterOf(bank, conta).numeroBanco(9_999_999_999), () => {});
    return { ok: true, mensagem: 'Conexão com o banco funcionando: token obtido e consulta respondida.', latencia_ms: Math.round(performance.now() - started) };
  } catch (e) {
    if (e instanceof BankError && e.kind === 'NAO_ENCONTRADO') return { ok: true, mensagem: 'Conexão com o banco funcionando: token obtido e consulta respondida.', latencia_ms: Math.round(performance.now() - started) };
    if (e instanceof BankError || e instanceof UnsupportedBankError) return { ok: false, mensagem: e.message, latencia_ms: Math.round(performance.now() - started) };
    throw e;
  }
}
