import {
  buildCaixaAlteracaoBody,
  buildCaixaBaixaBody,
  buildCaixaRegistroBody,
  CAIXA_ERROS_INTEGRACAO,
  CaixaFormatError,
  caixaNossoNumero,
  caixaPaths,
  isCaixaNossoNumeroJaIncluido,
  isCaixaTituloNaoEncontrado,
  parseCaixaConsulta,
  parseCaixaErros,
  parseCaixaRegistroResposta,
  parseCaixaToken,
  stringifyCaixaJson,
} from '@bg/domain';
import type { RateLimiter } from '../../modules/banco/throttle.js';
import { BankError, type BankAdapter, type BankErrorKind, type CallLog } from './bank-adapter.js';
import { BankNetworkError, bankErrorOfNetwork, bankRequest, type BankRequest, type BankResponse, type BankTls } from './bank-http.js';
import { caixaApiLimiter, caixaTokenLimiter } from './caixa-limiters.js';
import { caixaTituloInput, caixaTituloState, type CaixaBeneficiario } from './caixa-titulo.js';
import { createTokenCache } from './oauth-token-cache.js';

/**
 * Caixa's "API Cobrança Bancária — Gestão de Boletos" (docs/banks.md "## Caixa", what the HTTP
 * client must do): an OAuth2 client-credentials token from Caixa's SSO, reused until it expires and
 * requested at most once a minute; the `apikey` header on every call; every call through the
 * 5-per-second limiter of its key; bodies written by stringifyCaixaJson and answers read from their
 * text (the 17-digit nosso número does not survive JSON.parse). Caixa has no webhook and no listing:
 * payments are read with `get` (and come in the CNAB retorno). Production, Caixa's sandbox or our
 * local one differ only in `apiUrl` and `oauthUrl`.
 */
export type CaixaApiConfig = {
  /** e.g. https://api.caixa.gov.br:8443/cobranca-bancaria (CAIXA_API_URLS). */
  apiUrl: string;
  /** e.g. https://loginservicos.caixa.gov.br/auth/realms/internet/protocol/openid-connect/token (CAIXA_TOKEN_URLS). */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  /** Caixa's `apikey`. */
  appKey: string;
  /** The código do beneficiário (≤ 7 digits): {id_beneficiario} of every path. */
  convenio: string;
  /** The beneficiário's CNPJ/CPF (the registration body carries it). */
  beneficiarioDocumento?: string;
  timeoutMs: number;
  /** The conta's client certificate for mutual TLS (PEM). */
  tls?: BankTls;
};

export type CaixaApiOptions = {
  now?: () => number;
  /** Replace the process-wide limiters (caixa-limiters.ts), e.g. a test that counts or turns them off. */
  limiter?: RateLimiter;
  tokenLimiter?: RateLimiter;
};

/** MO 38.431 asks for a User-Agent of our own: Caixa's antibot blocks generic ones. */
export const CAIXA_USER_AGENT = 'BoletoGarantido/1.0 (cobranca por API)';

const BANCO = '104';
/** Gateway codes that mean "try again later" whatever the status they come with. */
const TEMPORARIOS = new Set<string>([CAIXA_ERROS_INTEGRACAO.INDISPONIVEL.codigo, CAIXA_ERROS_INTEGRACAO.TEMPO_EXCEDIDO.codigo]);

export function caixaApiAdapter(cfg: CaixaApiConfig, opts: CaixaApiOptions = {}): BankAdapter {
  const base = cfg.apiUrl.replace(/\/+$/, '');
  const secrets = [cfg.clientSecret, cfg.appKey];
  const limiter = opts.limiter ?? caixaApiLimiter(cfg.appKey);
  const tokenLimiter = opts.tokenLimiter ?? caixaTokenLimiter(cfg.oauthUrl);
  const beneficiario: CaixaBeneficiario = { codigo: cfg.convenio, documento: cfg.beneficiarioDocumento ?? '' };
  const headers = { apikey: cfg.appKey, 'user-agent': CAIXA_USER_AGENT };
  // the token request is logged with the call that needed it
  let logFor: CallLog = () => {};

  const tokens = createTokenCache(async () => {
    const log = logFor;
    const res = await tokenLimiter.schedule(() =>
      send(
        {
          operacao: 'token',
          method: 'POST',
          url: cfg.oauthUrl,
          headers,
          form: { grant_type: 'client_credentials', client_id: cfg.clientId, client_secret: cfg.clientSecret },
          timeoutMs: cfg.timeoutMs,
          secrets,
        },
        log,
      ),
    );
    if (res.status !== 200) throw failure(res, 'token');
    const t = parsed(res, parseCaixaToken);
    return { accessToken: t.accessToken, expiresInSeconds: t.expiresInSeconds };
  }, opts.now);

  async function send(req: BankRequest, log: CallLog): Promise<BankResponse> {
    try {
      // the conta's client certificate, when it has one, goes with every call (mutual TLS)
      return await bankRequest(cfg.tls ? { ...req, tls: cfg.tls } : req, log);
    } catch (e) {
      if (e instanceof BankNetworkError) throw bankErrorOfNetwork(e, BANCO);
      throw e;
    }
  }

  /** A call with the token and the apikey, in its turn of the key's 5 per second. */
  async function call(operacao: string, method: BankRequest['method'], path: string, log: CallLog, body?: unknown): Promise<BankResponse> {
    const jsonText = body === undefined ? undefined : stringifyCaixaJson(body);
    for (let attempt = 0; ; attempt++) {
      logFor = log;
      const token = await tokens.get();
      const res = await limiter.schedule(() =>
        send({ operacao, method, url: `${base}${path}`, headers: { ...headers, authorization: `Bearer ${token}` }, jsonText, timeoutMs: cfg.timeoutMs, secrets: [...secrets, token] }, log),
      );
      if (res.status !== 401) return res;
      tokens.invalidate(token);
      // A token Caixa stopped accepting: once more with a new one — only if the SSO would issue it
      // now; a call never waits out the SSO's minute (the job tries again later).
      if (attempt > 0 || tokenLimiter.waitMs() > 0) return res;
    }
  }

  function failure(res: BankResponse, operacao: string): BankError {
    const erros = parseCaixaErros(res.status, res.text);
    return new BankError(caixaErrorKind(res.status, operacao, erros), res.status, erros, BANCO);
  }

  /** A 2xx whose body is not what Caixa documents: the bank's fault, never the operator's. */
  function parsed<T>(res: BankResponse, parse: (text: string) => T): T {
    try {
      return parse(res.text);
    } catch (e) {
      if (e instanceof CaixaFormatError) throw new BankError('INDISPONIVEL', res.status, [{ codigo: 'RESPOSTA', mensagem: e.message }], BANCO);
      throw e;
    }
  }

  const paths = {
    registrar: () => ours(() => caixaPaths.registrar(cfg.convenio)),
    titulo: (numeroBanco: string) => ours(() => caixaPaths.consultar(cfg.convenio, numeroBanco)),
    baixar: (numeroBanco: string) => ours(() => caixaPaths.baixar(cfg.convenio, numeroBanco)),
  };

  return {
    banco: BANCO,
    temListagem: false,
    numeroBanco: (sequencial) => caixaNossoNumero(sequencial),

    async register(t, log) {
      const body = ours(() => buildCaixaRegistroBody(caixaTituloInput(t, beneficiario)));
      const res = await call('registrar', 'POST', paths.registrar(), log, body);
      if (res.status !== 200 && res.status !== 201) throw failure(res, 'registrar');
      const r = parsed(res, parseCaixaRegistroResposta);
      return { numeroBanco: r.nossoNumero, linhaDigitavel: r.linhaDigitavel, codigoBarras: r.codigoBarras, pix: r.pix ? { emv: r.pix.emv, txid: null } : null };
    },

    async get(numeroBanco, log) {
      const res = await call('consultar', 'GET', paths.titulo(numeroBanco), log);
      if (res.status === 200) return caixaTituloState(parsed(res, parseCaixaConsulta));
      const e = failure(res, 'consultar');
      if (e.kind === 'NAO_ENCONTRADO') return null;
      throw e;
    },

    async change(numeroBanco, c, log) {
      const titulo = c.titulo;
      if (!titulo) throw naoEnviado('A alteração na Caixa reenvia o título inteiro e os dados do boleto não vieram com o pedido.');
      const alteracao = { ...(c.vencimento !== undefined && { dataVencimento: c.vencimento }), ...(c.valorCents !== undefined && { valorCents: c.valorCents }) };
      const body = ours(() => buildCaixaAlteracaoBody(caixaTituloInput(titulo, beneficiario), alteracao));
      const res = await call('alterar', 'PUT', paths.titulo(numeroBanco), log, body);
      if (res.status !== 200) throw failure(res, 'alterar');
    },

    async writeOff(numeroBanco, log) {
      const res = await call('baixar', 'POST', paths.baixar(numeroBanco), log, buildCaixaBaixaBody());
      if (res.status !== 200) throw failure(res, 'baixar');
    },

    // Caixa lists nothing (MO 38.431 forbids using the API to list titles): reconciliation asks
    // `get` for each open title (temListagem false) and the CNAB retorno brings the rest.
    async listSettlements() {
      return [];
    },

    parseWebhook() {
      throw new BankError(
        'REJEITADO',
        null,
        [{ codigo: 'WEBHOOK', mensagem: 'A Caixa não envia webhooks de pagamento: os pagamentos chegam pela consulta de cada título e pelo retorno CNAB.' }],
        BANCO,
      );
    },
  };
}

/** The error kind of a Caixa answer that is not a success (docs/banks.md "Códigos de erro que o app trata"). */
export function caixaErrorKind(status: number, operacao: string, erros: { codigo: string; mensagem: string }[]): BankErrorKind {
  if (status === 429) return 'AGUARDAR';
  if (status >= 500 || erros.some((e) => TEMPORARIOS.has(e.codigo))) return 'INDISPONIVEL';
  // the SSO refusing a token request is the conta's credentials, whatever the 4xx
  if (operacao === 'token' || status === 401 || status === 403) return 'CREDENCIAIS';
  if (operacao === 'registrar' && isCaixaNossoNumeroJaIncluido(erros)) return 'JA_INCLUIDO';
  // only Caixa's "título não encontrado": its 404 also means "beneficiário não encontrado" (a conta to fix)
  if (isCaixaTituloNaoEncontrado(erros)) return 'NAO_ENCONTRADO';
  return 'REJEITADO';
}

/** Our own refusal before anything is sent (a title Caixa's rules would refuse): the operator corrects it. */
function naoEnviado(mensagem: string): BankError {
  return new BankError('REJEITADO', null, [{ codigo: 'NAO_ENVIADO', mensagem }], BANCO);
}

/** Runs a builder of the domain; its refusal of our data becomes REJEITADO, never a crash of the job. */
function ours<T>(build: () => T): T {
  try {
    return build();
  } catch (e) {
    if (e instanceof CaixaFormatError || e instanceof RangeError) throw naoEnviado(`Pedido não enviado à Caixa: ${e.message}`);
    throw e;
  }
}
