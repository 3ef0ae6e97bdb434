import type { CnabBankProfile400 } from '../banks400/cnab400-bank-profile.js';
import { describeReasons400 } from '../banks400/cnab400-bank-profile.js';
import type { CnabFileHeader, CnabPixRecord, CnabReason, RetornoTitle } from '../cnab-types.js';
import type { FieldSpec } from '../record/field-spec.js';
import { readCode2, readDate6, readDigits, readRaw, readText, readUnits } from '../record/read-field.js';
import type { RecordLayout } from '../record/record-layout.js';

/** The detail's fields, looked up once per profile; a field the bank's table lacks is null. */
interface DetailFields {
  movement: FieldSpec;
  documentNumber: FieldSpec | null;
  companyReference: FieldSpec | null;
  dueDate: FieldSpec | null;
  amount: FieldSpec;
  collectingBank: FieldSpec | null;
  collectingAgency: FieldSpec | null;
  fee: FieldSpec | null;
  iof: FieldSpec | null;
  rebate: FieldSpec | null;
  discount: FieldSpec | null;
  paid: FieldSpec | null;
  net: FieldSpec | null;
  interest: FieldSpec | null;
  otherCredits: FieldSpec | null;
  otherExpenses: FieldSpec | null;
  occurrenceDate: FieldSpec | null;
  creditDate: FieldSpec | null;
  payerType: FieldSpec | null;
  payerDocument: FieldSpec | null;
  payerName: FieldSpec | null;
  reasons: FieldSpec | null;
  channel: FieldSpec | null;
}

const compiled = new WeakMap<CnabBankProfile400, DetailFields>();

const opt = (layout: RecordLayout, name: string): FieldSpec | null => (layout.has(name) ? layout.field(name) : null);

function fieldsOf(profile: CnabBankProfile400): DetailFields {
  let f = compiled.get(profile);
  if (f) return f;
  const d = profile.layout.retornoDetail;
  f = {
    movement: d.field('codigoOcorrencia'),
    documentNumber: opt(d, 'numeroDocumento'),
    companyReference: opt(d, 'usoEmpresa'),
    dueDate: opt(d, 'vencimento'),
    amount: d.field('valorTitulo'),
    collectingBank: opt(d, 'bancoCobrador'),
    collectingAgency: opt(d, 'agenciaCobradora'),
    fee: opt(d, 'valorTarifa'),
    iof: opt(d, 'valorIof'),
    rebate: opt(d, 'valorAbatimento'),
    discount: opt(d, 'valorDesconto'),
    paid: opt(d, 'valorPago'),
    net: opt(d, 'valorLiquido'),
    interest: opt(d, 'jurosMulta'),
    otherCredits: opt(d, 'outrosCreditos'),
    otherExpenses: opt(d, 'outrasDespesas'),
    occurrenceDate: opt(d, 'dataOcorrencia'),
    creditDate: opt(d, 'dataCredito'),
    payerType: opt(d, 'tipoInscricaoPagador'),
    payerDocument: opt(d, 'numeroInscricaoPagador'),
    payerName: opt(d, 'nomePagador'),
    reasons: opt(d, 'motivos'),
    channel: opt(d, 'canal'),
  };
  compiled.set(profile, f);
  return f;
}

const NO_REASONS: readonly CnabReason[] = Object.freeze([]);
const reasonCache = new WeakMap<CnabBankProfile400, Map<string, readonly CnabReason[]>>();
const channelCache = new WeakMap<CnabBankProfile400, Map<string, CnabReason>>();
const MAX_CACHED = 1024;

function reasonsOf(profile: CnabBankProfile400, movement: string, raw: string): readonly CnabReason[] {
  if (raw === '') return NO_REASONS;
  let cache = reasonCache.get(profile);
  if (!cache) reasonCache.set(profile, (cache = new Map()));
  const key = movement + '|' + raw;
  let reasons = cache.get(key);
  if (reasons === undefined) {
    const list = describeReasons400(profile, movement, raw);
    reasons = list.length === 0 ? NO_REASONS : Object.freeze(list.map((r) => Object.freeze(r)));
    if (cache.size < MAX_CACHED) cache.set(key, reasons);
  }
  return reasons;
}

/** The channel as { code, description }, shared (frozen) between titles; null when blank or zeros. */
function channelOf(profile: CnabBankProfile400, code: string): CnabReason | null {
  if (code === '' || /^0+$/.test(code)) return null;
  let cache = channelCache.get(profile);
  if (!cache) channelCache.set(profile, (cache = new Map()));
  let channel = cache.get(code);
  if (!channel) {
    channel = Object.freeze({ code, description: profile.channels[code] ?? `Canal ${code} não catalogado` });
    if (cache.size < MAX_CACHED) cache.set(code, channel);
  }
  return channel;
}

const units = (line: string, f: FieldSpec | null) => (f ? readUnits(line, f) : 0);
const text = (line: string, f: FieldSpec | null) => (f ? readText(line, f) : '');
const date = (line: string, f: FieldSpec | null) => (f ? readDate6(line, f) : null);

function trimEnd(raw: string): string {
  let end = raw.length;
  while (end > 0 && raw.charCodeAt(end - 1) === 32) end--;
  return end === raw.length ? raw : raw.slice(0, end);
}

/** CPF keeps its last 11 digits, CNPJ its last 14 (type 01/1 CPF, 02/2 CNPJ); zeros → ''. */
function payerDocument(type: string, digits: string): string {
  const t = type.length === 2 && type[0] === '0' ? type[1] : type;
  if (t === '1' && digits.length >= 11) return digits.slice(-11);
  if (t === '2' && digits.length >= 14) return digits.slice(-14);
  return /^0*$/.test(digits) ? '' : digits;
}

/**
 * A CNAB 400 detail as the same RetornoTitle the 240 reader gives: valor pago, tarifa and líquido
 * apart (the one the bank does not report is derived: paid = net + fee or net = paid − fee).
 * Throws FieldFormatError on a malformed field (the reader reports the line).
 */
export function readDetail400(profile: CnabBankProfile400, header: CnabFileHeader | null, line: string, lineNumber: number): RetornoTitle {
  const f = fieldsOf(profile);
  const movement = readCode2(line, f.movement);
  const ourNumber = profile.ourNumberOf(line, 'retorno');
  const fee = units(line, f.fee);
  let paid = units(line, f.paid);
  let net = units(line, f.net);
  if (f.paid === null && net > 0) paid = net + fee;
  if (f.net === null && paid > 0) net = Math.max(0, paid - fee);
  const reasonsRaw = f.reasons ? trimEnd(readRaw(line, f.reasons)) : '';
  return {
    bank: profile.code,
    movement,
    movementDescription: profile.retornoMovements[movement] ?? `Ocorrência ${movement} não catalogada`,
    category: profile.movementCategories[movement] ?? 'outro',
    ourNumber,
    ourNumberSequence: profile.sequenceOf(ourNumber, header),
    documentNumber: text(line, f.documentNumber),
    companyReference: text(line, f.companyReference),
    dueDate: date(line, f.dueDate),
    amountCents: readUnits(line, f.amount),
    paidCents: paid,
    netCents: net,
    feeCents: fee,
    interestCents: units(line, f.interest),
    discountCents: units(line, f.discount),
    rebateCents: units(line, f.rebate),
    iofCents: units(line, f.iof),
    otherExpensesCents: units(line, f.otherExpenses),
    otherCreditsCents: units(line, f.otherCredits),
    occurrenceDate: date(line, f.occurrenceDate),
    creditDate: date(line, f.creditDate),
    reasons: reasonsOf(profile, movement, reasonsRaw),
    reasonsRaw,
    payerDocument: f.payerDocument ? payerDocument(text(line, f.payerType), readDigits(line, f.payerDocument)) : '',
    payerName: text(line, f.payerName),
    collectingBank: f.collectingBank ? readDigits(line, f.collectingBank) : '',
    collectingAgency: f.collectingAgency ? readDigits(line, f.collectingAgency) : '',
    line: lineNumber,
    channel: f.channel ? channelOf(profile, readText(line, f.channel)) : null,
    pix: null,
  };
}

/** EMV TLV (id 2, length 2): the value of `id`, or null. */
function emvField(payload: string, id: string): string | null {
  let i = 0;
  while (i + 4 <= payload.length) {
    const tag = payload.slice(i, i + 2);
    const size = Number(payload.slice(i + 2, i + 4));
    if (!Number.isInteger(size) || i + 4 + size > payload.length) return null;
    if (tag === id) return payload.slice(i + 4, i + 4 + size);
    i += 4 + size;
  }
  return null;
}

/** A Pix record: the BR Code, its txid (62.05) and the bank's error code when not zero. */
export function readPix400(layout: RecordLayout, line: string, lineNumber: number): CnabPixRecord {
  // Itaú sends the whole BR Code; Bradesco the location URL and the txid in fields of their own
  const qrCode = layout.has('pixCopiaECola') ? readText(line, layout.field('pixCopiaECola')) : layout.has('pixLocation') ? readText(line, layout.field('pixLocation')) : '';
  const additional = qrCode ? emvField(qrCode, '62') : null;
  const txid = layout.has('pixTxid') ? readText(line, layout.field('pixTxid')) : additional ? (emvField(additional, '05') ?? '') : '';
  const error = layout.has('pixErro') ? readText(line, layout.field('pixErro')) : '';
  return { qrCode, txid, errorCode: /^0*$/.test(error) ? '' : error, line: lineNumber };
}
