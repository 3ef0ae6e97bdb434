import type { IsoDate } from '@bg/domain';

/**
 * The bank port (issue 26, decision 113). A conta de cobrança works in one of two modes: CNAB files
 * (the remessa/retorno of modules/cnab, which the operator carries) or the bank's API, through an
 * adapter of this shape (Banco do Brasil Cobranças v2, Caixa). Use-cases in modules/banco speak only
 * this port; which adapter answers is chosen by the conta's bank, base URL and credentials
 * (choose-bank-adapter.ts) — the local sandbox is just another base URL.
 *
 * Every call takes a CallLog: each HTTP exchange (bodies with secrets masked, status, latency) is
 * handed to it, and the use-case stores it with the boleto (banco_comunicacao).
 */
export type BankAdapter = {
  /** 'BB' | 'CAIXA': which contract this adapter speaks. */
  readonly banco: '001' | '104';
  /**
   * Whether the bank lists its titles and settlements (BB: yes). Caixa has no listing: its
   * reconciliation asks `get` for each open title instead (at most 5 a second).
   */
  readonly temListagem?: boolean;
  register(t: BankTitulo, log: CallLog): Promise<BankRegistration>;
  /** The title as the bank holds it; null when the bank does not know it. */
  get(numeroBanco: string, log: CallLog): Promise<BankTituloState | null>;
  change(numeroBanco: string, c: BankChange, log: CallLog): Promise<void>;
  writeOff(numeroBanco: string, log: CallLog): Promise<void>;
  /** Payments (liquidações) the bank settled between two dates, for reconciliation. */
  listSettlements(since: IsoDate, until: IsoDate, log: CallLog): Promise<BankSettlement[]>;
  /**
   * The titles the bank lists (banks that have a listing: BB; Caixa has none — reconciled by `get`
   * of each title instead): ABERTOS registered between the dates, LIQUIDADOS and BAIXADOS whose
   * movement falls between them. A liquidated title carries its settlement (the amounts).
   */
  listTitles?(situacao: BankListSituacao, since: IsoDate, until: IsoDate, log: CallLog): Promise<BankListedTitle[]>;
  /** The notices of a webhook body (throws BankError REJEITADO on a body that is not the bank's). */
  parseWebhook(body: unknown): BankWebhookNotice[];
  /** The bank's number of one of our titles (BB: '000' + convênio + 10 digits). */
  numeroBanco(sequencial: number): string;
};

export type BankTitulo = {
  sequencial: number;
  seuNumero: string;
  dataEmissao: IsoDate;
  vencimento: IsoDate;
  valorCents: number;
  pagador: { documento: string; nome: string; endereco: string; cep: string; cidade: string; bairro: string; uf: string; telefone?: string | null };
  /** DOMAIN.md: multa 2 %, juros 0,33 % ao dia. */
  multaBps: number;
  pix: boolean;
};

export type BankRegistration = { numeroBanco: string; linhaDigitavel: string | null; codigoBarras: string | null; pix: { emv: string; txid: string | null } | null };

export type BankChange = {
  vencimento?: IsoDate;
  valorCents?: number;
  /** The boleto as it now is, whole: Caixa's alteração (PUT) replaces the title and needs every field. */
  titulo?: BankTitulo;
};

export type BankTituloEstado = 'REGISTRADO' | 'LIQUIDADO' | 'BAIXADO' | 'OUTRO';

export type BankTituloState = {
  numeroBanco: string;
  estado: BankTituloEstado;
  /** The bank's own code and words for the state (shown to the operator). */
  estadoBanco: string;
  registradoEm: IsoDate | null;
  linhaDigitavel: string | null;
  codigoBarras: string | null;
  pagamento: BankSettlement | null;
};

export type BankListSituacao = 'ABERTOS' | 'LIQUIDADOS' | 'BAIXADOS';

/** One title of the bank's listing (reconciliation): its state and, when liquidated, the payment. */
export type BankListedTitle = { numeroBanco: string; estado: BankTituloEstado; pagamento: BankSettlement | null };

export type BankSettlement = {
  numeroBanco: string;
  /** The day the payer paid (the CNAB retorno's data de ocorrência of the liquidação). */
  dataPagamento: IsoDate;
  dataCredito: IsoDate | null;
  valorPagoCents: number;
  valorTituloCents: number;
  tarifaCents: number;
  jurosCents: number;
  descontoCents: number;
  canal: string | null;
  /** The bank's id of the payment when it gives one (Pix e2eId…). */
  idPagamento: string | null;
};

export type BankWebhookNotice = {
  numeroBanco: string;
  tipo: 'PAGAMENTO' | 'CANCELAMENTO_PAGAMENTO';
  dataPagamento: IsoDate | null;
  valorPagoCents: number;
  canal: string | null;
  idPagamento: string | null;
  /** The bank's own code for the notice (BB codigoEstadoBaixaOperacional). */
  codigo: string;
};

/** One HTTP exchange with a bank, as stored in banco_comunicacao (secrets masked already). */
export type BankCall = {
  operacao: string;
  metodo: string;
  url: string;
  status: number | null;
  requisicao: string | null;
  resposta: string | null;
  sha256: string | null;
  latenciaMs: number;
  erro: string | null;
};
export type CallLog = (call: BankCall) => void;

/**
 * What went wrong, in the terms the use-cases act on:
 * - REJEITADO: the bank refused the request (validation): not retried; the operator corrects it;
 * - JA_INCLUIDO: the title is already registered (a retry after a timeout): reconciled by a query;
 * - AGUARDAR: the bank asks us to wait (BB's change within 30 minutes of registration, a 429);
 * - NAO_ENCONTRADO: the bank does not know the title;
 * - CREDENCIAIS: the bank refused our credentials (the admin must fix the conta);
 * - INDISPONIVEL: timeout, network error, 5xx: retried with backoff.
 */
export type BankErrorKind = 'REJEITADO' | 'JA_INCLUIDO' | 'AGUARDAR' | 'NAO_ENCONTRADO' | 'CREDENCIAIS' | 'INDISPONIVEL';

export class BankError extends Error {
  constructor(
    readonly kind: BankErrorKind,
    readonly status: number | null,
    readonly erros: { codigo: string; mensagem: string }[],
    readonly banco: string,
  ) {
    super(bankErrorSentence(kind, status, erros, banco));
    this.name = 'BankError';
  }
}

/** The bank's name with its article: "o Banco do Brasil", but "a Caixa". */
const NOMES: Record<string, { nome: string; o: 'O' | 'A'; do: 'do' | 'da' }> = {
  '001': { nome: 'Banco do Brasil', o: 'O', do: 'do' },
  '104': { nome: 'Caixa', o: 'A', do: 'da' },
};

/** The operator's sentence: what happened, then the bank's own code and message. */
export function bankErrorSentence(kind: BankErrorKind, status: number | null, erros: { codigo: string; mensagem: string }[], banco: string): string {
  const b = NOMES[banco] ?? { nome: `banco ${banco}`, o: 'O', do: 'do' };
  const nome = `${b.o} ${b.nome}`;
  const doBanco = erros.length ? ` Resposta ${b.do} ${b.nome}: ${erros.map((e) => `${e.mensagem}${e.codigo ? ` (código ${e.codigo})` : ''}`).join('; ')}.` : '';
  const quando = status ? ` [HTTP ${status}]` : '';
  switch (kind) {
    case 'REJEITADO':
      return `${nome} recusou o pedido.${doBanco}${quando}`;
    case 'JA_INCLUIDO':
      return `${nome} informa que o título já está registrado.${doBanco}`;
    case 'AGUARDAR':
      return `${nome} pediu para aguardar antes de repetir o pedido.${doBanco}${quando}`;
    case 'NAO_ENCONTRADO':
      return `${nome} não encontrou o título.${doBanco}${quando}`;
    case 'CREDENCIAIS':
      if (erros.some((e) => e.codigo === 'TLS')) return `${nome} recusou a conexão segura (TLS mútuo): confira o certificado da conta de cobrança (Conta de Cobrança > Certificado do banco).${doBanco}`;
      return `${nome} recusou as credenciais da conta de cobrança: confira client id, client secret e chave da aplicação.${doBanco}${quando}`;
    case 'INDISPONIVEL':
      return `${nome} não respondeu a tempo ou está indisponível; o pedido será repetido automaticamente.${doBanco}${quando}`;
  }
}
