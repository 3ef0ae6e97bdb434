import { caixaSigcbProfile } from '../../boleto/campo-livre/caixa-sigcb.js';
import { modulo11Caixa } from '../../boleto/modulo.js';
import type { CnabAccount, CnabReason } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { FEBRABAN_240 } from '../layout240/layout-240.js';
import { alpha, blanks, fixed, num, zeros } from '../record/field-spec.js';
import { overrideRecord } from '../record/record-layout.js';
import { fromBoletoEngine, inscription, isDigits, splitNumberAndDv, stripLeadingZeros } from './account-parts.js';
import { describeWithTables, makeProfile, splitReasonCodes } from './cnab-bank-profile.js';
import { CAIXA_FEES, CAIXA_REJECTIONS, CAIXA_RETORNO_MOVEMENTS, CAIXA_SETTLEMENT_CHANNELS } from './caixa-104-codes.js';

/**
 * Caixa Econômica Federal (104), "Leiaute de Arquivo Eletrônico Padrão CNAB 240 – Cobrança
 * Bancária CAIXA – SIGCB". Differences from FEBRABAN: the account is the 6-digit código do
 * beneficiário instead of conta/DV, and the nosso número is split into modalidade (2: "14" =
 * registrada, emissão beneficiário) and 15 digits — the same 17 digits the boleto prints.
 * In segment T the 17 digits start one position earlier (40) and position 57 holds their DV.
 */
const layout = {
  ...FEBRABAN_240,
  fileHeader: overrideRecord(FEBRABAN_240.fileHeader, '104 header de arquivo', [
    zeros(33, 52),
    num('agencia', 53, 57, 5),
    alpha('agenciaDv', 58, 58, 1),
    num('codigoBeneficiario', 59, 64, 6),
    zeros(65, 71),
    zeros(72, 72),
    alpha('versaoAplicativo', 212, 215, 4),
    blanks(216, 240),
  ]),
  lotHeader: overrideRecord(FEBRABAN_240.lotHeader, '104 header de lote', [
    fixed('formaLancamento', 12, 13, '00'),
    num('codigoBeneficiario', 34, 39, 6),
    zeros(40, 53),
    num('agencia', 54, 58, 5),
    alpha('agenciaDv', 59, 59, 1),
    num('codigoBeneficiarioConta', 60, 65, 6),
    zeros(66, 72), // código do modelo personalizado: only for bank-printed custom slips
    zeros(73, 73),
  ]),
  segmentP: overrideRecord(FEBRABAN_240.segmentP, '104 segmento P', [
    num('codigoBeneficiario', 24, 29, 6),
    zeros(30, 40),
    num('modalidadeNossoNumero', 41, 42, 2),
    num('nossoNumero', 43, 57, 15),
    alpha('numeroDocumento', 63, 73, 11),
    blanks(74, 77),
    zeros(230, 239),
  ]),
  segmentT: overrideRecord(FEBRABAN_240.segmentT, '104 segmento T', [
    num('codigoBeneficiario', 24, 29, 6),
    alpha('usoCaixa', 30, 39, 10),
    num('modalidadeNossoNumero', 40, 41, 2),
    num('nossoNumero', 42, 56, 15),
    alpha('nossoNumeroDv', 57, 57, 1),
    alpha('numeroDocumento', 59, 69, 11),
    alpha('usoCaixa2', 70, 73, 4),
  ]),
  // Caixa has no "cobrança descontada" totals: the rest of its lot trailer is blank.
  lotTrailer: overrideRecord(FEBRABAN_240.lotTrailer, '104 trailer de lote', [blanks(93, 240)]),
};

/** Caixa's 6-position field; the 7-digit codes (from 1 100 000) do not fit this layout. */
function beneficiaryCode6(account: CnabAccount): string {
  const code = account.beneficiaryCode.trim();
  if (!/^\d{1,6}$/.test(code)) {
    throw new CnabError(
      'ENTRADA_INVALIDA',
      'Código do beneficiário Caixa deve ter até 6 dígitos no CNAB 240 SIGCB (códigos de 7 dígitos usam outro leiaute).',
      { field: 'account.beneficiaryCode' },
    );
  }
  return code.padStart(6, '0');
}

const FORMS_OF_PAYMENT: Record<string, string> = { '01': 'Pago em dinheiro', '02': 'Pago em cheque' };

/**
 * For liquidação and baixa Caixa writes the channel (214-215) and the form of payment (216-217),
 * not a list of motivos; what follows is not a code and stays in reasonsRaw.
 */
function describeCaixaReasons(movement: string, raw: string): CnabReason[] {
  if (caixa104.reasonGroupByMovement[movement] !== 'liquidacao') return describeWithTables(caixa104, movement, raw);
  const channels = caixa104.reasons.liquidacao;
  const out = splitReasonCodes(raw.slice(0, 2)).map((code) => ({ code, description: channels[code] ?? `Canal ${code} não catalogado` }));
  const form = raw.slice(2, 4);
  const paid = FORMS_OF_PAYMENT[form];
  if (paid) out.push({ code: form, description: paid });
  return out;
}

export const caixa104 = makeProfile({
  code: '104',
  name: 'CAIXA ECONOMICA FEDERAL',
  layout,
  retornoMovements: CAIXA_RETORNO_MOVEMENTS,
  movementCategories: { '46': 'liquidacao' },
  reasons: { rejeicao: CAIXA_REJECTIONS, tarifa: CAIXA_FEES, liquidacao: CAIXA_SETTLEMENT_CHANNELS },
  describeReasons: (movement, raw) => describeCaixaReasons(movement, raw),
  ourNumberFields: { P: ['modalidadeNossoNumero', 'nossoNumero'], T: ['modalidadeNossoNumero', 'nossoNumero'] },
  sequenceOf: (ourNumber) => (ourNumber.length === 17 && isDigits(ourNumber) ? stripLeadingZeros(ourNumber.slice(2)) : null),
  writer: {
    fileLayoutVersion: '050',
    lotLayoutVersion: '030',
    remessaLotTotals: true,
    accountValues(account, { retorno, testFile }) {
      const agency = splitNumberAndDv(account.agency, 'account.agency', 'Agência');
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      const code = beneficiaryCode6(account);
      return {
        tipoInscricao: company.type,
        numeroInscricao: company.digits,
        agencia: agency.number,
        agenciaDv: agency.dv || '0',
        codigoBeneficiario: code,
        codigoBeneficiarioConta: code,
        nomeEmpresa: account.beneficiaryName,
        nomeBanco: 'CAIXA ECONOMICA FEDERAL',
        reservadoEmpresa: `${retorno ? 'RETORNO' : 'REMESSA'}-${testFile ? 'TESTE' : 'PRODUCAO'}`,
      };
    },
    segmentPDefaults: () => ({ tipoDocumento: '2', distribuicaoBoleto: '0' }),
    ourNumberValues(account, sequence) {
      // The boleto engine validates carteira and sequence and spells the 17 digits the slip prints.
      const decoded = fromBoletoEngine('ourNumber', () => {
        const input = { beneficiaryCode: account.beneficiaryCode, wallet: account.wallet, ourNumber: sequence };
        return caixaSigcbProfile.decodeCampoLivre(caixaSigcbProfile.buildCampoLivre(input));
      });
      const nn = decoded.ourNumber;
      // nossoNumeroDv exists only in segment T (position 57), where Caixa's retornos carry it.
      return { values: { modalidadeNossoNumero: nn.slice(0, 2), nossoNumero: nn.slice(2), nossoNumeroDv: String(modulo11Caixa(nn)) }, ourNumber: nn };
    },
  },
});
