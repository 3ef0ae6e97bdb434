import { sicoobProfile } from '../../boleto/campo-livre/sicoob.js';
import { modulo11Caixa } from '../../boleto/modulo.js';
import type { CnabAccount } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { FEBRABAN_240 } from '../layout240/layout-240.js';
import { alpha, blanks, num, zeros } from '../record/field-spec.js';
import { overrideRecord } from '../record/record-layout.js';
import { fromBoletoEngine, inscription, isDigits, splitNumberAndDv, stripLeadingZeros } from './account-parts.js';
import { makeProfile } from './cnab-bank-profile.js';
import { SICOOB_FEES, SICOOB_RETORNO_MOVEMENTS } from './sicoob-756-codes.js';

/**
 * Sicoob (756), "Leiaute Cobrança Sicoob — Sistemas de Terceiro" (planilha of 22/08/2017 in
 * brcobranca's docs/Sicoob/; the manual has sheets, not pages: fields are cited by sheet and by
 * the planilha's own field number, e.g. 13.3P). Positions are FEBRABAN's; what differs:
 * - the nosso número of segments P and T (13.3P/13.3T, 38-57) is NumTitulo 10 (the number and its
 *   DV, as the slip prints it) + parcela 2 ("01") + modalidade 2 + tipo de formulário 1 ("4", A4
 *   sem envelopamento) + 5 blanks;
 * - the file header's DV agência/conta (12.0, 72) and the file trailer's contas para conciliação
 *   (07.9, 30-35) are zeros, the prazo para baixa (39.3P, 225-227) blanks;
 * - segment P asks for forma de cadastramento "0" (15.3P), tipo de documento blank (16.3P),
 *   juros "0" when isento (27.3P), código de baixa "0" (38.3P).
 * Agência DV (the cooperativa's, 09.0) and conta DV: módulo 11, weights 2-9 from the right, 10 and
 * 11 → 0 — the rule that gives every cooperativa-DV of the planilha's "01.Contracapa" list.
 */
const nossoNumeroFields = [
  num('nossoNumero', 38, 47, 10),
  num('parcela', 48, 49, 2),
  num('modalidade', 50, 51, 2),
  alpha('tipoFormulario', 52, 52, 1),
  blanks(53, 57),
];

const layout = {
  ...FEBRABAN_240,
  fileHeader: overrideRecord(FEBRABAN_240.fileHeader, '756 header de arquivo', [zeros(72, 72)]),
  segmentP: overrideRecord(FEBRABAN_240.segmentP, '756 segmento P', [...nossoNumeroFields, blanks(225, 227)]),
  segmentT: overrideRecord(FEBRABAN_240.segmentT, '756 segmento T', nossoNumeroFields),
  fileTrailer: overrideRecord(FEBRABAN_240.fileTrailer, '756 trailer de arquivo', [zeros(30, 35)]),
};

/** The DV Sicoob gives agência (cooperativa) and conta when the account does not spell it. */
function withDv(part: { number: string; dv: string }): string {
  return part.dv || String(modulo11Caixa(part.number));
}

/** NumTitulo is the number (7) and its DV: the sequence is all but the last digit. */
function sequenceOf(ourNumber: string): string | null {
  return ourNumber.length === 10 && isDigits(ourNumber) ? stripLeadingZeros(ourNumber.slice(0, 9)) : null;
}

function contaCorrente(account: CnabAccount): { number: string; dv: string } {
  const conta = splitNumberAndDv(account.account, 'account.account', 'Conta corrente');
  if (conta.number === '') throw new CnabError('ENTRADA_INVALIDA', 'Conta corrente Sicoob é obrigatória no arquivo CNAB 240.', { field: 'account.account' });
  return conta;
}

export const sicoob756 = makeProfile({
  code: '756',
  name: 'SICOOB',
  layout,
  retornoMovements: SICOOB_RETORNO_MOVEMENTS,
  reasons: { tarifa: SICOOB_FEES },
  ourNumberFields: { P: ['nossoNumero'], T: ['nossoNumero'] },
  sequenceOf,
  settlementChannel: true,
  writer: {
    fileLayoutVersion: '081', // 20.0
    lotLayoutVersion: '040', // 07.1
    remessaLotTotals: true, // 06.5-07.5: quantidade e valor dos títulos em cobrança simples
    accountValues(account) {
      const agency = splitNumberAndDv(account.agency, 'account.agency', 'Agência');
      const conta = contaCorrente(account);
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      return {
        tipoInscricao: company.type,
        numeroInscricao: company.digits,
        agencia: agency.number,
        agenciaDv: withDv(agency),
        conta: conta.number,
        contaDv: withDv(conta),
        nomeEmpresa: account.beneficiaryName,
        nomeBanco: 'SICOOB',
      };
    },
    segmentPDefaults: () => ({ formaCadastramento: '0', tipoDocumento: null, codigoJuros: '0', codigoBaixa: '0' }),
    ourNumberValues(account, sequence) {
      const input = { agency: account.agency, beneficiaryCode: account.beneficiaryCode, wallet: account.wallet, ourNumber: sequence };
      const fields = fromBoletoEngine('ourNumber', () => sicoobProfile.decodeCampoLivre(sicoobProfile.buildCampoLivre(input)));
      const numTitulo = fields.ourNumberFormatted.replace('-', '').padStart(10, '0');
      const modalidade = fields.wallet.slice(2);
      return { values: { nossoNumero: numTitulo, parcela: '01', modalidade, tipoFormulario: '4' }, ourNumber: numTitulo };
    },
  },
});
