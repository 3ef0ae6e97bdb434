import type { IsoDate } from '../dates/calendar.js';
import type { MovementCategory, RemessaKind } from './codes/movement-codes.js';

/**
 * The beneficiary's account as the CNAB files need it. Same vocabulary as the boleto engine
 * (CampoLivreInput), so one conta de cobrança feeds the slip and the remessa alike and the nosso
 * número in segment P is the one printed on the boleto.
 */
export interface CnabAccount {
  /** FEBRABAN bank code: '104' (Caixa SIGCB) or '001' (Banco do Brasil) for writing. */
  bank: string;
  /** Agência, "1234" or "1234-5" (the DV is written when given; BB computes it when not). */
  agency: string;
  /** Conta corrente, "12345" or "12345-6"; BB only (header and segment P). */
  account?: string;
  /** Caixa: código do beneficiário (6 digits). BB: convênio (4, 6 or 7 digits, as text). */
  beneficiaryCode: string;
  /** Caixa: 'RG' (registrada) or 'SR'. BB: the 2-digit carteira, e.g. '17'. */
  wallet: string;
  /** BB: variação da carteira (3 digits, e.g. '019'), which BB's header requires. */
  walletVariation?: string;
  /** Razão social, written uppercase without accents (30 positions). */
  beneficiaryName: string;
  /** CNPJ (14 digits) or CPF (11), masked or not. */
  beneficiaryDocument: string;
}

export interface CnabPayer {
  /** CPF (11) or CNPJ (14) digits; the kind is taken from the length. */
  document: string;
  name: string;
  /** Logradouro, número and complemento in one line (40 positions). */
  address: string;
  district: string;
  /** 8 digits. */
  cep: string;
  city: string;
  uf: string;
}

/** Multa (segment R): a percentage of the value, or a fixed amount, due from `date` on. */
export type CnabFine =
  | { type: 'percent'; percent: string; date?: IsoDate | null }
  | { type: 'amount'; cents: number; date?: IsoDate | null };

/** Juros de mora (segment P): an amount per day late, or a monthly rate, from `date` on. */
export type CnabInterest =
  | { type: 'per_day'; cents: number; date?: IsoDate | null }
  | { type: 'monthly_percent'; percent: string; date?: IsoDate | null };

/** One instruction of a remessa. `payer` is required for 'entrada' and ignored otherwise. */
export interface RemessaEntry {
  kind: RemessaKind;
  /** The sequence of the conta de cobrança (what boleto.nosso_numero stores); the bank profile
   * turns it into the nosso número the boleto prints (Caixa "14" + 15 digits, BB convênio + sequence). */
  ourNumber: string | number;
  /** Seu número: the document number the beneficiary gives the title (boleto id + dígito). */
  documentNumber: string;
  dueDate: IsoDate;
  amountCents: number;
  issueDate: IsoDate;
  payer?: CnabPayer;
  fine?: CnabFine | null;
  interest?: CnabInterest | null;
}

export interface RemessaInput {
  account: CnabAccount;
  /** NSA: número sequencial do arquivo, increasing by one per file sent. */
  fileNumber: number;
  /** Written as São Paulo date and time in the headers. */
  generatedAt: Date;
  entries: Iterable<RemessaEntry>;
  /** Marks a homologation file (Caixa "REMESSA-TESTE", BB "TS"). */
  testFile?: boolean;
}

/** What readRemessa240 gives back for each title of a remessa. */
export interface RemessaEntryRead {
  /** 1-based line of the segment P. */
  line: number;
  bank: string;
  /** The movement code as written (01, 02, 06, 31…). */
  movement: string;
  /** Our name for it, or null for a code we never write. */
  kind: RemessaKind | null;
  /** The sequence when the bank profile can tell it apart, else the whole nosso número. */
  ourNumber: string;
  /** The nosso número as written in segment P (trimmed). */
  bankOurNumber: string;
  documentNumber: string;
  dueDate: IsoDate | null;
  amountCents: number;
  issueDate: IsoDate | null;
  /** From segment Q; null when the title has none (instructions other than entrada). */
  payer: CnabPayer | null;
  fine: CnabFine | null;
  interest: CnabInterest | null;
}

export interface CnabReason {
  code: string;
  description: string;
}

/** One title of a retorno: a segment T and its segment U. Money in centavos, dates YYYY-MM-DD. */
export interface RetornoTitle {
  bank: string;
  movement: string;
  movementDescription: string;
  category: MovementCategory;
  /** Nosso número as the bank reports it, without blanks (Caixa "14" + 15 digits). */
  ourNumber: string;
  /** Our sequence inside it (boleto.nosso_numero), or null when the bank profile cannot split it. */
  ourNumberSequence: string | null;
  documentNumber: string;
  /** "Identificação do título na empresa" (segment T 106-130), echoed from the remessa. */
  companyReference: string;
  dueDate: IsoDate | null;
  amountCents: number;
  paidCents: number;
  netCents: number;
  feeCents: number;
  interestCents: number;
  discountCents: number;
  rebateCents: number;
  iofCents: number;
  otherExpensesCents: number;
  otherCreditsCents: number;
  occurrenceDate: IsoDate | null;
  creditDate: IsoDate | null;
  /** Shared between titles with the same reasons (frozen): read it, do not change it. */
  reasons: readonly CnabReason[];
  /** The 10 characters of "motivo da ocorrência" as written, for what the tables do not cover. */
  reasonsRaw: string;
  payerDocument: string;
  payerName: string;
  /** Bank and agency that received the payment (segment T 97-104). */
  collectingBank: string;
  collectingAgency: string;
  /** 1-based line of the segment T (CNAB 400: of the detail record). */
  line: number;
  /**
   * The channel the payer used, when the bank reports it (CNAB 400: Itaú 393-394, Bradesco
   * 302-304): the raw code and its description; absent or null otherwise.
   */
  channel?: CnabReason | null;
  /** A Pix record that followed the title (Itaú type 3…): the copia-e-cola text, its txid, any error. */
  pix?: CnabPixRecord | null;
}

export interface CnabPixRecord {
  /** The BR Code ("copia e cola") as the bank wrote it, or '' when only an error came back. */
  qrCode: string;
  /** The txid (EMV field 62, sub-field 05) read from the BR Code, or ''. */
  txid: string;
  /** The bank's Pix error code when not zero (e.g. Itaú "003" chave inválida), else ''. */
  errorCode: string;
  line: number;
}

export interface CnabFileHeader {
  bank: string;
  bankName: string;
  /** From position 143: 1 remessa, 2 retorno. */
  kind: 'remessa' | 'retorno' | null;
  companyDocument: string;
  companyName: string;
  agency: string;
  agencyDv: string;
  account: string;
  accountDv: string;
  /** Caixa código do beneficiário, BB convênio, or the generic convênio field. */
  beneficiaryCode: string;
  generatedOn: IsoDate | null;
  /** HH:MM:SS, or '' when absent. */
  generatedTime: string;
  fileNumber: number;
  layoutVersion: string;
  line: number;
}

export type CnabWarningCode =
  | 'LINHA_INVALIDA' // a line that cannot be read; it is skipped
  | 'CONTAGEM_DIVERGENTE' // a trailer count disagrees with the records read
  | 'LINHA_NAO_RECONHECIDA' // a record of a type the layout does not know: kept (its text in the message), never fatal
  | 'ESTRUTURA'; // records out of order: U without T, missing trailer, remessa read as retorno…

export interface CnabWarning {
  code: CnabWarningCode;
  /** 1-based line the warning is about, or null for the file as a whole. */
  line: number | null;
  message: string;
}

export interface CnabReadOptions {
  /** Lines that cannot be read and counts that disagree. Without it they are ignored. */
  onWarning?: (warning: CnabWarning) => void;
  /** Called once with the file header, before the first title. */
  onHeader?: (header: CnabFileHeader) => void;
  /** Bytes read so far, after each chunk of the source. */
  onProgress?: (bytesRead: number) => void;
  /** Throw CnabError (LINHA_INVALIDA, with the line) on a malformed line instead of warning. */
  strict?: boolean;
}
