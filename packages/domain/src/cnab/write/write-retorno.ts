import type { IsoDate } from '../../dates/calendar.js';
import { inscription } from '../banks/account-parts.js';
import { cnabWriterProfile, type CnabWriterProfile } from '../banks/cnab-profiles.js';
import type { CnabAccount } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import type { FieldValues } from '../record/format-record.js';
import { FileWriter240, type DetailRecord } from './file-writer-240.js';
import { joinCnabLines } from './write-remessa.js';

/**
 * Simulates the bank's answer for tests, demos and benchmarks: a retorno with one segment T and
 * one segment U per title, written on the same field tables the reader uses (so a change of
 * table shows in both). Banks never receive this file; nothing in production should call it.
 */
export interface RetornoTitleInput {
  /** Código de movimento retorno: '02' entrada confirmada, '06' liquidação, '09' baixa… */
  movement: string;
  /** The sequence, as in the remessa entry; the profile spells the bank's nosso número. */
  ourNumber: string | number;
  documentNumber: string;
  dueDate: IsoDate;
  amountCents: number;
  paidCents?: number;
  /** Defaults to paid − fee. */
  netCents?: number;
  feeCents?: number;
  interestCents?: number;
  discountCents?: number;
  occurrenceDate: IsoDate;
  creditDate?: IsoDate | null;
  /** Motivo codes (up to five, 2 characters each). */
  reasons?: readonly string[];
  payerDocument?: string;
  payerName?: string;
  companyReference?: string;
  /** CNAB 400 only: the payment channel code the bank reports (Itaú 393-394). */
  channel?: string;
}

export interface RetornoInput {
  account: CnabAccount;
  fileNumber: number;
  generatedAt: Date;
  titles: Iterable<RetornoTitleInput>;
  testFile?: boolean;
}

function cents(value: number | undefined, field: string): number {
  const v = value ?? 0;
  if (!Number.isSafeInteger(v) || v < 0) throw new CnabError('ENTRADA_INVALIDA', `Valor deve ser um inteiro de centavos: ${v}.`, { field });
  return v;
}

function reasonsField(reasons: readonly string[] | undefined): string {
  const list = reasons ?? [];
  if (list.length > 5 || list.some((c) => !/^[0-9A-Z]{2}$/.test(c))) {
    throw new CnabError('ENTRADA_INVALIDA', 'Motivos: até cinco códigos de 2 caracteres.', { field: 'reasons' });
  }
  return list.join('');
}

function titleRecords(profile: CnabWriterProfile, account: CnabAccount, accountValues: FieldValues, t: RetornoTitleInput): DetailRecord[] {
  if (!/^\d{2}$/.test(t.movement)) throw new CnabError('ENTRADA_INVALIDA', `Código de movimento inválido: "${t.movement}".`, { field: 'movement' });
  const nn = profile.writer.ourNumberValues(account, t.ourNumber);
  const paid = cents(t.paidCents, 'paidCents');
  const fee = cents(t.feeCents, 'feeCents');
  const payer = t.payerDocument ? inscription(t.payerDocument, 'payerDocument') : null;
  const tValues: FieldValues = {
    codigoMovimento: t.movement,
    carteira: '1',
    numeroDocumento: t.documentNumber,
    vencimento: t.dueDate,
    valorTitulo: cents(t.amountCents, 'amountCents'),
    usoEmpresa: t.companyReference ?? t.documentNumber,
    codigoMoeda: '09',
    tipoInscricaoPagador: payer?.type ?? '0',
    numeroInscricaoPagador: payer?.digits,
    nomePagador: t.payerName,
    valorTarifa: fee,
    motivoOcorrencia: reasonsField(t.reasons),
  };
  const uValues: FieldValues = {
    codigoMovimento: t.movement,
    jurosMultaEncargos: cents(t.interestCents, 'interestCents'),
    valorDesconto: cents(t.discountCents, 'discountCents'),
    valorPago: paid,
    valorLiquido: t.netCents === undefined ? Math.max(0, paid - fee) : cents(t.netCents, 'netCents'),
    dataOcorrencia: t.occurrenceDate,
    dataCredito: t.creditDate ?? null,
  };
  return [
    { layout: profile.layout.segmentT, values: [accountValues, nn.values, tValues] },
    { layout: profile.layout.segmentU, values: [uValues] },
  ];
}

export function* writeRetorno240Lines(input: RetornoInput): Generator<string> {
  const profile = cnabWriterProfile(input.account.bank);
  const file = new FileWriter240(profile, input.account, {
    retorno: true,
    fileNumber: input.fileNumber,
    generatedAt: input.generatedAt,
    testFile: input.testFile ?? false,
  });
  yield file.fileHeader();
  let index = 0;
  for (const title of input.titles) {
    let lines: string[];
    try {
      lines = file.title(titleRecords(profile, input.account, file.accountValues, title), title.amountCents);
    } catch (err) {
      if (!(err instanceof CnabError)) throw err;
      throw new CnabError(err.code, `Título ${index + 1}: ${err.message}`, { field: `titles[${index}]${err.field ? `.${err.field}` : ''}` });
    }
    yield* lines;
    index++;
  }
  yield* file.finish();
}

export function writeRetorno240(input: RetornoInput): Buffer {
  return joinCnabLines(writeRetorno240Lines(input));
}
