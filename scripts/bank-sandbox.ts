/**
 * npm run bank:sandbox — the local bank sandbox on its own port (docs/banks.md, "Sandbox local").
 * It speaks Banco do Brasil's API Cobranças v2 (and each bank the sandbox mounts) over HTTP, so the
 * app pointed at it cannot tell it from the bank. Reads its settings here (scripts may read the
 * environment; apps/api/src takes them as options):
 *   BANK_SANDBOX_PORT (3900), BANK_SANDBOX_HOST (127.0.0.1), BANK_SANDBOX_WEBHOOK_URL (where payments
 *   are announced; none by default), BANK_SANDBOX_ALTERACAO_DELAY_MS (1 800 000 = 30 min),
 *   BANK_SANDBOX_STATE_FILE (keep the boletos across restarts), BANK_SANDBOX_CLIENT_ID /
 *   BANK_SANDBOX_CLIENT_SECRET / BANK_SANDBOX_APP_KEY (accept only these credentials; any otherwise).
 */
import { buildBankSandbox, type BankSandboxOptions } from '../apps/api/src/bank-sandbox/build-bank-sandbox.js';

const env = process.env;
const port = Number(env.BANK_SANDBOX_PORT ?? 3900);
const host = env.BANK_SANDBOX_HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`BANK_SANDBOX_PORT inválida: ${env.BANK_SANDBOX_PORT}`);
  process.exit(1);
}
const delay = env.BANK_SANDBOX_ALTERACAO_DELAY_MS === undefined ? undefined : Number(env.BANK_SANDBOX_ALTERACAO_DELAY_MS);
if (delay !== undefined && !(Number.isInteger(delay) && delay >= 0)) {
  console.error(`BANK_SANDBOX_ALTERACAO_DELAY_MS inválido: ${env.BANK_SANDBOX_ALTERACAO_DELAY_MS}`);
  process.exit(1);
}
const credentials =
  env.BANK_SANDBOX_CLIENT_ID && env.BANK_SANDBOX_CLIENT_SECRET && env.BANK_SANDBOX_APP_KEY
    ? [{ clientId: env.BANK_SANDBOX_CLIENT_ID, clientSecret: env.BANK_SANDBOX_CLIENT_SECRET, appKey: env.BANK_SANDBOX_APP_KEY }]
    : undefined;

const options: BankSandboxOptions = {
  logger: env.BANK_SANDBOX_LOG === '1',
  alteracaoDelayMs: delay,
  stateFile: env.BANK_SANDBOX_STATE_FILE || undefined,
  webhookUrl: env.BANK_SANDBOX_WEBHOOK_URL || undefined,
  credentials,
};

const app = buildBankSandbox(options);
try {
  await app.listen({ port, host });
} catch (e) {
  console.error(`Não foi possível abrir o sandbox em ${host}:${port}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
const address = app.server.address();
const base = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
const shown = (v: string | undefined, fallback: string) => v ?? fallback;
console.log(`Sandbox de bancos em ${base}
  Banco do Brasil: ${base}/bb (controles do sandbox em ${base}/bb/sandbox)
  Caixa: API ${base}/caixa/cobranca-bancaria, token ${base}/caixa/auth/realms/internet/protocol/openid-connect/token (controles em ${base}/caixa/sandbox)
  Webhook de pagamentos: ${options.webhookUrl ?? 'nenhum (defina BANK_SANDBOX_WEBHOOK_URL)'}

Para apontar o app para ele (.env ou ambiente):
  BANK_MODE=api
  BB_API_URL=${base}/bb/cobrancas/v2
  BB_OAUTH_URL=${base}/bb/oauth/token
  BB_CLIENT_ID=${shown(env.BANK_SANDBOX_CLIENT_ID, 'sandbox-client-id')}
  BB_CLIENT_SECRET=${shown(env.BANK_SANDBOX_CLIENT_SECRET, 'sandbox-client-secret')}
  BB_APP_KEY=${shown(env.BANK_SANDBOX_APP_KEY, 'sandbox-app-key')}
  BB_CONVENIO=3128557
  BB_CARTEIRA=17
  BB_VARIACAO=35
  BB_AGENCIA=452
  BB_CONTA=123873`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
