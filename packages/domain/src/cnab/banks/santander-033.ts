import { santanderBeneficiaryCode, santanderProfile } from '../../boleto/campo-livre/santander.js';
import type { CnabAccount } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { FEBRABAN_240, type Layout240 } from '../layout240/layout-240.js';
import { alpha, blanks, date, money, num, zeros } from '../record/field-spec.js';
import { overrideRecord } from '../record/record-layout.js';
import { fromBoletoEngine, inscription, isDigits, splitNumberAndDv, stripLeadingZeros } from './account-parts.js';
import { makeProfile } from './cnab-bank-profile.js';
import { SANTANDER_240_CATEGORIES, SANTANDER_240_REJECTIONS, SANTANDER_240_RETORNO_MOVEMENTS, SANTANDER_240_SETTLEMENT } from './santander-033-codes.js';

/**
 * Santander (033), "Layout de Arquivo Padrão 240 – Cobrança", H7815 v2.9, April 2018
 * (laravel-boleto's manuais/SANTANDER/novos/; brcobranca's docs/Santander/ has v2.5). FEBRABAN's
 * tables with Santander's ranges replaced, each citing the manual's page:
 * - the remessa's file and lot headers carry the 15-digit "código de transmissão" (nota 3: given by
 *   the bank; brcobranca's and laravel-boleto's writers compose it as agência 4 + "0000" + código
 *   do beneficiário 7, as we do), the retorno's carry agência, conta and código do beneficiário;
 * - segment P/T: agência 4 + DV, conta 9 + DV, conta cobrança; nosso número of 13 (12 + DV, the
 *   slip's, from the boleto engine) at P 45-57 and T 41-53; T's banco/agência cobradora shifted;
 * - código da moeda 00 (nota 27), código para protesto 0 = não protestar (nota 25: 3 would take the
 *   beneficiary's profile), tipo de cobrança 5 = cobrança simples rápida com registro (nota 5);
 * - segment U and the trailers de arquivo are FEBRABAN's.
 * Movements, rejections (nota 41-A) and settlement/baixa codes (41-C) are merged over FEBRABAN's.
 */

/** p. 1, header de arquivo remessa. */
const REMESSA_FILE_HEADER = overrideRecord(FEBRABAN_240.fileHeader, '033 header de arquivo remessa', [
  blanks(9, 16),
  num('tipoInscricao', 17, 17, 1),
  num('numeroInscricao', 18, 32, 15),
  num('codigoTransmissao', 33, 47, 15),
  blanks(48, 72),
  blanks(152, 157),
  blanks(167, 240),
]);

/** p. 9, header de arquivo retorno (152-157 reserved: kept as the FEBRABAN time field, blank). */
const FILE_HEADER = overrideRecord(FEBRABAN_240.fileHeader, '033 header de arquivo', [
  blanks(9, 16),
  num('tipoInscricao', 17, 17, 1),
  num('numeroInscricao', 18, 32, 15),
  num('agencia', 33, 36, 4),
  alpha('agenciaDv', 37, 37, 1),
  num('conta', 38, 46, 9),
  alpha('contaDv', 47, 47, 1),
  blanks(48, 52),
  num('codigoBeneficiario', 53, 61, 9),
  blanks(62, 72),
  alpha('horaGeracao', 152, 157, 6),
  blanks(167, 240),
]);

/** p. 2, header de lote remessa. */
const REMESSA_LOT_HEADER = overrideRecord(FEBRABAN_240.lotHeader, '033 header de lote remessa', [
  blanks(34, 53),
  num('codigoTransmissao', 54, 68, 15),
  blanks(69, 73),
  blanks(200, 240),
]);

/** p. 9, header de lote retorno. */
const LOT_HEADER = overrideRecord(FEBRABAN_240.lotHeader, '033 header de lote', [
  num('codigoBeneficiario', 34, 42, 9),
  blanks(43, 53),
  num('agencia', 54, 57, 4),
  alpha('agenciaDv', 58, 58, 1),
  num('conta', 59, 67, 9),
  alpha('contaDv', 68, 68, 1),
  blanks(69, 73),
  blanks(104, 183),
  blanks(200, 240),
]);

/** p. 8, trailer de lote remessa: the count of records only. */
const REMESSA_LOT_TRAILER = overrideRecord(FEBRABAN_240.lotTrailer, '033 trailer de lote remessa', [blanks(24, 240)]);

const layout: Layout240 = {
  ...FEBRABAN_240,
  fileHeader: FILE_HEADER,
  lotHeader: LOT_HEADER,
  remessa: { fileHeader: REMESSA_FILE_HEADER, lotHeader: REMESSA_LOT_HEADER, lotTrailer: REMESSA_LOT_TRAILER },
  /** p. 3, segmento P. */
  segmentP: overrideRecord(FEBRABAN_240.segmentP, '033 segmento P', [
    num('agencia', 18, 21, 4),
    alpha('agenciaDv', 22, 22, 1),
    num('conta', 23, 31, 9),
    alpha('contaDv', 32, 32, 1),
    num('contaCobranca', 33, 41, 9), // "conta cobrança destinatária FIDC": the conta again, as brcobranca and laravel-boleto write it
    alpha('contaCobrancaDv', 42, 42, 1),
    blanks(43, 44),
    num('nossoNumero', 45, 57, 13),
    alpha('carteira', 58, 58, 1), // tipo de cobrança (nota 5)
    num('formaCadastramento', 59, 59, 1),
    alpha('tipoDocumento', 60, 60, 1),
    blanks(61, 62),
    num('agenciaCobradora', 101, 104, 4),
    alpha('agenciaCobradoraDv', 105, 105, 1),
    blanks(106, 106),
    zeros(225, 225),
    num('prazoBaixa', 226, 227, 2),
    blanks(230, 240),
  ]),
  /** p. 4, segmento Q: carnê fields instead of the banco correspondente. */
  segmentQ: overrideRecord(FEBRABAN_240.segmentQ, '033 segmento Q', [
    num('identificadorCarne', 210, 212, 3),
    num('parcelaCarne', 213, 215, 3),
    num('totalParcelasCarne', 216, 218, 3),
    num('planoCarne', 219, 221, 3),
    blanks(222, 240),
  ]),
  /** p. 5, segmento R: no third discount, nothing after the messages. */
  segmentR: overrideRecord(FEBRABAN_240.segmentR, '033 segmento R', [blanks(42, 65), blanks(180, 240)]),
  /** p. 10, segmento T. */
  segmentT: overrideRecord(FEBRABAN_240.segmentT, '033 segmento T', [
    num('agencia', 18, 21, 4),
    alpha('agenciaDv', 22, 22, 1),
    num('conta', 23, 31, 9),
    alpha('contaDv', 32, 32, 1),
    blanks(33, 40),
    num('nossoNumero', 41, 53, 13),
    alpha('carteira', 54, 54, 1),
    alpha('numeroDocumento', 55, 69, 15),
    date('vencimento', 70, 77),
    money('valorTitulo', 78, 92, 15),
    num('bancoCobrador', 93, 95, 3),
    num('agenciaCobradora', 96, 99, 4),
    alpha('agenciaCobradoraDv', 100, 100, 1),
    alpha('usoEmpresa', 101, 125, 25),
    num('codigoMoeda', 126, 127, 2),
    num('tipoInscricaoPagador', 128, 128, 1),
    num('numeroInscricaoPagador', 129, 143, 15),
    alpha('nomePagador', 144, 183, 40),
    alpha('contaCobranca', 184, 193, 10),
    money('valorTarifa', 194, 208, 15),
    alpha('motivoOcorrencia', 209, 218, 10), // notas 41-A and 41-C: up to five 2-character codes
    blanks(219, 240),
  ]),
};

/** Nota 5: tipo de cobrança of the carteiras we register — 101 rápida com registro → 5; 201 penhor (caucionada) rápida → 6. */
const WALLET_CODE: Readonly<Record<string, string>> = { '101': '5', '201': '6' };

function walletCode(account: CnabAccount): string {
  const code = WALLET_CODE[account.wallet.trim()];
  if (!code) throw new CnabError('ENTRADA_INVALIDA', 'Carteira Santander para remessa deve ser 101 (rápida com registro) ou 201 (penhor rápida).', { field: 'account.wallet' });
  return code;
}

/** Conta corrente of up to 9 digits with its DV ("013000123-4"): the DV is printed, not computed. */
function conta(account: CnabAccount): { number: string; dv: string } {
  const c = splitNumberAndDv(account.account, 'account.account', 'Conta corrente Santander');
  if (c.number === '' || c.number.length > 9 || c.dv === '') {
    throw new CnabError('ENTRADA_INVALIDA', 'Conta corrente Santander: até 9 dígitos e o DV (ex. 013000123-4).', { field: 'account.account' });
  }
  return { number: c.number.padStart(9, '0'), dv: c.dv };
}

/** The 13 positions are the 12-digit nosso número and its DV: our sequence is the 12. */
function sequenceOf(ourNumber: string): string | null {
  return ourNumber.length === 13 && isDigits(ourNumber) ? stripLeadingZeros(ourNumber.slice(0, 12)) : null;
}

export const santander033 = makeProfile({
  code: '033',
  name: 'BANCO SANTANDER',
  layout,
  retornoMovements: SANTANDER_240_RETORNO_MOVEMENTS,
  movementCategories: SANTANDER_240_CATEGORIES,
  reasons: { rejeicao: SANTANDER_240_REJECTIONS, liquidacao: SANTANDER_240_SETTLEMENT },
  // 41-C says how a title was paid (no próprio banco, compensação eletrônica, cartório…): the channel
  settlementChannel: true,
  sequenceOf: (ourNumber) => sequenceOf(ourNumber),
  writer: {
    fileLayoutVersion: '040', // pp. 1 and 9
    lotLayoutVersion: '030', // p. 2 (the retorno's lot says 040)
    remessaLotTotals: false,
    accountValues(account) {
      const agency = splitNumberAndDv(account.agency, 'account.agency', 'Agência');
      if (agency.number === '' || agency.number.length > 4) throw new CnabError('ENTRADA_INVALIDA', 'Agência Santander deve ter até 4 dígitos.', { field: 'account.agency' });
      const agencia = agency.number.padStart(4, '0');
      const c = conta(account);
      const code = fromBoletoEngine('account.beneficiaryCode', () => santanderBeneficiaryCode(account));
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      return {
        tipoInscricao: company.type,
        numeroInscricao: company.digits,
        codigoTransmissao: `${agencia}0000${code}`,
        codigoBeneficiario: code,
        agencia,
        agenciaDv: agency.dv || '0',
        conta: c.number,
        contaDv: c.dv,
        contaCobranca: c.number,
        contaCobrancaDv: c.dv,
        nomeEmpresa: account.beneficiaryName,
        nomeBanco: 'BANCO SANTANDER',
      };
    },
    segmentPDefaults: (account) => ({ carteira: walletCode(account), codigoMoeda: '00', codigoProtesto: '0', agenciaCobradora: 0, agenciaCobradoraDv: '0' }),
    ourNumberValues(account, sequence) {
      const formatted = fromBoletoEngine('ourNumber', () => {
        const input = { beneficiaryCode: account.beneficiaryCode, wallet: account.wallet, ourNumber: sequence };
        santanderProfile.buildCampoLivre(input);
        return santanderProfile.ourNumberFormatted(input); // "000000000456-1"
      });
      const nn = formatted.replace('-', '');
      return { values: { nossoNumero: nn }, ourNumber: nn };
    },
  },
});
