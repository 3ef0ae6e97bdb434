import {
  bbDate,
  bbNumeroTituloCliente,
  buildBbAlteracaoBody,
  buildBbBaixaBody,
  buildBbRegistroBody,
  isBbNossoNumeroJaIncluido,
  parseBbBaixaOperacional,
  parseBbDetalhe,
  parseBbErros,
  parseBbListagem,
  parseBbRegistroResposta,
  BbFormatError,
  type BbDetalhe,
  type BbListagemItem,
  type IsoDate,
} from '@bg/domain';
import { BankError, type BankAdapter, type BankListedTitle, type BankListSituacao, type BankTituloEstado, type BankTituloState, type CallLog } from './bank-adapter.js';
import { BankNetworkError, bankErrorOfNetwork, bankRequest, type BankRequest, type BankResponse, type BankTls } from './bank-http.js';
import { createTokenCache, type TokenCache } from './oauth-token-cache.js';

/**
 * Banco do Brasil "API Cobranças" v2 (docs/banks.md has the source of every field): OAuth2 client
 * credentials with Basic auth, the token kept until it expires; the application key
 * (`gw-dev-app-key`) on every call; register, get, change (PATCH), write off (baixar), the settlement
 * listing and the "baixa operacional" webhook. Production, homologação or the local sandbox are the
 * same code: only `apiUrl` and `oauthUrl` differ.
 */
export type BbApiConfig = {
  /** e.g. https://api.bb.com.br/cobrancas/v2 (homologação: https://api.hm.bb.com.br/cobrancas/v2). */
  apiUrl: string;
  /** e.g. https://oauth.bb.com.br/oauth/token. */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  appKey: string;
  convenio: string;
  carteira: string;
  variacao: string;
  agencia: string;
  conta: string;
  timeoutMs: number;
  /** The conta's client certificate for mutual TLS (PEM). */
  tls?: BankTls;
};

export const BB_SCOPES = 'cobrancas.boletos-info cobrancas.boletos-requisicao';

export function bbApiAdapter(cfg: BbApiConfig, now: () => number = Date.now): BankAdapter {
  const secrets = [cfg.clientSecret, cfg.appKey, Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')];
  const base = cfg.apiUrl.replace(/\/+$/, '');
  let logFor: CallLog = () => {};
  const tokens: TokenCache = createTokenCache(async () => {
    const res = await send({
      operacao: 'token',
      method: 'POST',
      url: cfg.oauthUrl,
      headers: { authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')}` },
      form: { grant_type: 'client_credentials', scope: BB_SCOPES },
      timeoutMs: cfg.timeoutMs,
      secrets,
    }, logFor);
    const body = res.json as { access_token?: unknown; expires_in?: unknown } | null;
    if (res.status !== 200 || typeof body?.access_token !== 'string') throw failure(res, 'token');
    return { accessToken: body.access_token, expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : 600 };
  }, now);

  async function send(req: BankRequest, log: CallLog): Promise<BankResponse> {
    try {
      // the conta's client certificate, when it has one, goes with every call (mutual TLS)
      return await bankRequest(cfg.tls ? { ...req, tls: cfg.tls } : req, log);
    } catch (e) {
      if (e instanceof BankNetworkError) throw bankErrorOfNetwork(e, '001');
      throw e;
    }
  }

  /** A call with the bearer token; a 401 drops the token and tries once more with a new one. */
  async function call(operacao: string, method: BankRequest['method'], path: string, log: CallLog, json?: unknown, query: Record<string, string> = {}): Promise<BankResponse> {
    logFor = log;
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.get();
      const qs = new URLSearchParams({ 'gw-dev-app-key': cfg.appKey, ...query }).toString();
      const res = await send({ operacao, method, url: `${base}${path}?${qs}`, headers: { authorization: `Bearer ${token}` }, json, timeoutMs: cfg.timeoutMs, secrets: [...secrets, token] }, log);
      if (res.status === 401 && attempt === 0) {
        tokens.invalidate(token);
        continue;
      }
      return res;
    }
  }

  function failure(res: BankResponse, operacao: string): BankError {
    const erros = parseBbErros(res.status, res.json ?? res.text);
    if (res.status === 401 || res.status === 403) return new BankError('CREDENCIAIS', res.status, erros, '001');
    if (res.status === 404) return new BankError('NAO_ENCONTRADO', res.status, erros, '001');
    if (res.status === 429) return new BankError('AGUARDAR', res.status, erros, '001');
    if (res.status >= 500) return new BankError('INDISPONIVEL', res.status, erros, '001');
    if (operacao === 'registrar' && isBbNossoNumeroJaIncluido(erros)) return new BankError('JA_INCLUIDO', res.status, erros, '001');
    return new BankError('REJEITADO', res.status, erros, '001');
  }

  /** A 2xx whose body is not what BB documents: the bank's fault, never the operator's. */
  function parsed<T>(res: BankResponse, parse: (j: unknown) => T): T {
    try {
      return parse(res.json);
    } catch (e) {
      if (e instanceof BbFormatError) throw new BankError('INDISPONIVEL', res.status, [{ codigo: 'RESPOSTA', mensagem: e.message }], '001');
      throw e;
    }
  }

  /** Every page of GET /boletos for one query (indice / proximoIndice; BB answers 404 when nothing matches). */
  async function listPages(query: Record<string, string>, log: CallLog): Promise<BbListagemItem[]> {
    const out: BbListagemItem[] = [];
    let indice: number | null = 0;
    for (let pages = 0; indice !== null && pages < 1000; pages++) {
      const res = await call('listar', 'GET', '/boletos', log, undefined, {
        agenciaBeneficiario: cfg.agencia,
        contaBeneficiario: cfg.conta,
        carteiraConvenio: cfg.carteira,
        variacaoCarteiraConvenio: cfg.variacao,
        ...query,
        indice: String(indice),
      });
      if (res.status === 404) break;
      if (res.status !== 200) throw failure(res, 'listar');
      const page = parsed(res, parseBbListagem);
      out.push(...page.boletos);
      indice = page.proximoIndice;
    }
    return out;
  }

  /**
   * The reconciliation's lists: indicadorSituacao A ("em ser") by registration date; B (baixados,
   * liquidados) by movement date — liquidated ones read one by one for the amounts (the listing has
   * no fee, interest or channel), written-off ones by BB's estado 7.
   */
  async function listTitles(situacao: BankListSituacao, since: IsoDate, until: IsoDate, log: CallLog): Promise<BankListedTitle[]> {
    if (situacao === 'ABERTOS') {
      const items = await listPages({ indicadorSituacao: 'A', dataInicioRegistro: bbDate(since), dataFimRegistro: bbDate(until) }, log);
      return items.map((i) => ({ numeroBanco: i.numero, estado: ESTADO[i.estado] ?? 'OUTRO', pagamento: null }));
    }
    const movimento = { indicadorSituacao: 'B', dataInicioMovimento: bbDate(since), dataFimMovimento: bbDate(until) };
    if (situacao === 'BAIXADOS') {
      const items = await listPages({ ...movimento, codigoEstadoTituloCobranca: '7' }, log);
      return items.filter((i) => i.estado === 'BAIXADO').map((i) => ({ numeroBanco: i.numero, estado: 'BAIXADO' as const, pagamento: null }));
    }
    const out: BankListedTitle[] = [];
    for (const item of await listPages(movimento, log)) {
      if (item.estado !== 'LIQUIDADO') continue;
      const state = await get(item.numero, log);
      out.push({ numeroBanco: item.numero, estado: state?.estado ?? 'LIQUIDADO', pagamento: state?.pagamento ?? null });
    }
    return out;
  }

  async function get(numeroBanco: string, log: CallLog): Promise<BankTituloState | null> {
    const res = await call('consultar', 'GET', `/boletos/${encodeURIComponent(numeroBanco)}`, log, undefined, { numeroConvenio: cfg.convenio });
    if (res.status === 404) return null;
    if (res.status !== 200) throw failure(res, 'consultar');
    return stateOf(numeroBanco, parsed(res, parseBbDetalhe));
  }

  const numero = (sequencial: number) => bbNumeroTituloCliente(cfg.convenio, sequencial);

  return {
    banco: '001',
    temListagem: true,
    numeroBanco: numero,

    async register(t, log) {
      const body = buildBbRegistroBody({
        numeroConvenio: cfg.convenio,
        numeroCarteira: cfg.carteira,
        numeroVariacaoCarteira: cfg.variacao,
        sequencial: t.sequencial,
        dataEmissao: t.dataEmissao,
        dataVencimento: t.vencimento,
        valorCents: t.valorCents,
        seuNumero: t.seuNumero,
        pagador: t.pagador,
        multaBps: t.multaBps,
        pix: t.pix,
      });
      const res = await call('registrar', 'POST', '/boletos', log, body);
      if (res.status !== 200 && res.status !== 201) throw failure(res, 'registrar');
      const r = parsed(res, parseBbRegistroResposta);
      return { numeroBanco: r.numero, linhaDigitavel: r.linhaDigitavel, codigoBarras: r.codigoBarraNumerico, pix: r.qrCode ? { emv: r.qrCode.emv, txid: r.qrCode.txId } : null };
    },

    get,

    async change(numeroBanco, c, log) {
      const res = await call('alterar', 'PATCH', `/boletos/${encodeURIComponent(numeroBanco)}`, log, buildBbAlteracaoBody(cfg.convenio, c));
      if (res.status !== 200) throw failure(res, 'alterar');
    },

    async writeOff(numeroBanco, log) {
      const res = await call('baixar', 'POST', `/boletos/${encodeURIComponent(numeroBanco)}/baixar`, log, buildBbBaixaBody(cfg.convenio));
      if (res.status !== 200) throw failure(res, 'baixar');
    },

    async listSettlements(since, until, log) {
      const titles = await listTitles('LIQUIDADOS', since, until, log);
      return titles.flatMap((t) => (t.pagamento ? [t.pagamento] : []));
    },

    listTitles: (situacao, since, until, log) => listTitles(situacao, since, until, log),

    parseWebhook(body) {
      try {
        return parseBbBaixaOperacional(body).map((p) => ({
          numeroBanco: p.id,
          tipo: p.evento === 'CANCELAMENTO' ? ('CANCELAMENTO_PAGAMENTO' as const) : ('PAGAMENTO' as const),
          dataPagamento: p.dataLiquidacao,
          valorPagoCents: p.valorPagoCents,
          canal: p.canal,
          idPagamento: p.numeroOperacao,
          codigo: String(p.codigoEstado),
        }));
      } catch (e) {
        if (e instanceof BbFormatError) throw new BankError('REJEITADO', null, [{ codigo: 'WEBHOOK', mensagem: e.message }], '001');
        throw e;
      }
    },
  };
}

const ESTADO: Partial<Record<BbDetalhe['estado'], BankTituloEstado>> = { REGISTRADO: 'REGISTRADO', LIQUIDADO: 'LIQUIDADO', BAIXADO: 'BAIXADO' };

function stateOf(numeroBanco: string, d: BbDetalhe): BankTituloState {
  const paid = d.estado === 'LIQUIDADO' && d.dataRecebimento !== null;
  const pagoCents = d.valorPagoCents ?? d.valorAtualCents ?? d.valorOriginalCents ?? 0;
  const creditoCents = d.valorCreditoCents;
  return {
    numeroBanco,
    estado: ESTADO[d.estado] ?? 'OUTRO',
    estadoBanco: `${d.codigoEstado} ${d.estado}`,
    registradoEm: d.dataRegistro,
    linhaDigitavel: d.linhaDigitavel,
    codigoBarras: d.codigoBarras,
    pagamento: paid
      ? {
          numeroBanco,
          dataPagamento: d.dataRecebimento as IsoDate,
          dataCredito: d.dataCredito,
          valorPagoCents: pagoCents,
          valorTituloCents: d.valorOriginalCents ?? pagoCents,
          // BB's detail gives the amount credited: the difference is its fee
          tarifaCents: creditoCents !== null && creditoCents <= pagoCents ? pagoCents - creditoCents : 0,
          jurosCents: (d.valorJurosRecebidoCents ?? 0) + (d.valorMultaRecebidoCents ?? 0),
          descontoCents: d.valorDescontoUtilizadoCents ?? 0,
          canal: d.canal,
          idPagamento: null,
        }
      : null,
  };
}
