import { FATOR_PRIMEIRO_VENCIMENTO, FATOR_ULTIMO_VENCIMENTO } from '../../boleto/fator-vencimento.js';
import { addDays, dayInSaoPaulo, isIsoDate } from '../../dates/calendar.js';
import { onlyDigits } from '../../documents/cpf-cnpj.js';
import { inscription } from '../banks/account-parts.js';
import type { CnabBankProfile400, CnabWriterRules400 } from '../banks400/cnab400-bank-profile.js';
import { CNAB400_BANK_PROFILES } from '../banks400/cnab400-profiles.js';
import type { CnabAccount, CnabPayer, RemessaEntry, RemessaInput } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { REMESSA_KINDS } from '../codes/movement-codes.js';
import { decimalTextToUnits, normalizeCnabText } from '../record/cnab-text.js';
import { formatRecord, type FieldValues } from '../record/format-record.js';
import type { RecordLayout } from '../record/record-layout.js';
import type { RetornoInput, RetornoTitleInput } from './write-retorno.js';
import { remessaDueDateMessage } from './remessa-records.js';
import { joinCnabLines, type RemessaRejectHandler } from './write-remessa.js';

type WriterProfile400 = CnabBankProfile400 & {
  readonly writer: CnabWriterRules400;
  readonly layout: CnabBankProfile400['layout'] & { remessaHeader: RecordLayout; remessaDetail: RecordLayout; remessaTrailer: RecordLayout };
};

/** Writing needs the bank's account and nosso-número rules: only the banks with a CNAB 400 profile. */
export function cnab400WriterProfile(bank: string): WriterProfile400 {
  const profile = Object.prototype.hasOwnProperty.call(CNAB400_BANK_PROFILES, bank) ? CNAB400_BANK_PROFILES[bank] : undefined;
  const l = profile?.layout;
  if (!profile || !profile.writer || !l?.remessaHeader || !l.remessaDetail || !l.remessaTrailer) {
    // a bank we only read (Banco do Brasil's retorno) is not one we write
    const supported = Object.keys(CNAB400_BANK_PROFILES).filter((b) => CNAB400_BANK_PROFILES[b].writer !== null).join(', ');
    throw new CnabError('BANCO_NAO_SUPORTADO', `Não há perfil CNAB 400 para gerar arquivos do banco "${bank}" (suportados: ${supported}).`, { field: 'account.bank' });
  }
  return profile as WriterProfile400;
}

function centsOf(value: number | undefined, field: string): number {
  const v = value ?? 0;
  if (!Number.isSafeInteger(v) || v < 0) throw new CnabError('ENTRADA_INVALIDA', `Valor deve ser um inteiro de centavos: ${v}.`, { field });
  return v;
}

function requireText(value: string | undefined, field: string, label: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new CnabError('ENTRADA_INVALIDA', `${label} é obrigatório.`, { field });
  return value.trim();
}

/** Tipo de inscrição as CNAB 400 writes it: 01 CPF, 02 CNPJ. */
function inscription400(document: string, field: string): { type: string; digits: string } {
  const doc = inscription(document, field);
  return { type: doc.type === '1' ? '01' : '02', digits: doc.digits };
}

function payerValues(payer: CnabPayer | undefined): FieldValues {
  if (!payer) throw new CnabError('ENTRADA_INVALIDA', 'Pagador é obrigatório na entrada de título.', { field: 'payer' });
  const doc = inscription400(payer.document, 'payer.document');
  const cep = onlyDigits(payer.cep);
  if (cep.length !== 8) throw new CnabError('ENTRADA_INVALIDA', `CEP do pagador inválido: "${payer.cep}".`, { field: 'payer.cep' });
  return {
    tipoInscricaoPagador: doc.type,
    numeroInscricaoPagador: doc.digits,
    nomePagador: requireText(payer.name, 'payer.name', 'Nome do pagador'),
    enderecoPagador: requireText(payer.address, 'payer.address', 'Endereço do pagador'),
    bairroPagador: payer.district,
    cepPagador: cep,
    cidadePagador: requireText(payer.city, 'payer.city', 'Cidade do pagador'),
    ufPagador: requireText(payer.uf, 'payer.uf', 'UF do pagador'),
  };
}

/** 395-400 holds 6 digits: above 999 999 records the number wraps, as the reader expects (modulo 10^6). */
export const recordNumber400 = (n: number) => n % 1_000_000;

/** Numbers each record (395-400) as it is written. */
class Sequencer {
  count = 0;
  line(layout: RecordLayout, ...values: FieldValues[]): string {
    this.count++;
    return formatRecord(layout, ...values, { numeroSequencialRegistro: recordNumber400(this.count) });
  }
}

function entryLines(profile: WriterProfile400, account: CnabAccount, base: FieldValues, entry: RemessaEntry): { layout: RecordLayout; values: FieldValues[] }[] {
  if (!REMESSA_KINDS.includes(entry.kind)) throw new CnabError('ENTRADA_INVALIDA', `Tipo de instrução inválido: "${String(entry.kind)}".`, { field: 'kind' });
  const { layout, writer } = profile;
  const documentNumber = requireText(entry.documentNumber, 'documentNumber', 'Número do documento');
  const docSize = layout.remessaDetail.field('numeroDocumento').size;
  if (documentNumber.length > docSize || normalizeCnabText(documentNumber) !== documentNumber) {
    throw new CnabError('ENTRADA_INVALIDA', `Número do documento "${documentNumber}": até ${docSize} posições, em maiúsculas, sem acentos nem símbolos.`, { field: 'documentNumber' });
  }
  if (typeof entry.dueDate === 'string' && isIsoDate(entry.dueDate) && (entry.dueDate < FATOR_PRIMEIRO_VENCIMENTO || entry.dueDate > FATOR_ULTIMO_VENCIMENTO)) {
    throw new CnabError('ENTRADA_INVALIDA', remessaDueDateMessage(entry.dueDate), { field: 'dueDate' });
  }
  const nn = writer.ourNumberValues(account, entry.ourNumber);
  const interest = entry.interest;
  if (interest && interest.type !== 'per_day') {
    throw new CnabError('ENTRADA_INVALIDA', 'Juros em CNAB 400: informe o valor por dia de atraso.', { field: 'interest' });
  }
  if (interest?.date && !layout.remessaDetail.has('dataMora') && interest.date !== addDays(entry.dueDate, 1)) {
    // a layout without a date for the juros charges them from the day after the due date
    throw new CnabError('ENTRADA_INVALIDA', `O leiaute CNAB 400 do banco ${profile.code} cobra juros a partir do dia seguinte ao vencimento; a data ${interest.date} não cabe no arquivo.`, { field: 'interest.date' });
  }
  const own: FieldValues = {
    codigoOcorrencia: profile.remessaKindCodes[entry.kind],
    numeroDocumento: documentNumber,
    usoEmpresa: documentNumber,
    vencimento: entry.dueDate,
    valorTitulo: centsOf(entry.amountCents, 'amountCents'),
    dataEmissao: entry.issueDate,
    jurosDia: interest ? centsOf(interest.cents, 'interest.cents') : 0,
    dataMora: interest ? (interest.date ?? addDays(entry.dueDate, 1)) : null,
  };
  if (entry.kind !== 'entrada') return [{ layout: layout.remessaDetail, values: [base, nn.values, own] }];
  const payer = payerValues(entry.payer);
  const bankPayer = writer.payerValues?.(entry.payer!) ?? {};
  // a bank without a multa record carries it in the detail (Bradesco 66-70)
  const fineInDetail = entry.fine && !layout.remessaFine && writer.fineValues ? writer.fineValues(entry.fine, entry.dueDate) : {};
  const records = [{ layout: layout.remessaDetail, values: [base, nn.values, payer, bankPayer, fineInDetail, own] }];
  if (entry.fine && layout.remessaFine) {
    const fine = entry.fine;
    const value = fine.type === 'percent' ? decimalTextToUnits(fine.percent, 2) : centsOf(fine.cents, 'fine.cents');
    if (value === null) throw new CnabError('ENTRADA_INVALIDA', `Percentual de multa inválido: "${fine.type === 'percent' ? fine.percent : ''}".`, { field: 'fine.percent' });
    records.push({
      layout: layout.remessaFine,
      values: [{ codigoMulta: fine.type === 'percent' ? '2' : '1', dataMulta: fine.date ?? addDays(entry.dueDate, 1), valorMulta: value }],
    });
  }
  return records;
}

/**
 * A CNAB 400 remessa as lines of 400 characters (no line ends): header, each entry's detail (+ the
 * multa record when the bank has one and the entry a multa; else the multa goes in the detail
 * through the bank's `fineValues`), trailer, every record numbered at
 * 395-400. A failing entry throws CnabError naming `entries[i].field` before any of its lines —
 * or, with `onRejected`, is left out and the file goes on.
 */
export function* writeRemessa400Lines(input: RemessaInput, onRejected?: RemessaRejectHandler): Generator<string> {
  const profile = cnab400WriterProfile(input.account.bank);
  const accountValues = profile.writer.accountValues(input.account);
  const base = { ...accountValues, ...profile.writer.detailDefaults(input.account) };
  const seq = new Sequencer();
  yield seq.line(profile.layout.remessaHeader, accountValues, { dataGeracao: dayInSaoPaulo(input.generatedAt), numeroSequencialArquivo: input.fileNumber });
  let index = 0;
  let total = 0;
  for (const entry of input.entries) {
    let records: { layout: RecordLayout; values: FieldValues[] }[];
    try {
      records = entryLines(profile, input.account, base, entry);
      // format before numbering, so a title that fails leaves the file as it was
      const lines = records.map((r, i) => formatRecord(r.layout, ...r.values, { numeroSequencialRegistro: recordNumber400(seq.count + i + 1) }));
      seq.count += lines.length;
      total += entry.amountCents;
      yield* lines;
    } catch (err) {
      if (!(err instanceof CnabError)) throw err;
      if (onRejected) onRejected(entry, err);
      else throw new CnabError(err.code, `Título ${index + 1} (nosso número ${String(entry.ourNumber)}): ${err.message}`, { field: `entries[${index}]${err.field ? `.${err.field}` : ''}` });
    }
    index++;
  }
  // for the banks whose trailer has totals (Santander: the file's records, trailer included, and the titles' sum)
  yield seq.line(profile.layout.remessaTrailer, { quantidadeRegistros: seq.count + 1, valorTotal: total });
}

export function writeRemessa400(input: RemessaInput): Buffer {
  return joinCnabLines(writeRemessa400Lines(input));
}

function retornoDetail(profile: WriterProfile400, account: CnabAccount, base: FieldValues, t: RetornoTitleInput): FieldValues[] {
  if (!/^\d{2}$/.test(t.movement)) throw new CnabError('ENTRADA_INVALIDA', `Código de ocorrência inválido: "${t.movement}".`, { field: 'movement' });
  const nn = profile.writer.ourNumberValues(account, t.ourNumber);
  const paid = centsOf(t.paidCents, 'paidCents');
  const fee = centsOf(t.feeCents, 'feeCents');
  const net = t.netCents === undefined ? Math.max(0, paid - fee) : centsOf(t.netCents, 'netCents');
  const size = profile.reasonCodeSize;
  const reasons = t.reasons ?? [];
  if (reasons.some((c) => c.length !== size)) throw new CnabError('ENTRADA_INVALIDA', `Motivos: códigos de ${size} caracteres.`, { field: 'reasons' });
  const payer = t.payerDocument ? inscription400(t.payerDocument, 'payerDocument') : null;
  return [
    base,
    nn.values,
    {
      codigoOcorrencia: t.movement,
      dataOcorrencia: t.occurrenceDate,
      numeroDocumento: t.documentNumber,
      usoEmpresa: t.companyReference ?? t.documentNumber,
      vencimento: t.dueDate,
      valorTitulo: centsOf(t.amountCents, 'amountCents'),
      bancoCobrador: profile.code,
      valorTarifa: fee,
      valorDesconto: centsOf(t.discountCents, 'discountCents'),
      valorPago: paid,
      valorLiquido: net,
      jurosMulta: centsOf(t.interestCents, 'interestCents'),
      dataCredito: t.creditDate ?? null,
      tipoInscricaoPagador: payer?.type,
      numeroInscricaoPagador: payer?.digits,
      nomePagador: t.payerName,
      motivos: reasons.join(''),
      canal: t.channel,
    },
  ];
}

/**
 * Simulates a bank's CNAB 400 retorno for tests, demos and benchmarks, on the same field tables the
 * reader uses. Banks never receive this file; nothing in production calls it.
 */
export function* writeRetorno400Lines(input: RetornoInput): Generator<string> {
  const profile = cnab400WriterProfile(input.account.bank);
  const accountValues = profile.writer.accountValues(input.account);
  const base = { ...accountValues, ...profile.writer.detailDefaults(input.account) };
  const seq = new Sequencer();
  const today = dayInSaoPaulo(input.generatedAt);
  yield seq.line(profile.layout.retornoHeader, accountValues, {
    codigoRemessaRetorno: '2',
    literalRetorno: 'RETORNO',
    codigoServico: '01',
    literalServico: 'COBRANCA',
    codigoBanco: profile.code,
    nomeBanco: profile.name,
    dataGeracao: today,
    numeroSequencialArquivo: input.fileNumber,
    densidade: '01600',
    unidadeDensidade: 'BPI',
  });
  let details = 0;
  let total = 0;
  let index = 0;
  for (const title of input.titles) {
    let values: FieldValues[];
    try {
      values = retornoDetail(profile, input.account, base, title);
    } catch (err) {
      if (!(err instanceof CnabError)) throw err;
      throw new CnabError(err.code, `Título ${index + 1}: ${err.message}`, { field: `titles[${index}]${err.field ? `.${err.field}` : ''}` });
    }
    yield seq.line(profile.layout.retornoDetail, ...values);
    details++;
    total += title.amountCents;
    index++;
  }
  yield seq.line(profile.layout.retornoTrailer, {
    codigoRetorno: '2',
    codigoServico: '01',
    codigoBanco: profile.code,
    numeroSequencialArquivo: input.fileNumber,
    quantidadeDetalhes: details,
    valorTotal: total,
    quantidadeSimples: details,
    valorSimples: total,
  });
}

export function writeRetorno400(input: Parameters<typeof writeRetorno400Lines>[0]): Buffer {
  return joinCnabLines(writeRetorno400Lines(input));
}
