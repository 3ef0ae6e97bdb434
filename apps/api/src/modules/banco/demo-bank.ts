import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import type { BankServices } from '../../services.js';
import { UnsupportedBankError } from '../../adapters/bank/choose-bank-adapter.js';
import { insertContaCobranca } from '../conta-cobranca/insert-conta-cobranca.js';
import { adapterConfig, sealSegredos, sealWebhookToken, type ContaRow } from './conta-banco.js';

/** The in-process sandbox's contracts, per bank (docs/banks.md "sandbox local"). */
export function sandboxEndpoints(banco: string, origin: string): { api: string; oauth: string } | null {
  const base = `${origin}/sandbox-banco`;
  if (banco === '001') return { api: `${base}/bb/cobrancas/v2`, oauth: `${base}/bb/oauth/token` };
  if (banco === '104') return { api: `${base}/caixa/cobranca-bancaria`, oauth: `${base}/caixa/auth/realms/internet/protocol/openid-connect/token` };
  return null;
}

/** The demo's credentials at the sandbox (it accepts any non-empty ones): nothing secret. */
const DEMO = { clientId: 'boleto-garantido-demo', clientSecret: 'demo-client-secret', appKey: 'demo-app-key' };

const supported = (bank: BankServices, conta: ContaRow) => {
  try {
    bank.adapters.for(adapterConfig(bank, conta));
    return true;
  } catch (e) {
    if (e instanceof UnsupportedBankError) return false;
    throw e;
  }
};

/**
 * After the demo seed (BANK_MODE=api with the in-process sandbox): the demo conta works by its
 * bank's API against the sandbox of this same process, so a new user sees registration and payment
 * happen without any file. Answers the line the start prints, or null when nothing changed.
 */
export async function configureDemoBank(db: Db, bank: BankServices, opts: { mode: 'api' | 'cnab'; sandbox: boolean; port: number }): Promise<string | null> {
  if (opts.mode !== 'api' || !opts.sandbox) return null;
  const [conta] = await db.select().from(contaCobranca).where(eq(contaCobranca.padrao, true));
  if (!conta || conta.origem !== 'SEED' || conta.modo === 'API') return null;
  const endpoints = sandboxEndpoints(conta.banco, `http://127.0.0.1:${opts.port}`);
  if (!endpoints || !supported(bank, { ...conta, api_url: endpoints.api })) return null;
  await db
    .update(contaCobranca)
    .set({
      modo: 'API',
      api_url: endpoints.api,
      api_oauth_url: endpoints.oauth,
      api_client_id: DEMO.clientId,
      api_segredos: sealSegredos(bank, conta.id, { client_secret: DEMO.clientSecret, app_key: DEMO.appKey }),
      webhook_token: sealWebhookToken(bank, conta.id).sealed,
      variacao_carteira: conta.banco === '001' ? '35' : conta.variacao_carteira,
      updated_at: sql`now()`,
    })
    .where(eq(contaCobranca.id, conta.id));
  return 'Conta de cobrança de demonstração: registro e pagamentos pela API do banco (sandbox local em /sandbox-banco).';
}

/**
 * BB_CONVENIO (with the other BB_* variables): a Banco do Brasil conta by API, made or updated at
 * start and made the house default (the BOLETO_* account works the same way; the conta that was the
 * default stays active, decision 126). Its beneficiary's name, CNPJ and address are the default conta's. Unset BB_API_URL/BB_OAUTH_URL: the in-process sandbox.
 */
export async function provisionBbConta(
  db: Db,
  bank: BankServices,
  bb: { apiUrl: string | null; oauthUrl: string | null; clientId: string | null; clientSecret: string | null; appKey: string | null; convenio: string | null; carteira: string; variacao: string; agencia: string | null; conta: string | null },
  opts: { mode: 'api' | 'cnab'; port: number },
): Promise<string | null> {
  if (!bb.convenio) return null;
  return db.transaction(async (tx) => {
    const [active] = await tx.select().from(contaCobranca).where(eq(contaCobranca.padrao, true)).for('update');
    let [conta] = await tx.select().from(contaCobranca).where(sql`${contaCobranca.banco} = '001' and ${contaCobranca.codigo_beneficiario} = ${bb.convenio}`);
    if (!conta) {
      if (!active) return 'BB_CONVENIO ignorado: cadastre antes a conta de cobrança (nome, CNPJ e endereço do beneficiário).';
      conta = await insertContaCobranca(
        tx,
        { banco: '001', agencia: bb.agencia ?? active.agencia, conta: bb.conta ?? active.conta, codigo_beneficiario: bb.convenio as string, carteira: bb.carteira, nome: active.nome, cnpj: active.cnpj, cep: active.cep, endereco: active.endereco, numero: active.numero, bairro: active.bairro, cidade: active.cidade, uf: active.uf, pix_chave: active.pix_chave },
        'ENV',
        null,
        { padrao: true },
      );
    } else if (!conta.padrao) {
      if (active) await tx.update(contaCobranca).set({ padrao: false, updated_at: sql`now()` }).where(eq(contaCobranca.id, active.id));
      await tx.update(contaCobranca).set({ ativa: true, padrao: true }).where(eq(contaCobranca.id, conta.id));
    }
    const sandbox = sandboxEndpoints('001', `http://127.0.0.1:${opts.port}`) as { api: string; oauth: string };
    await tx
      .update(contaCobranca)
      .set({
        modo: opts.mode === 'api' ? 'API' : 'CNAB',
        api_url: bb.apiUrl ?? sandbox.api,
        api_oauth_url: bb.oauthUrl ?? sandbox.oauth,
        api_client_id: bb.clientId ?? DEMO.clientId,
        api_segredos: sealSegredos(bank, conta.id, { client_secret: bb.clientSecret ?? DEMO.clientSecret, app_key: bb.appKey ?? DEMO.appKey }),
        webhook_token: conta.webhook_token ?? sealWebhookToken(bank, conta.id).sealed,
        variacao_carteira: bb.variacao,
        updated_at: sql`now()`,
      })
      .where(eq(contaCobranca.id, conta.id));
    return `Conta Banco do Brasil (convênio ${bb.convenio}) por ${opts.mode === 'api' ? 'API' : 'arquivo CNAB'}${bb.apiUrl ? ` em ${bb.apiUrl}` : ' no sandbox local'}.`;
  });
}
