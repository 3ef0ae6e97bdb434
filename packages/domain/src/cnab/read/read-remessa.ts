import type { CnabBankProfile } from '../banks/cnab-bank-profile.js';
import type { CnabFine, CnabInterest, CnabPayer, CnabReadOptions, RemessaEntryRead } from '../cnab-types.js';
import type { RemessaKind } from '../codes/movement-codes.js';
import { unitsToDecimalText } from '../record/cnab-text.js';
import { FieldFormatError, readDate, readDigits, readText, readUnits } from '../record/read-field.js';
import type { ByteSource } from '../stream/line-splitter.js';
import { readCnab240, type DetailHandler, type ReadContext } from './cnab240-reader.js';

/**
 * Reads a remessa back: ours in the tests ("what we wrote reads back identically") and the
 * operator's, to show what a file asks of the bank. Not on any hot path, so fields are looked up
 * by name. Segments P, Q and R make one entry; S, Y and other extras are skipped.
 */
function kindOf(profile: CnabBankProfile, movement: string): RemessaKind | null {
  for (const [kind, code] of Object.entries(profile.remessaKindCodes) as [RemessaKind, string][]) {
    if (code === movement) return kind;
  }
  return null;
}

function interestOf(profile: CnabBankProfile, line: string): CnabInterest | null {
  const p = profile.layout.segmentP;
  const code = readText(line, p.field('codigoJuros'));
  const date = readDate(line, p.field('dataJuros'));
  const value = readUnits(line, p.field('valorJuros'));
  if (code === '1') return { type: 'per_day', cents: value, date };
  if (code === '2') return { type: 'monthly_percent', percent: unitsToDecimalText(value, 2), date };
  return null;
}

function readP(profile: CnabBankProfile, ctx: ReadContext, line: string, lineNumber: number): RemessaEntryRead {
  const p = profile.layout.segmentP;
  const movement = readDigits(line, p.field('codigoMovimento'));
  const bankOurNumber = profile.ourNumberOf(line, 'P');
  return {
    line: lineNumber,
    bank: profile.code,
    movement,
    kind: kindOf(profile, movement),
    ourNumber: profile.sequenceOf(bankOurNumber, ctx.header) ?? bankOurNumber,
    bankOurNumber,
    documentNumber: readText(line, p.field('numeroDocumento')),
    dueDate: readDate(line, p.field('vencimento')),
    amountCents: readUnits(line, p.field('valorTitulo')),
    issueDate: readDate(line, p.field('dataEmissao')),
    payer: null,
    fine: null,
    interest: interestOf(profile, line),
  };
}

function readQ(profile: CnabBankProfile, line: string): CnabPayer {
  const q = profile.layout.segmentQ;
  const type = readText(line, q.field('tipoInscricaoPagador'));
  const digits = readDigits(line, q.field('numeroInscricaoPagador'));
  const size = type === '1' ? 11 : type === '2' ? 14 : digits.length;
  return {
    document: digits.length >= size ? digits.slice(digits.length - size) : digits,
    name: readText(line, q.field('nomePagador')),
    address: readText(line, q.field('enderecoPagador')),
    district: readText(line, q.field('bairroPagador')),
    cep: readDigits(line, q.field('cepPagador')) + readDigits(line, q.field('sufixoCepPagador')),
    city: readText(line, q.field('cidadePagador')),
    uf: readText(line, q.field('ufPagador')),
  };
}

function readR(profile: CnabBankProfile, line: string): CnabFine | null {
  const r = profile.layout.segmentR;
  const code = readText(line, r.field('codigoMulta'));
  const date = readDate(line, r.field('dataMulta'));
  const value = readUnits(line, r.field('valorMulta'));
  if (code === '1') return { type: 'amount', cents: value, date };
  if (code === '2') return { type: 'percent', percent: unitsToDecimalText(value, 2), date };
  return null;
}

class RemessaHandler implements DetailHandler<RemessaEntryRead> {
  private pending: RemessaEntryRead | null = null;

  detail(segment: string, line: string, lineNumber: number, ctx: ReadContext): RemessaEntryRead | null {
    if (segment === 'P') {
      const done = this.pending;
      this.pending = null; // a malformed P must not leave the previous entry to collect its Q
      try {
        this.pending = readP(ctx.profile, ctx, line, lineNumber);
      } catch (err) {
        if (!(err instanceof FieldFormatError)) throw err;
        ctx.report.malformed(lineNumber, err.message); // reported here so `done` is not lost
      }
      return done;
    }
    if (segment !== 'Q' && segment !== 'R') return null;
    if (this.pending === null) {
      ctx.report.warn('ESTRUTURA', lineNumber, `segmento ${segment} sem segmento P antes dele; ignorado.`);
      return null;
    }
    if (segment === 'Q') this.pending.payer = readQ(ctx.profile, line);
    else this.pending.fine = readR(ctx.profile, line);
    return null;
  }

  flush(): RemessaEntryRead | null {
    const done = this.pending;
    this.pending = null;
    return done;
  }
}

/** Streams a CNAB 240 remessa, one entry (P + Q + R) at a time; same options as readRetorno240. */
export function readRemessa240(source: ByteSource, options: CnabReadOptions = {}): AsyncGenerator<RemessaEntryRead> {
  return readCnab240(source, new RemessaHandler(), options, 'remessa');
}
