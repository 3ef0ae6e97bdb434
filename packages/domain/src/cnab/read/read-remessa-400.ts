import { addDays, type IsoDate } from '../../dates/calendar.js';
import type { CnabReadOptions, RemessaEntryRead } from '../cnab-types.js';
import type { ExtraRecord400 } from '../layout400/layout-400.js';
import type { RecordLayout } from '../record/record-layout.js';
import { readCode2, readDate, readDate6, readDigits, readText, readUnits } from '../record/read-field.js';
import { CnabLineSplitter, type ByteSource } from '../stream/line-splitter.js';
import { stripLeadingZeros } from '../banks/account-parts.js';
import { Cnab400Reader, type DetailHandler400, type ReadContext400 } from './cnab400-reader.js';

/** 200 → "2", 250 → "2.5", 233 → "2.33": a percentage with 2 implied decimals as our entries write it. */
function percentText(units: number): string {
  return `${Math.floor(units / 100)}${units % 100 ? `.${String(units % 100).padStart(2, '0').replace(/0$/, '')}` : ''}`;
}

const optionalText = (line: string, d: RecordLayout, name: string) => (d.has(name) ? readText(line, d.field(name)) : '');

/** A multa the detail itself carries (Bradesco 66-70: code 2 and a percentage), from the day after the due date. */
function fineInDetail(line: string, d: RecordLayout, dayAfterDue: IsoDate | null): RemessaEntryRead['fine'] {
  if (!d.has('percentualMulta')) return null;
  const units = readUnits(line, d.field('percentualMulta'));
  // Santander has the multa's date in the detail too (102-107; zeros: from the day after the due date)
  const date = d.has('dataMulta') ? (readDate6(line, d.field('dataMulta')) ?? dayAfterDue) : dayAfterDue;
  return units > 0 && readText(line, d.field('codigoMulta')) !== '0' ? { type: 'percent', percent: percentText(units), date } : null;
}

/** Remessa entries of a CNAB 400 file: the detail, completed by the multa record that follows it. */
class RemessaHandler400 implements DetailHandler400<RemessaEntryRead> {
  private pending: RemessaEntryRead | null = null;

  detail(line: string, lineNumber: number, ctx: ReadContext400): RemessaEntryRead | null {
    const previous = this.pending;
    const d = ctx.profile.layout.remessaDetail;
    if (d === null) {
      this.pending = null;
      ctx.report.warn('ESTRUTURA', lineNumber, `o leiaute de remessa CNAB 400 do banco ${ctx.profile.code} não está cadastrado; registro não lido.`);
      return previous;
    }
    const movement = readCode2(line, d.field('codigoOcorrencia'));
    const kinds = ctx.profile.remessaKindCodes;
    const kind = (Object.keys(kinds) as (keyof typeof kinds)[]).find((k) => kinds[k] === movement) ?? null;
    const bankOurNumber = ctx.profile.ourNumberOf(line, 'remessa');
    const payerName = readText(line, d.field('nomePagador'));
    const jurosDia = readUnits(line, d.field('jurosDia'));
    const dueDate = readDate6(line, d.field('vencimento'));
    // a layout without a date for the juros or the multa charges them from the day after the due date (Bradesco)
    const dayAfterDue = dueDate ? addDays(dueDate, 1) : null;
    const docType = readText(line, d.field('tipoInscricaoPagador'));
    const docDigits = readDigits(line, d.field('numeroInscricaoPagador'));
    this.pending = {
      line: lineNumber,
      bank: ctx.profile.code,
      movement,
      kind,
      ourNumber: ctx.profile.sequenceOf(bankOurNumber, ctx.header) ?? stripLeadingZeros(bankOurNumber),
      bankOurNumber,
      documentNumber: readText(line, d.field('numeroDocumento')),
      dueDate,
      amountCents: readUnits(line, d.field('valorTitulo')),
      issueDate: readDate6(line, d.field('dataEmissao')),
      payer:
        payerName === ''
          ? null
          : {
              document: docType.endsWith('1') ? docDigits.slice(-11) : docDigits.slice(-14),
              name: payerName,
              address: readText(line, d.field('enderecoPagador')),
              district: optionalText(line, d, 'bairroPagador'),
              cep: readDigits(line, d.field('cepPagador')),
              city: optionalText(line, d, 'cidadePagador'),
              uf: optionalText(line, d, 'ufPagador'),
            },
      fine: fineInDetail(line, d, dayAfterDue),
      interest: jurosDia > 0 ? { type: 'per_day', cents: jurosDia, date: d.has('dataMora') ? readDate6(line, d.field('dataMora')) : dayAfterDue } : null,
    };
    return previous;
  }

  extra(record: ExtraRecord400, line: string): RemessaEntryRead | null {
    if (record.kind !== 'multa' || this.pending === null) return null;
    const l = record.layout;
    const code = readText(line, l.field('codigoMulta'));
    const value = readUnits(line, l.field('valorMulta'));
    const date = readDate(line, l.field('dataMulta'));
    if (code === '2') this.pending.fine = { type: 'percent', percent: percentText(value), date }; else if (code === '1') this.pending.fine = { type: 'amount', cents: value, date };
    return null;
  }

  flush(): RemessaEntryRead | null {
    const entry = this.pending;
    this.pending = null;
    return entry;
  }
}

/** Reads a CNAB 400 remessa (ours or a bank's golden file) back into entries, streamed. */
export async function* readRemessa400(source: ByteSource, options: CnabReadOptions = {}): AsyncGenerator<RemessaEntryRead> {
  const splitter = new CnabLineSplitter();
  const reader = new Cnab400Reader(new RemessaHandler400(), options, 'remessa');
  for await (const chunk of source) {
    splitter.push(chunk);
    for (let text = splitter.next(); text !== null; text = splitter.next()) {
      const item = reader.accept(text, splitter.lineNumber);
      if (item !== null) yield item;
    }
    options.onProgress?.(splitter.bytesRead);
  }
  splitter.end();
  for (let text = splitter.next(); text !== null; text = splitter.next()) {
    const item = reader.accept(text, splitter.lineNumber);
    if (item !== null) yield item;
  }
  const last = reader.finish();
  if (last !== null) yield last;
}
