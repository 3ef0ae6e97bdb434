import type { CnabBankProfile } from '../banks/cnab-bank-profile.js';
import type { CnabFileHeader, CnabReason, RetornoTitle } from '../cnab-types.js';
import type { FieldSpec } from '../record/field-spec.js';
import { readCode2, readDate, readDigits, readRaw, readText, readUnits } from '../record/read-field.js';

/** The fields a title needs, looked up once per profile instead of by name on every line. */
interface TitleFields {
  movement: FieldSpec;
  documentNumber: FieldSpec;
  dueDate: FieldSpec;
  amount: FieldSpec;
  collectingBank: FieldSpec;
  collectingAgency: FieldSpec;
  companyReference: FieldSpec;
  payerType: FieldSpec;
  payerDocument: FieldSpec;
  payerName: FieldSpec;
  fee: FieldSpec;
  reasons: FieldSpec;
  interest: FieldSpec;
  discount: FieldSpec;
  rebate: FieldSpec;
  iof: FieldSpec;
  paid: FieldSpec;
  net: FieldSpec;
  otherExpenses: FieldSpec;
  otherCredits: FieldSpec;
  occurrenceDate: FieldSpec;
  creditDate: FieldSpec;
}

const compiled = new WeakMap<CnabBankProfile, TitleFields>();

function fieldsOf(profile: CnabBankProfile): TitleFields {
  let f = compiled.get(profile);
  if (f) return f;
  const t = profile.layout.segmentT;
  const u = profile.layout.segmentU;
  f = {
    movement: t.field('codigoMovimento'),
    documentNumber: t.field('numeroDocumento'),
    dueDate: t.field('vencimento'),
    amount: t.field('valorTitulo'),
    collectingBank: t.field('bancoCobrador'),
    collectingAgency: t.field('agenciaCobradora'),
    companyReference: t.field('usoEmpresa'),
    payerType: t.field('tipoInscricaoPagador'),
    payerDocument: t.field('numeroInscricaoPagador'),
    payerName: t.field('nomePagador'),
    fee: t.field('valorTarifa'),
    reasons: t.field('motivoOcorrencia'),
    interest: u.field('jurosMultaEncargos'),
    discount: u.field('valorDesconto'),
    rebate: u.field('valorAbatimento'),
    iof: u.field('valorIof'),
    paid: u.field('valorPago'),
    net: u.field('valorLiquido'),
    otherExpenses: u.field('outrasDespesas'),
    otherCredits: u.field('outrosCreditos'),
    occurrenceDate: u.field('dataOcorrencia'),
    creditDate: u.field('dataCredito'),
  };
  compiled.set(profile, f);
  return f;
}

const NO_REASONS: readonly CnabReason[] = Object.freeze([]);
/** Described reasons by profile, movement and raw field: a file repeats a few combinations. */
const describedReasons = new WeakMap<CnabBankProfile, Map<string, Map<string, readonly CnabReason[]>>>();
const MAX_CACHED_REASONS = 1024;
let cachedReasons = 0;

/** The profile's description of a title's reasons, shared (frozen) between titles with the same ones. */
function reasonsOf(profile: CnabBankProfile, movement: string, raw: string): readonly CnabReason[] {
  if (raw === '') return NO_REASONS;
  let byMovement = describedReasons.get(profile);
  if (!byMovement) describedReasons.set(profile, (byMovement = new Map()));
  let byRaw = byMovement.get(movement);
  if (!byRaw) byMovement.set(movement, (byRaw = new Map()));
  let reasons = byRaw.get(raw);
  if (reasons === undefined) {
    reasons = Object.freeze(profile.describeReasons(movement, raw).map((r) => Object.freeze(r)));
    if (cachedReasons < MAX_CACHED_REASONS) {
      byRaw.set(raw, reasons);
      cachedReasons++;
    }
  }
  return reasons;
}

/** CPF keeps its last 11 digits, CNPJ its last 14; an all-zero field means "not informed". */
function payerDocument(type: string, digits: string): string {
  if (type === '1' && digits.length >= 11) return digits.slice(-11);
  if (type === '2' && digits.length >= 14) return digits.slice(-14);
  for (let i = 0; i < digits.length; i++) if (digits.charCodeAt(i) !== 48) return digits;
  return '';
}

function trimEnd(raw: string): string {
  let end = raw.length;
  while (end > 0 && raw.charCodeAt(end - 1) === 32) end--;
  return end === raw.length ? raw : raw.slice(0, end);
}

/** The T part of a title; read first so a malformed T is reported with its own line number. */
export function readSegmentT(profile: CnabBankProfile, header: CnabFileHeader | null, t: string, lineNumber: number): RetornoTitle {
  const f = fieldsOf(profile);
  const movement = readCode2(t, f.movement);
  const ourNumber = profile.ourNumberOf(t, 'T');
  const reasonsRaw = trimEnd(readRaw(t, f.reasons));
  const category = profile.movementCategories[movement] ?? 'outro';
  const reasons = reasonsOf(profile, movement, reasonsRaw);
  const title: RetornoTitle = {
    bank: profile.code,
    movement,
    movementDescription: profile.retornoMovements[movement] ?? `Movimento ${movement} não catalogado`,
    category,
    ourNumber,
    ourNumberSequence: profile.sequenceOf(ourNumber, header),
    documentNumber: readText(t, f.documentNumber),
    companyReference: readText(t, f.companyReference),
    dueDate: readDate(t, f.dueDate),
    amountCents: readUnits(t, f.amount),
    paidCents: 0,
    netCents: 0,
    feeCents: readUnits(t, f.fee),
    interestCents: 0,
    discountCents: 0,
    rebateCents: 0,
    iofCents: 0,
    otherExpensesCents: 0,
    otherCreditsCents: 0,
    occurrenceDate: null,
    creditDate: null,
    reasons,
    reasonsRaw,
    payerDocument: payerDocument(readText(t, f.payerType), readDigits(t, f.payerDocument)),
    payerName: readText(t, f.payerName),
    collectingBank: readDigits(t, f.collectingBank),
    collectingAgency: readDigits(t, f.collectingAgency),
    line: lineNumber,
  };
  if (profile.settlementChannel && category === 'liquidacao' && reasons.length > 0) title.channel = reasons[0];
  return title;
}

/** Completes a title with its segment U (values paid and the dates). */
export function readSegmentU(profile: CnabBankProfile, title: RetornoTitle, u: string): RetornoTitle {
  const f = fieldsOf(profile);
  title.interestCents = readUnits(u, f.interest);
  title.discountCents = readUnits(u, f.discount);
  title.rebateCents = readUnits(u, f.rebate);
  title.iofCents = readUnits(u, f.iof);
  title.paidCents = readUnits(u, f.paid);
  title.netCents = readUnits(u, f.net);
  // A bank that states the fee only as what it keeps of the payment (Sicredi): tarifa = pago − líquido.
  if (profile.feeOfPayment === 'paid-minus-net' && title.paidCents > 0) title.feeCents = Math.max(0, title.paidCents - title.netCents);
  title.otherExpensesCents = readUnits(u, f.otherExpenses);
  title.otherCreditsCents = readUnits(u, f.otherCredits);
  title.occurrenceDate = readDate(u, f.occurrenceDate);
  title.creditDate = readDate(u, f.creditDate);
  return title;
}
