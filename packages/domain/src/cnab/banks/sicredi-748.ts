import { sicrediAgency, sicrediProfile } from '../../boleto/campo-livre/sicredi.js';
import type { CnabAccount } from '../cnab-types.js';
import { FEBRABAN_240 } from '../layout240/layout-240.js';
import { zeros } from '../record/field-spec.js';
import { overrideRecord } from '../record/record-layout.js';
import { fromBoletoEngine, inscription, isDigits, splitNumberAndDv, stripLeadingZeros } from './account-parts.js';
import { makeProfile } from './cnab-bank-profile.js';
import {
  SICREDI_FEES,
  SICREDI_MOVEMENT_CATEGORIES,
  SICREDI_REASONS_BY_MOVEMENT,
  SICREDI_REJECTIONS,
  SICREDI_RETORNO_MOVEMENTS,
  SICREDI_SETTLEMENT,
} from './sicredi-748-codes.js';

/**
 * Sicredi (748), "Manual CNAB 240 Sicredi" (August 2019, laravel-boleto's manuais/SICREDI/novos/).
 * Positions are FEBRABAN's (header de arquivo pp. 33-35, header de lote pp. 36-39, segmento P
 * pp. 39-47, T pp. 64-68, U pp. 69-70); what differs is content:
 * - agência = the cooperativa (4 digits, no DV: "Brancos", 09.0/09.3P), conta = the conta corrente
 *   and its DV (10.0-11.0), or the código do beneficiário without DV for a "conta beneficiária"
 *   (11.3P, p. 42); densidade "01600" (21.0, p. 34); the file trailer's 30-35 zeros;
 * - nosso número (13.3P, p. 42): the 9 digits ano + byte + sequencial + DV the slip prints,
 *   left-aligned in 38-57;
 * - segment P: espécie "03" DMI (24.3P, p. 45: DM is not in Sicredi's list), código de baixa "1"
 *   and 60 days (38.3P-39.3P, p. 47: "Utilizar sempre").
 * Retornos: the fee of a payment is what Sicredi keeps of it, valor pago − valor líquido (12.3U,
 * 13.3U, p. 70), as laravel-boleto reads it; segment T's tarifa (27.3T) is kept for movement 28.
 */
const layout = {
  ...FEBRABAN_240,
  fileTrailer: overrideRecord(FEBRABAN_240.fileTrailer, '748 trailer de arquivo', [zeros(30, 35)]),
};

/** The 9 digits of the slip: ano + byte + sequencial are our sequence, the DV is the bank's. */
function sequenceOf(ourNumber: string): string | null {
  return ourNumber.length === 9 && isDigits(ourNumber) ? stripLeadingZeros(ourNumber.slice(0, 8)) : null;
}

/** The conta corrente with its DV; without one, the código do beneficiário (conta beneficiária, no DV). */
function conta(account: CnabAccount): { number: string; dv: string } {
  const given = splitNumberAndDv(account.account, 'account.account', 'Conta corrente');
  return given.number !== '' ? given : { number: account.beneficiaryCode.trim(), dv: '' };
}

export const sicredi748 = makeProfile({
  code: '748',
  name: 'SICREDI',
  layout,
  retornoMovements: SICREDI_RETORNO_MOVEMENTS,
  movementCategories: SICREDI_MOVEMENT_CATEGORIES,
  reasons: { rejeicao: SICREDI_REJECTIONS, tarifa: SICREDI_FEES, liquidacao: SICREDI_SETTLEMENT },
  reasonsByMovement: SICREDI_REASONS_BY_MOVEMENT,
  sequenceOf,
  feeOfPayment: 'paid-minus-net',
  settlementChannel: true,
  writer: {
    fileLayoutVersion: '081', // 20.0, p. 34
    lotLayoutVersion: '040', // 07.1, p. 37
    remessaLotTotals: false, // brcobranca's golden remessa: zeros
    accountValues(account) {
      const { cooperativa } = fromBoletoEngine('agency', () => sicrediAgency(account.agency));
      const c = conta(account);
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      return {
        tipoInscricao: company.type,
        numeroInscricao: company.digits,
        agencia: cooperativa,
        agenciaDv: null,
        conta: c.number,
        contaDv: c.dv || null,
        nomeEmpresa: account.beneficiaryName,
        nomeBanco: 'SICREDI',
        densidade: '01600',
      };
    },
    segmentPDefaults: () => ({ especieTitulo: '03', codigoBaixa: '1', prazoBaixa: '060' }),
    ourNumberValues(account, sequence) {
      const input = { agency: account.agency, beneficiaryCode: account.beneficiaryCode, wallet: account.wallet, ourNumber: sequence };
      const formatted = fromBoletoEngine('ourNumber', () => sicrediProfile.ourNumberFormatted(input));
      const nn = formatted.replace(/\D/g, ''); // "07/200003-1" → 072000031
      return { values: { nossoNumero: nn }, ourNumber: nn };
    },
  },
});
