import type { CnabBankProfile } from '../banks/cnab-bank-profile.js';
import { stripLeadingZeros } from '../banks/account-parts.js';
import type { CnabFileHeader } from '../cnab-types.js';
import { readDate, readDigits, readText, readUnits } from '../record/read-field.js';
import type { RecordLayout } from '../record/record-layout.js';

function optionalText(layout: RecordLayout, line: string, name: string): string {
  return layout.has(name) ? readText(line, layout.field(name)) : '';
}

/**
 * The beneficiary's identification as each bank puts it: Caixa's código do beneficiário, BB's
 * convênio number, or FEBRABAN's free 20-position convênio.
 */
function beneficiaryCode(layout: RecordLayout, line: string): string {
  if (layout.has('codigoBeneficiario')) return readText(line, layout.field('codigoBeneficiario'));
  if (layout.has('convenioNumero')) {
    const digits = readText(line, layout.field('convenioNumero'));
    return digits === '' ? '' : stripLeadingZeros(digits);
  }
  return optionalText(layout, line, 'convenio');
}

/** Registro 0, read with the bank's table. Throws FieldFormatError on a malformed field. */
export function readFileHeader(profile: CnabBankProfile, line: string, lineNumber: number): CnabFileHeader {
  const h = profile.layout.fileHeader;
  const code = readText(line, h.field('codigoRemessaRetorno'));
  const time = readDigits(line, h.field('horaGeracao'));
  return {
    bank: readText(line, h.field('codigoBanco')),
    bankName: readText(line, h.field('nomeBanco')),
    kind: code === '1' ? 'remessa' : code === '2' ? 'retorno' : null,
    companyDocument: readDigits(line, h.field('numeroInscricao')),
    companyName: readText(line, h.field('nomeEmpresa')),
    agency: optionalText(h, line, 'agencia'),
    agencyDv: optionalText(h, line, 'agenciaDv'),
    account: optionalText(h, line, 'conta'),
    accountDv: optionalText(h, line, 'contaDv'),
    beneficiaryCode: beneficiaryCode(h, line),
    generatedOn: readDate(line, h.field('dataGeracao')),
    generatedTime: time.length === 6 ? `${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}` : '',
    fileNumber: readUnits(line, h.field('numeroSequencialArquivo')),
    layoutVersion: readText(line, h.field('versaoLayoutArquivo')),
    line: lineNumber,
  };
}
