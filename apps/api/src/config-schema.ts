import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every environment variable the API reads, as one zod schema: each variable's allowed values, its
 * default and its meaning (`meta`). loadConfig (config.ts) parses the environment with it once at
 * start; docs/configuration.md is generated from it (config-docs.ts, `npm run docs:config`), so the
 * table never drifts from what the code accepts. An unset or empty variable takes its default.
 */
export type VariableDoc = {
  /** What the variable is for (docs/configuration.md's "meaning"). */
  meaning: string;
  /** Allowed values as the docs show them; also what the start-up error says a value must be. */
  type: string;
  /** "deve ser …": completes the start-up error sentence (Portuguese, for the operator). */
  rule: string;
  /** Said in the docs when the default is not a fixed value (it depends on other variables). */
  defaultText?: string;
  /** Never echoed in an error message (passwords, keys, URLs that may carry credentials). */
  secret?: boolean;
};

const MAX_INT = Number.MAX_SAFE_INTEGER;

/** A whole number from the text (spaces around allowed), within min..max. */
function integer(min: number, max = MAX_INT) {
  const range = max === MAX_INT ? (min === 1 ? 'maior que zero' : `maior ou igual a ${min}`) : `entre ${min} e ${max}`;
  const type = max === MAX_INT ? `integer ≥ ${min}` : `integer ${min}–${max}`;
  const schema = z
    .string()
    .regex(/^\s*-?\d+\s*$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
  return { schema, doc: { type, rule: `deve ser um número inteiro ${range}` } };
}

/** One of a few words, exactly as written. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const words = values.map((v) => `\`${v}\``);
  const spoken = values.length === 1 ? values[0] : `${values.slice(0, -1).join(', ')} ou ${values[values.length - 1]}`;
  return { schema: z.enum(values), doc: { type: words.join(' \\| '), rule: `deve ser ${spoken}` } };
}

/** 'true' or 'false' into a boolean. */
function flag() {
  const { schema, doc } = oneOf(['true', 'false']);
  return { schema: schema.transform((v) => v === 'true'), doc };
}

const text = (type = 'text') => ({ schema: z.string(), doc: { type, rule: 'deve ser um texto' } });

const httpUrl = () => ({
  schema: z.string().regex(/^https?:\/\/\S+$/),
  doc: { type: 'http(s) URL', rule: 'deve ser um endereço http:// ou https://' },
});

/** An instant with its offset (2026-11-27T10:00:00-03:00 or …Z). */
const instant = () => ({
  schema: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/)
    .refine((v) => !Number.isNaN(Date.parse(v))),
  doc: { type: 'ISO 8601 instant', rule: 'deve ser um instante ISO 8601 com fuso, como 2026-11-27T10:00:00-03:00' },
});

const smtpUrl = () => ({
  schema: z.string().regex(/^smtps?:\/\/\S+$/),
  doc: { type: 'smtp(s) URL', rule: 'deve ser um endereço smtp:// ou smtps://' },
});

/** A DNS name of two labels or more (bounces.example.com.br). */
const domainName = () => ({
  schema: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().regex(/^(?=.{4,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/)),
  doc: { type: 'domain name', rule: 'deve ser um nome de domínio, como bounces.exemplo.com.br' },
});

type Part<S extends z.ZodType> = { schema: S; doc: { type: string; rule: string } };
type Doc = Omit<VariableDoc, 'type' | 'rule'> & { type?: string };

/** Each variable's docs, kept beside its schema (read back by variableDoc). */
const docs = z.registry<VariableDoc>();

/** A variable with a fixed default. */
function withDefault<S extends z.ZodType>(part: Part<S>, value: Exclude<z.output<S>, undefined>, doc: Doc) {
  return documented(part.schema.default(value), { ...part.doc, ...doc });
}

/** A variable without a fixed default: unset is `undefined` (loadConfig decides, defaultText says how). */
function optional<S extends z.ZodType>(part: Part<S>, doc: Doc) {
  return documented(part.schema.optional(), { ...part.doc, ...doc });
}

function documented<S extends z.ZodType>(schema: S, doc: VariableDoc): S {
  const plain: z.ZodType = schema; // the registry's meta type resolves on a concrete schema type
  docs.add(plain, doc);
  return schema;
}

/** proxy-addr's names for the private ranges, accepted in TRUST_PROXY's list. */
const TRUST_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** One TRUST_PROXY entry: an IPv4/IPv6 address, an address/prefix (CIDR) or a range name. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: `false`, how many proxies stand in front (a hop count) or their addresses — never
 * `true`, which trusted any X-Forwarded-For, the left-most entry of which the client writes
 * (decision 106). A hop count becomes a trust function in app.ts; a list goes to Fastify as is.
 */
const trustProxySetting = {
  schema: z
    .string()
    .transform((v) => v.trim())
    .pipe(
      z.union([
        z.literal('false').transform(() => false as const),
        z.string().regex(/^\d{1,2}$/).transform(Number).pipe(z.number().int().min(1).max(10)),
        z
          .string()
          .transform((v) => v.split(',').map((a) => a.trim()))
          .pipe(z.array(z.string().refine(isProxyAddress)).min(1)),
      ]),
    ),
  doc: {
    type: '`false` \\| hop count 1–10 \\| comma-separated proxy addresses (IP, CIDR, `loopback`, `uniquelocal`, `linklocal`)',
    rule:
      'deve ser false, o número de proxies à frente da API (1 a 10) ou os endereços desses proxies separados por vírgula (IP ou CIDR, como 10.0.0.5,10.1.0.0/16); ' +
      'true não é mais aceito, porque faria a API acreditar no X-Forwarded-For escrito pelo próprio cliente',
  },
};

const CEP_PROVIDER_NAMES = ['viacep', 'brasilapi'] as const;

/**
 * CEP_PROVIDERS: "viacep,brasilapi" (any case, spaces allowed) into the ordered list of names;
 * `none` turns the online lookup off (the cache only: offline installations and the test suite).
 */
const cepProviderList = {
  schema: z
    .string()
    .transform((v) =>
      v.trim().toLowerCase() === 'none'
        ? []
        : v
            .split(',')
            .map((n) => n.trim().toLowerCase())
            .filter(Boolean),
    )
    .pipe(z.array(z.enum(CEP_PROVIDER_NAMES))),
  doc: { type: 'comma-separated list of `viacep`, `brasilapi`, or `none`', rule: 'deve ser uma lista separada por vírgulas de viacep e brasilapi, ou none' },
};

/** The beneficiary account fields (docs/boletos.md): validated together by contaCobrancaSchema in config.ts. */
const boleto = (meaning: string) => optional(text(), { meaning, defaultText: '—' });

export const envSchema = z.object({
  PORT: withDefault(integer(1, 65535), 3000, { meaning: 'HTTP port of the app and API' }),
  HOST: optional(text('interface address'), {
    meaning: 'interface to listen on (README, "Exposing the server")',
    defaultText: '`127.0.0.1` with the demo seed, else `0.0.0.0`',
  }),
  DATABASE_URL: optional(text('postgres:// URL'), { meaning: 'PostgreSQL server; unset = embedded PGlite', defaultText: '— (PGlite)', secret: true }),
  DATA_DIR: withDefault(text('path'), 'data', {
    meaning: 'PGlite files and, by default, uploaded files (relative to the repository); one running server per folder (`server.lock`)',
  }),
  STORAGE_DIR: optional(text('path'), { meaning: 'where uploaded files are kept (outside the web root)', defaultText: '`$DATA_DIR/files`' }),
  SEED: withDefault(oneOf(['demo', 'none']), 'demo', { meaning: 'what an empty database is seeded with: the demo data or one administrador' }),
  ADMIN_PASSWORD: optional(text(), { meaning: 'password of the administrador created with `SEED=none`', defaultText: 'generated (printed once)', secret: true }),
  JWT_SECRET: optional(text(), {
    meaning:
      'signs access tokens (and, unless set apart, file links and the TOTP secrets\' key); several API processes need the same value (docs/deployment.md)',
    defaultText: 'random per process',
    secret: true,
  }),
  ACCESS_TOKEN_TTL: withDefault(integer(1), 900, { meaning: 'access token lifetime, seconds' }),
  REFRESH_TOKEN_TTL: withDefault(integer(1), 604800, { meaning: 'refresh token lifetime, seconds' }),
  REFRESH_REUSE_GRACE: withDefault(integer(0), 20, {
    meaning:
      'seconds in which a just-rotated refresh token presented again (two tabs refreshing together) is answered 409 `retry` instead of revoking the session',
  }),
  COOKIE_SECURE: withDefault(oneOf(['auto', 'true', 'false']), 'auto', { meaning: 'the refresh cookie\'s Secure flag: `auto` (Secure under HTTPS), `true` or `false`' }),
  TRUST_PROXY: withDefault(trustProxySetting, false, {
    meaning:
      'reverse proxies whose `X-Forwarded-For`/`-Proto`/`-Host` are believed: the client IP (login limits, audit) is the address the last trusted proxy saw. ' +
      'A hop count trusts that many proxies in front — only when clients cannot reach the API directly; listing the proxies\' addresses is safer. ' +
      '`true` is refused (any client could choose its address); docs/deployment.md',
  }),
  LOGIN_FREE_FAILURES: withDefault(integer(1), 5, {
    meaning:
      'wrong passwords (or codes) of one login from one address answered at once; after them each attempt from there waits 1 s, 2 s, 4 s… (429 with Retry-After) up to `LOGIN_BACKOFF_MAX_SECONDS`; nobody is locked out (decision 106)',
  }),
  LOGIN_ACCOUNT_FREE_FAILURES: withDefault(integer(1), 10, {
    meaning:
      'wrong passwords (or codes) of one login from every address together before attempts from addresses that login has not signed in from in 30 days wait the same way; its known addresses never wait for failures made elsewhere',
  }),
  LOGIN_BACKOFF_MAX_SECONDS: withDefault(integer(1, 900), 60, { meaning: 'the longest wait between two attempts of those limits, seconds' }),
  BUREAU_RATE_LIMIT: withDefault(integer(1), 30, {
    meaning:
      'credit-bureau queries (consultaDocumento, Consulta Restritiva/Analítica) per user per minute, counted in the database across processes; more answer 429 (docs/security.md)',
  }),
  API_V1_RATE_LIMIT: withDefault(integer(1), 120, {
    meaning:
      'calls per public API key (/api/v1, docs/api.md) per minute, counted in the database across processes; more answer 429 with Retry-After',
  }),
  RETORNO_MAX_MB: withDefault(integer(1), 500, {
    meaning:
      'largest CNAB retorno upload, in MB (spec §5: 500); a larger file is refused with 413 while it streams in and nothing is kept; a reverse proxy in front must allow at least this much',
  }),
  FILE_LINK_SECRET: optional(text(), { meaning: 'signs the expiring links to uploaded files', defaultText: '`JWT_SECRET`', secret: true }),
  FILE_LINK_TTL: withDefault(integer(1), 600, { meaning: 'lifetime of those links, seconds' }),
  CHAT_URL: withDefault(text('link'), 'https://wa.me/5511999999999', { meaning: "the menu's Chat link (opens in a new tab)" }),
  CEP_PROVIDERS: withDefault(cepProviderList, ['viacep', 'brasilapi'], {
    meaning:
      'CEP lookup chain, in order, after the cache (each answer is cached); `none`: the cache only, offline (the test suite runs so). When every provider fails the operator types the address (docs/cadastros.md)',
    defaultText: '`viacep,brasilapi`',
  }),
  CEP_TIMEOUT_MS: withDefault(integer(1), 3000, { meaning: 'timeout of each CEP provider call, ms' }),
  CEP_CACHE_DAYS: withDefault(
    { schema: z.string().regex(/^\s*\d+(\.\d+)?\s*$/).transform(Number).pipe(z.number().positive()), doc: { type: 'number > 0', rule: 'deve ser um número maior que zero' } },
    30,
    { meaning: 'age (days) after which a cached CEP is refreshed from `CEP_PROVIDERS`; the stale row is answered if they fail; ignored without providers' },
  ),
  BOLETO_BANCO: optional(oneOf(['104', '001']), {
    meaning: 'beneficiary bank account when none is configured in Administração > Conta de Cobrança: `104` (Caixa SIGCB) or `001` (Banco do Brasil); enables the BOLETO_* variables below, validated together (docs/boletos.md)',
    defaultText: '— (admin screen)',
  }),
  BOLETO_AGENCIA: boleto('agência'),
  BOLETO_CONTA: boleto('conta corrente (Banco do Brasil with a 4/6-digit convênio only)'),
  BOLETO_BENEFICIARIO: boleto('Caixa: código do beneficiário; Banco do Brasil: convênio (with leading zeros)'),
  BOLETO_CARTEIRA: boleto('Caixa: `RG`/`SR`; Banco do Brasil: 2 digits (e.g. `17`)'),
  BOLETO_NOME: boleto('beneficiary name printed on the slip'),
  BOLETO_CNPJ: boleto('beneficiary CNPJ printed on the slip'),
  BOLETO_CEP: boleto('beneficiary address: CEP'),
  BOLETO_ENDERECO: boleto('beneficiary address: street'),
  BOLETO_NUMERO: boleto('beneficiary address: number'),
  BOLETO_BAIRRO: boleto('beneficiary address: bairro'),
  BOLETO_CIDADE: boleto('beneficiary address: city'),
  BOLETO_UF: boleto('beneficiary address: UF'),
  BOLETO_PIX_CHAVE: boleto('optional Pix key: slips carry a Pix QR code (BR Code)'),
  BANK_MODE: withDefault(oneOf(['api', 'cnab']), 'api', {
    meaning:
      'how the demo seed\'s conta de cobrança (and the one made from `BB_*`) reaches the bank: `api` (registration, changes, write-offs and payments by the bank\'s API — by default the local sandbox) or `cnab` (remessa/retorno files). Each conta can be switched in Administração > Conta de Cobrança (docs/banks.md)',
  }),
  BANK_SANDBOX: withDefault(oneOf(['on', 'off']), 'on', {
    meaning: '`on`: this API also serves the local bank sandbox (Banco do Brasil and Caixa contracts) at `/sandbox-banco`, the demo conta\'s bank; `off` in production (docs/banks.md)',
  }),
  BANK_WEBHOOK_SECRET: optional(text(), {
    meaning: 'token the banks\' webhook calls carry: `POST /api/banco/webhook/{contaId}?token=…`; a conta may have its own. Unset: only the contas\' own tokens (generated per conta) are accepted',
    defaultText: '—',
    secret: true,
  }),
  BANK_CREDENTIALS_KEY: optional(text(), {
    meaning: 'key material (e.g. `openssl rand -hex 32`) that encrypts the contas\' bank credentials and the shops\' webhook signing secrets at rest (AES-256-GCM); unset: `JWT_SECRET`, else a key kept in `DATA_DIR/bank-credentials.key`. Changing it makes the stored client secrets unreadable (type them again) and the webhooks\' secrets too (generate new ones)',
    defaultText: '`JWT_SECRET`, else `DATA_DIR/bank-credentials.key`',
    secret: true,
  }),
  BANK_TIMEOUT_MS: withDefault(integer(100), 15000, { meaning: 'timeout of each call to a bank\'s API, ms (a registration without an answer is queried before it is sent again)' }),
  BANK_SYNC_SECONDS: withDefault(integer(1, 3600), 5, { meaning: 'with `JOBS=on`: how often this process looks for registrations, changes and write-offs to send to the banks (the job `banco.sincronizar`)' }),
  BB_API_URL: optional(httpUrl(), { meaning: 'Banco do Brasil Cobranças v2 base URL for the conta made from `BB_*` (production `https://api.bb.com.br/cobrancas/v2`, homologação `https://api.hm.bb.com.br/cobrancas/v2`)', defaultText: 'the in-process sandbox' }),
  BB_OAUTH_URL: optional(httpUrl(), { meaning: 'Banco do Brasil OAuth token URL (`https://oauth.bb.com.br/oauth/token`, homologação `https://oauth.hm.bb.com.br/oauth/token`)', defaultText: 'the in-process sandbox' }),
  BB_CLIENT_ID: optional(text(), { meaning: 'Banco do Brasil application client id', defaultText: 'sandbox demo' }),
  BB_CLIENT_SECRET: optional(text(), { meaning: 'Banco do Brasil application client secret (stored sealed)', defaultText: 'sandbox demo', secret: true }),
  BB_APP_KEY: optional(text(), { meaning: 'Banco do Brasil developer application key (`gw-dev-app-key`)', defaultText: 'sandbox demo', secret: true }),
  BB_CONVENIO: optional(text(), { meaning: 'Banco do Brasil convênio de cobrança (7 digits); with `BB_API_URL` it makes (or updates) an API-mode conta at start', defaultText: '—' }),
  BB_CARTEIRA: optional(text(), { meaning: 'Banco do Brasil carteira (e.g. `17`)', defaultText: '`17`' }),
  BB_VARIACAO: optional(text(), { meaning: 'Banco do Brasil variação da carteira (e.g. `35`)', defaultText: '`35`' }),
  BB_AGENCIA: optional(text(), { meaning: 'Banco do Brasil agência of the beneficiary', defaultText: '—' }),
  BB_CONTA: optional(text(), { meaning: 'Banco do Brasil conta corrente of the beneficiary', defaultText: '—' }),
  BUREAU_PROVIDER: withDefault(oneOf(['local']), 'local', {
    meaning:
      'credit bureau adapter (Consulta Restritiva/Analítica, SPC); `local` computes from our own data; a production provider is added to this list when one ships (docs/garantias.md, decision 022)',
  }),
  SPC_AVISO_DIAS: withDefault(integer(1, 90), 10, {
    meaning:
      'days between the posting of the registered letter of the prior notice ("Incluir no SPC", then "Registrar postagem"; CDC art. 43 § 2º) and the inclusion; the daily job `spc.inclusao` registers the boleto then if the debt is still open, never without a posted letter (decisions 111, 116)',
  }),
  MESSAGING_PROVIDER: withDefault(oneOf(['outbox', 'webhook']), 'outbox', {
    meaning: 'WhatsApp/e-mail provider of the messaging outbox: `outbox` (offline: printed to the log, marked sent) or `webhook` (docs/cobranca.md)',
  }),
  MESSAGING_WEBHOOK_URL: optional(httpUrl(), {
    meaning: 'with `webhook` (required then): the gateway that receives each message as a JSON POST (`Idempotency-Key: mensagem-<id>`)',
    defaultText: '—',
    secret: true,
  }),
  MESSAGING_WEBHOOK_TOKEN: optional(text(), { meaning: 'with `webhook`: sent as `Authorization: Bearer …`', defaultText: '—', secret: true }),
  MESSAGING_TIMEOUT_MS: withDefault(integer(1), 10000, { meaning: 'timeout of each call to the messaging provider (webhook POST, WhatsApp Cloud API), ms; SMTP waits at least 30 s (the job retries)' }),
  CLOCK_START: optional(instant(), {
    meaning:
      'tests only: the app\'s clock starts at this instant and runs on from there (the browser suite puts its server inside the régua\'s sending window, docs/messaging.md); never in production',
    defaultText: 'the system clock',
  }),
  SMTP_URL: optional(smtpUrl(), {
    meaning:
      'e-mail by SMTP (docs/messaging.md): `smtp://user:pass@host:587` (STARTTLS when offered; add `?requireTLS=true` to insist) or `smtps://user:pass@host:465` (TLS); user and password percent-encoded. Unset: e-mail goes by `MESSAGING_PROVIDER`',
    defaultText: '—',
    secret: true,
  }),
  SMTP_FROM: optional(text(), { meaning: 'with `SMTP_URL` (required then): the From of every e-mail, `Nome <endereco@dominio>`', defaultText: '—' }),
  SMTP_REPLY_TO: optional(text(), { meaning: 'with `SMTP_URL`: the Reply-To of every e-mail', defaultText: 'the From' }),
  SMTP_BOUNCE_DOMAIN: optional(domainName(), {
    meaning:
      'with `SMTP_URL`: late bounces (docs/messaging.md "Bounces"). Each e-mail\'s envelope sender (Return-Path) becomes `bounces+<message id>.<signature>@<this domain>`, so a DSN that comes back names its message; the domain\'s MX must point at the bounce listener (`BOUNCE_SMTP_PORT`). Unset: the Return-Path is the From and only refusals during the SMTP session are recorded',
    defaultText: '—',
  }),
  BOUNCE_SMTP_PORT: optional(integer(1, 65535), {
    meaning:
      'with `SMTP_BOUNCE_DOMAIN` (required then to read bounces): the port of the inbound SMTP listener that receives the DSNs (only signed `bounces+…@SMTP_BOUNCE_DOMAIN` recipients, messages up to 1 MB). Unset: no listener',
    defaultText: '—',
  }),
  BOUNCE_SMTP_HOST: withDefault(text('IP address or host name'), '127.0.0.1', {
    meaning: 'the address the bounce listener binds (`0.0.0.0` to receive from the Internet directly; the default takes them from an MX relay on this machine)',
  }),
  WHATSAPP_API_URL: withDefault(httpUrl(), 'https://graph.facebook.com/v21.0', { meaning: 'WhatsApp Business Cloud API base URL with its version (docs/messaging.md)' }),
  WHATSAPP_PHONE_NUMBER_ID: optional(text(), {
    meaning: 'WhatsApp Business phone number id (Meta); with `WHATSAPP_TOKEN`, WhatsApp goes by the Cloud API. Unset: WhatsApp goes by `MESSAGING_PROVIDER`',
    defaultText: '—',
  }),
  WHATSAPP_TOKEN: optional(text(), { meaning: 'WhatsApp Cloud API access token (a system user token), sent as `Authorization: Bearer …`', defaultText: '—', secret: true }),
  WHATSAPP_APP_SECRET: optional(text(), {
    meaning: 'the Meta app secret: verifies `X-Hub-Signature-256` of `POST /api/mensagem/whatsapp/webhook` (unset: every webhook call is refused)',
    defaultText: '—',
    secret: true,
  }),
  WHATSAPP_VERIFY_TOKEN: optional(text(), {
    meaning: 'the verify token typed in Meta\'s webhook configuration, answered by `GET /api/mensagem/whatsapp/webhook` (unset: the handshake is refused)',
    defaultText: '—',
    secret: true,
  }),
  WEBHOOK_PRIVATE_URLS: optional(oneOf(['on', 'off']), {
    meaning: 'the shops\' webhook endpoints (docs/api.md "Webhooks"): `on` accepts addresses on this machine or a private network (and `http://` for `localhost`/`127.0.0.1`); `off` refuses them when the endpoint is saved and again at each delivery (the name resolved), so a shop cannot make the API call into its own network (SSRF)',
    defaultText: '`on` with the demo seed, else `off`',
  }),
  WEBHOOK_TIMEOUT_MS: withDefault(integer(100, 60000), 10000, { meaning: 'timeout of each webhook delivery to a shop\'s endpoint, ms (a timeout is a failed attempt, retried with backoff)' }),
  WEBHOOK_TICK_SECONDS: withDefault(integer(1, 3600), 5, { meaning: 'with `JOBS=on`: how often this process looks for webhook deliveries due (the job `integracao.webhook-entregar`, one per endpoint)' }),
  WEB_DIST: withDefault(text('path'), 'apps/web/dist', { meaning: 'built web app served by the API; when set, `npm start` builds only the API' }),
  LOG_LEVEL: withDefault(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info', {
    meaning: 'log level; `debug` or `trace` also print the whole error when the start fails',
  }),
  JOBS: withDefault(oneOf(['on', 'off']), 'on', {
    meaning:
      '`on`: this process runs background jobs (retorno processing, outbox, scheduled exclusions); `off`: it only enqueues them for a process with `on` (docs/decisions/040-job-queue.md)',
  }),
  JOB_HEARTBEAT_SECONDS: withDefault(integer(1, 300), 10, {
    meaning:
      'with `JOBS=on`: seconds between this process\'s heartbeats, the lease of the jobs it runs; each heartbeat also takes back the jobs of processes that stopped (docs/decisions/108-job-leases-after-a-crash.md)',
  }),
  JOB_LEASE_SECONDS: withDefault(integer(5, 3600), 45, {
    meaning:
      'a process without a heartbeat for this long is taken for dead and its running jobs resume elsewhere (or in the restarted process) from their checkpoint; at least twice `JOB_HEARTBEAT_SECONDS`. A job is taken back within about this plus one heartbeat after its process died',
  }),
  PUBLIC_URL: optional(httpUrl(), {
    meaning: 'address of the web app as customers reach it, used in links sent by WhatsApp/e-mail (signature); unset: the address of the request that sends them',
    defaultText: '—',
  }),
  SIGNATURE_LINK_TTL_DAYS: withDefault(integer(1), 7, { meaning: 'days a duplicata signing link stays valid (single use) (docs/assinatura.md)' }),
  SIGNATURE_P12_PATH: optional(text('path'), {
    meaning:
      'A1 certificate (PKCS#12, RSA) that also signs the signed duplicatas in PAdES; unset: advanced electronic signature by evidence only. Unreadable or wrong password: the API does not start',
    defaultText: '—',
  }),
  SIGNATURE_P12_PASSWORD: withDefault(text(), '', { meaning: 'password of that certificate', defaultText: '— (empty)', secret: true }),
  REQUIRE_ADMIN_2FA: withDefault(flag(), false, {
    meaning:
      "`true`: an administrador without two-factor sign-in is sent to set it up and the API answers it nothing else until it is on (403 `mfa: 'setup-required'`); it can no longer be turned off by administradores (decision 095)",
  }),
  TOTP_ENCRYPTION_KEY: optional(text(), {
    meaning:
      'key material (e.g. `openssl rand -hex 32`) that encrypts the TOTP secrets at rest (AES-256-GCM); changing it (or `JWT_SECRET` when it is unset) makes enabled authenticators unreadable — only recovery codes work until each user sets up again',
    defaultText: 'derived from `JWT_SECRET`',
    secret: true,
  }),
  LGPD_ACCESS_LOG_RETENTION_MONTHS: withDefault(integer(0), 12, {
    meaning: 'months the LGPD access log is kept; a nightly job deletes older rows; values under 6 are raised to 6',
  }),
});

export type EnvVariable = keyof typeof envSchema.shape;
export type ParsedEnv = z.output<typeof envSchema>;

/** The docs of one variable (its `meta`). */
export function variableDoc(name: EnvVariable): VariableDoc {
  const doc = docs.get(envSchema.shape[name]);
  if (!doc) throw new Error(`variável sem documentação: ${name}`);
  return doc;
}

/** The fixed default of a variable, or undefined when it has none. */
export function variableDefault(name: EnvVariable): unknown {
  const field: z.ZodType = envSchema.shape[name];
  return field instanceof z.ZodDefault ? field.def.defaultValue : undefined;
}
