import type { CnabWriterProfile } from '../banks/cnab-profiles.js';
import type { CnabAccount } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { COUNTER_MODULUS } from '../layout240/layout-240.js';
import { formatRecord, type FieldValues } from '../record/format-record.js';
import type { RecordLayout } from '../record/record-layout.js';

/** Registro sequencial no lote has 5 digits: a lot holds at most 99 999 detail records. */
const MAX_DETAILS_PER_LOT = 99_999;

export interface DetailRecord {
  layout: RecordLayout;
  /** Value sets, later ones winning (see formatRecord). */
  values: readonly FieldValues[];
}

/** Date and time in São Paulo, the bank's clock (DOMAIN.md: dates are São Paulo calendar dates). */
export function saoPauloDateTime(at: Date): { date: string; time: string } {
  if (Number.isNaN(at.getTime())) throw new CnabError('ENTRADA_INVALIDA', 'Data de geração inválida.', { field: 'generatedAt' });
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}${get('minute')}${get('second')}` };
}

export interface FileWriterOptions {
  retorno: boolean;
  fileNumber: number;
  generatedAt: Date;
  testFile: boolean;
}

/**
 * Frames detail records into a CNAB 240 file: file header, lots (a new one whenever the 5-digit
 * record counter would overflow), lot and file trailers with their counts and totals. Keeps
 * counters only, so a 100 000-title remessa streams line by line.
 */
export class FileWriter240 {
  private readonly common: FieldValues;
  private lot = 0;
  private lotOpen = false;
  private detailsInLot = 0;
  private titlesInLot = 0;
  private amountInLot = 0;
  private recordsInFile = 0;

  constructor(private readonly profile: CnabWriterProfile, account: CnabAccount, private readonly options: FileWriterOptions) {
    if (!Number.isSafeInteger(options.fileNumber) || options.fileNumber < 0 || options.fileNumber > 999_999) {
      throw new CnabError('ENTRADA_INVALIDA', 'Número sequencial do arquivo (NSA) deve ser um inteiro de 0 a 999999.', { field: 'fileNumber' });
    }
    const { date, time } = saoPauloDateTime(options.generatedAt);
    this.common = {
      ...profile.writer.accountValues(account, { retorno: options.retorno, testFile: options.testFile }),
      codigoBanco: profile.code,
      codigoRemessaRetorno: options.retorno ? '2' : '1',
      tipoOperacao: options.retorno ? 'T' : 'R',
      dataGeracao: date,
      horaGeracao: time,
      dataGravacao: date,
      numeroSequencialArquivo: options.fileNumber,
      numeroRemessaRetorno: options.fileNumber,
      versaoLayoutArquivo: profile.writer.fileLayoutVersion,
      versaoLayoutLote: profile.writer.lotLayoutVersion,
    };
  }

  /** Account values every record of the file shares (segment P takes its agência, conta…). */
  get accountValues(): FieldValues {
    return this.common;
  }

  fileHeader(): string {
    this.recordsInFile++;
    return formatRecord(this.frame('fileHeader'), this.common);
  }

  /**
   * One title's records (P, Q, R or T, U), kept in the same lot, preceded by the lot trailer and
   * header when a new lot opens. Formats everything before touching the counters, so a title that
   * fails (CnabError) leaves the file as it was and no half title is ever emitted.
   */
  title(records: readonly DetailRecord[], amountCents: number): string[] {
    const newLot = !this.lotOpen || this.detailsInLot + records.length > MAX_DETAILS_PER_LOT;
    const lot = newLot ? this.lot + 1 : this.lot;
    const first = newLot ? 1 : this.detailsInLot + 1;
    const details = records.map((r, i) => formatRecord(r.layout, ...r.values, { codigoBanco: this.profile.code, lote: lot, numeroRegistro: first + i }));
    const out: string[] = [];
    if (newLot && this.lotOpen) out.push(this.closeLot());
    if (newLot) out.push(this.openLot());
    this.detailsInLot += details.length;
    this.recordsInFile += details.length;
    this.titlesInLot++;
    this.amountInLot += amountCents;
    out.push(...details);
    return out;
  }

  /** Trailers; an empty file still gets one (empty) lot, as the banks expect a lot header. */
  finish(): string[] {
    const out: string[] = [];
    if (!this.lotOpen) out.push(this.openLot());
    out.push(this.closeLot());
    this.recordsInFile++;
    out.push(formatRecord(this.profile.layout.fileTrailer, {
      codigoBanco: this.profile.code,
      quantidadeLotes: this.lot,
      quantidadeRegistros: this.recordsInFile % COUNTER_MODULUS,
    }));
    return out;
  }

  /** The bank's remessa variant of a frame record when it has one (Layout240.remessa). */
  private frame(name: 'fileHeader' | 'lotHeader' | 'lotTrailer'): RecordLayout {
    const layout = this.profile.layout;
    return (this.options.retorno ? undefined : layout.remessa?.[name]) ?? layout[name];
  }

  private openLot(): string {
    this.lot++;
    this.lotOpen = true;
    this.detailsInLot = 0;
    this.titlesInLot = 0;
    this.amountInLot = 0;
    this.recordsInFile++;
    return formatRecord(this.frame('lotHeader'), this.common, { lote: this.lot });
  }

  private closeLot(): string {
    this.lotOpen = false;
    this.recordsInFile++;
    const totals = this.options.retorno || this.profile.writer.remessaLotTotals;
    if (!Number.isSafeInteger(this.amountInLot)) throw new CnabError('ENTRADA_INVALIDA', 'Soma dos valores do lote excede o limite.');
    const record = formatRecord(this.frame('lotTrailer'), {
      codigoBanco: this.profile.code,
      lote: this.lot,
      quantidadeRegistros: this.detailsInLot + 2,
      quantidadeCobrancaSimples: totals ? this.titlesInLot : undefined,
      valorCobrancaSimples: totals ? this.amountInLot : undefined,
    });
    return record;
  }
}
