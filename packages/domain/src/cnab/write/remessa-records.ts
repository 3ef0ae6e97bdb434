import { FATOR_PRIMEIRO_VENCIMENTO, FATOR_ULTIMO_VENCIMENTO } from '../../boleto/fator-vencimento.js';
import { addDays, formatDateBR, isIsoDate } from '../../dates/calendar.js';
import { onlyDigits } from '../../documents/cpf-cnpj.js';
import { inscription } from '../banks/account-parts.js';
import type { CnabWriterProfile } from '../banks/cnab-profiles.js';
import type { CnabAccount, CnabFine, CnabInterest, CnabPayer, RemessaEntry } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { REMESSA_KINDS } from '../codes/movement-codes.js';
import { decimalTextToUnits, normalizeCnabText } from '../record/cnab-text.js';
import type { FieldValues } from '../record/format-record.js';
import type { DetailRecord } from './file-writer-240.js';

/**
 * One remessa entry → its detail records: P (+ Q with the payer, + R with the multa) for an
 * entrada, P alone for the instructions on a registered title (baixa, new due date, new value).
 */

/** FEBRABAN values of segment P for a title we print and deliver ourselves. */
const SEGMENT_P_FEBRABAN: FieldValues = {
  carteira: '1', // cobrança simples
  formaCadastramento: '1', // registrada
  tipoDocumento: '1', // tradicional
  emissaoBoleto: '2', // o beneficiário emite
  distribuicaoBoleto: '2', // o beneficiário distribui
  especieTitulo: '02', // DM: the guarantees are over duplicatas mercantis
  aceite: 'N',
  codigoJuros: '3', // isento unless the entry says otherwise
  codigoDesconto1: '0',
  codigoProtesto: '3', // não protestar
  codigoBaixa: '2', // não baixar automaticamente: our baixas are explicit instructions
  codigoMoeda: '09',
};

function requireText(value: string | undefined, field: string, label: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new CnabError('ENTRADA_INVALIDA', `${label} é obrigatório.`, { field });
  return value.trim();
}

function units(percent: string, field: string): number {
  const value = decimalTextToUnits(percent, 2);
  if (value === null) throw new CnabError('ENTRADA_INVALIDA', `Percentual inválido: "${percent}" (até 2 casas decimais).`, { field });
  return value;
}

function centsOf(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new CnabError('ENTRADA_INVALIDA', `Valor deve ser um inteiro de centavos: ${value}.`, { field });
  return value;
}

function interestValues(interest: CnabInterest | null | undefined, dueDate: string): FieldValues {
  if (!interest) return {};
  const date = interest.date ?? addDays(dueDate, 1);
  return interest.type === 'per_day'
    ? { codigoJuros: '1', dataJuros: date, valorJuros: centsOf(interest.cents, 'interest.cents') }
    : { codigoJuros: '2', dataJuros: date, valorJuros: units(interest.percent, 'interest.percent') };
}

function fineValues(fine: CnabFine, dueDate: string): FieldValues {
  const date = fine.date ?? addDays(dueDate, 1);
  return fine.type === 'percent'
    ? { codigoMulta: '2', dataMulta: date, valorMulta: units(fine.percent, 'fine.percent') }
    : { codigoMulta: '1', dataMulta: date, valorMulta: centsOf(fine.cents, 'fine.cents') };
}

function payerValues(payer: CnabPayer | undefined): FieldValues {
  if (!payer) throw new CnabError('ENTRADA_INVALIDA', 'Pagador é obrigatório na entrada de título.', { field: 'payer' });
  const doc = inscription(payer.document, 'payer.document');
  const cep = onlyDigits(payer.cep);
  if (cep.length !== 8) throw new CnabError('ENTRADA_INVALIDA', `CEP do pagador inválido: "${payer.cep}".`, { field: 'payer.cep' });
  return {
    tipoInscricaoPagador: doc.type,
    numeroInscricaoPagador: doc.digits,
    nomePagador: requireText(payer.name, 'payer.name', 'Nome do pagador'),
    enderecoPagador: requireText(payer.address, 'payer.address', 'Endereço do pagador'),
    bairroPagador: payer.district,
    cepPagador: cep.slice(0, 5),
    sufixoCepPagador: cep.slice(5),
    cidadePagador: requireText(payer.city, 'payer.city', 'Cidade do pagador'),
    ufPagador: requireText(payer.uf, 'payer.uf', 'UF do pagador'),
    tipoInscricaoAvalista: '0',
  };
}

/** Why a due date cannot go to the bank (the fator de vencimento's range). */
export function remessaDueDateMessage(dueDate: unknown): string {
  const shown = typeof dueDate === 'string' && isIsoDate(dueDate) ? formatDateBR(dueDate) : `"${String(dueDate)}"`;
  return `Vencimento ${shown} fora do intervalo que o código de barras representa (${formatDateBR(FATOR_PRIMEIRO_VENCIMENTO)} a ${formatDateBR(FATOR_ULTIMO_VENCIMENTO)}).`;
}

export class RemessaRecords {
  private readonly pDefaults: FieldValues;

  constructor(private readonly profile: CnabWriterProfile, private readonly account: CnabAccount, accountValues: FieldValues) {
    this.pDefaults = { ...SEGMENT_P_FEBRABAN, ...accountValues, ...profile.writer.segmentPDefaults(account) };
  }

  of(entry: RemessaEntry): DetailRecord[] {
    if (!REMESSA_KINDS.includes(entry.kind)) throw new CnabError('ENTRADA_INVALIDA', `Tipo de instrução inválido: "${String(entry.kind)}".`, { field: 'kind' });
    const { layout, writer, remessaKindCodes } = this.profile;
    const movement = remessaKindCodes[entry.kind];
    const documentNumber = requireText(entry.documentNumber, 'documentNumber', 'Número do documento');
    // An identifier is never cut or rewritten to fit (a name is): the bank would echo back another one.
    const docSize = layout.segmentP.field('numeroDocumento').size;
    if (documentNumber.length > docSize || normalizeCnabText(documentNumber) !== documentNumber) {
      throw new CnabError('ENTRADA_INVALIDA', `Número do documento "${documentNumber}": até ${docSize} posições, em maiúsculas, sem acentos nem símbolos.`, { field: 'documentNumber' });
    }
    // the bank prints the barcode from this date: one its fator cannot name would print another day
    // (a malformed one fails on its own field below)
    if (typeof entry.dueDate === 'string' && isIsoDate(entry.dueDate) && (entry.dueDate < FATOR_PRIMEIRO_VENCIMENTO || entry.dueDate > FATOR_ULTIMO_VENCIMENTO)) {
      throw new CnabError('ENTRADA_INVALIDA', remessaDueDateMessage(entry.dueDate), { field: 'dueDate' });
    }
    const nn = writer.ourNumberValues(this.account, entry.ourNumber);
    const own: FieldValues = {
      codigoMovimento: movement,
      numeroDocumento: documentNumber,
      vencimento: entry.dueDate,
      valorTitulo: centsOf(entry.amountCents, 'amountCents'),
      dataEmissao: entry.issueDate,
      usoEmpresa: documentNumber,
    };
    const p: DetailRecord = { layout: layout.segmentP, values: [this.pDefaults, nn.values, interestValues(entry.interest, entry.dueDate), own] };
    if (entry.kind !== 'entrada') return [p];
    const records: DetailRecord[] = [p, { layout: layout.segmentQ, values: [payerValues(entry.payer), own] }];
    if (entry.fine) records.push({ layout: layout.segmentR, values: [fineValues(entry.fine, entry.dueDate), own] });
    return records;
  }
}
