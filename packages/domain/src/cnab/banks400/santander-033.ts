import { santanderProfile } from '../../boleto/campo-livre/santander.js';
import { agencyDigits } from '../../boleto/digits.js';
import type { CnabAccount, CnabFine } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import type { Layout400 } from '../layout400/layout-400.js';
import { decimalTextToUnits } from '../record/cnab-text.js';
import { alpha, blanks, date6, fixed, money, num, zeros } from '../record/field-spec.js';
import { defineRecord } from '../record/record-layout.js';
import { addDays, type IsoDate } from '../../dates/calendar.js';
import { fromBoletoEngine, inscription, isDigits, splitNumberAndDv, stripLeadingZeros } from '../banks/account-parts.js';
import type { CnabBankProfile400 } from './cnab400-bank-profile.js';
import { SANTANDER_MOVEMENT_CATEGORIES, SANTANDER_REASON_TABLES, SANTANDER_REMESSA_MOVEMENTS, SANTANDER_RETORNO_MOVEMENTS } from './santander-033-codes.js';

/**
 * Santander (033) CNAB 400 Cobrança, "CNAB 400 (padrão Santander) com registro", H7800 v2.17,
 * April 2018 (laravel-boleto's manuais/SANTANDER/novos/; the 2015 edition is in brcobranca's
 * docs/Santander/). Each table cites its page; positions are the manual's "Posição inicial/final".
 * The multa lives in the detail (78-82, date 102-107; nota 4 p. 21: code 4, a percentage only),
 * so there is no multa record. The manual lists no payment channel. The Pix record of the retorno
 * (type 2: key type, key or location, txid) is newer than the manual: its positions are those
 * brcobranca's and laravel-boleto's Santander readers use (retorno/cnab400/santander.rb,
 * src/Cnab/Retorno/Cnab400/Banco/Santander.php); in a remessa, type 2 is a message record.
 *
 * Account (nota 2, pp. 16-19): agência 4, conta movimento 8 and conta cobrança 8. A conta of 9
 * digits + DV ("conta nova") writes its first 8 digits and sends the 9th and the DV in 384-385
 * with "I" in 383. The header's 20-position "código de transmissão" (nota 1) is those same three
 * fields (the manual's own example on p. 18), so both are written from the conta de cobrança.
 */

const seq = () => num('numeroSequencialRegistro', 395, 400, 6);

/** p. 6, "Registro Header – Remessa"; 27-46 código de transmissão as nota 2 composes it (p. 18). */
const REMESSA_HEADER = defineRecord('033 header de remessa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '0'),
  fixed('codigoRemessaRetorno', 2, 2, '1'),
  fixed('literalRemessa', 3, 9, 'REMESSA'),
  fixed('codigoServico', 10, 11, '01'),
  fixed('literalServico', 12, 26, 'COBRANCA       '),
  num('agencia', 27, 30, 4),
  num('conta', 31, 38, 8),
  num('contaCobranca', 39, 46, 8),
  alpha('nomeEmpresa', 47, 76, 30),
  fixed('codigoBanco', 77, 79, '033'),
  fixed('nomeBanco', 80, 94, 'SANTANDER      '),
  date6('dataGeracao', 95, 100),
  zeros(101, 116),
  blanks(117, 391), // mensagens 1 a 5 (117-351, printed on every slip: unused) and brancos
  num('versaoRemessa', 392, 394, 3), // optional; zeros: not controlled
  seq(),
]);

/** pp. 7-9, "Registro Movimento – Remessa". */
const REMESSA_DETAIL = defineRecord('033 detalhe de remessa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '1'),
  num('tipoInscricao', 2, 3, 2),
  num('numeroInscricao', 4, 17, 14),
  num('agencia', 18, 21, 4),
  num('conta', 22, 29, 8),
  num('contaCobranca', 30, 37, 8),
  alpha('usoEmpresa', 38, 62, 25), // número de controle do participante
  num('nossoNumero', 63, 70, 8), // nota 3: 7 digits + DV
  date6('dataDesconto2', 71, 76),
  blanks(77, 77),
  alpha('codigoMulta', 78, 78, 1), // nota 4: 4 = multa (percentual), else 0
  money('percentualMulta', 79, 82, 4), // 9(2)v9(2)
  fixed('unidadeValor', 83, 84, '00'),
  zeros(85, 97), // valor do título em outra unidade
  blanks(98, 101),
  date6('dataMulta', 102, 107),
  alpha('codigoCarteira', 108, 108, 1), // 5 = rápida com registro (boleto emitido pelo cliente)
  num('codigoOcorrencia', 109, 110, 2),
  alpha('numeroDocumento', 111, 120, 10), // seu número
  date6('vencimento', 121, 126),
  money('valorTitulo', 127, 139, 13),
  fixed('codigoBanco', 140, 142, '033'),
  num('agenciaCobradora', 143, 147, 5),
  alpha('especie', 148, 149, 2),
  alpha('aceite', 150, 150, 1),
  date6('dataEmissao', 151, 156),
  alpha('instrucao1', 157, 158, 2),
  alpha('instrucao2', 159, 160, 2),
  money('jurosDia', 161, 173, 13),
  date6('descontoAte', 174, 179),
  money('valorDesconto', 180, 192, 13),
  num('valorIof', 193, 205, 13), // 9(8)v9(5): insurers only
  money('valorAbatimento', 206, 218, 13),
  num('tipoInscricaoPagador', 219, 220, 2),
  num('numeroInscricaoPagador', 221, 234, 14),
  alpha('nomePagador', 235, 274, 40),
  alpha('enderecoPagador', 275, 314, 40),
  alpha('bairroPagador', 315, 326, 12),
  num('cepPagador', 327, 334, 8), // CEP 327-331 and its complemento 332-334
  alpha('cidadePagador', 335, 349, 15),
  alpha('ufPagador', 350, 351, 2),
  alpha('sacadorAvalista', 352, 381, 30), // brancos in the manual; brcobranca writes the avalista
  blanks(382, 382),
  alpha('identificadorComplemento', 383, 383, 1), // "I": conta cobrança of 10 positions (nota 2)
  alpha('complementoConta', 384, 385, 2),
  blanks(386, 391),
  num('diasProtesto', 392, 393, 2),
  blanks(394, 394),
  seq(),
]);

/**
 * p. 10, "Registro Trailler – Remessa". "Quantidade de documentos no arquivo": brcobranca and
 * laravel-boleto both write the file's record count (header and trailer included), as we do.
 */
const REMESSA_TRAILER = defineRecord('033 trailer de remessa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '9'),
  num('quantidadeRegistros', 2, 7, 6),
  money('valorTotal', 8, 20, 13),
  zeros(21, 394),
  seq(),
]);

/** p. 11, "Registro Header – Retorno". */
const RETORNO_HEADER = defineRecord('033 header de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '0'),
  alpha('codigoRemessaRetorno', 2, 2, 1),
  alpha('literalRetorno', 3, 9, 7),
  alpha('codigoServico', 10, 11, 2),
  alpha('literalServico', 12, 26, 15),
  alpha('agencia', 27, 30, 4),
  alpha('conta', 31, 38, 8),
  alpha('contaCobranca', 39, 46, 8),
  alpha('nomeEmpresa', 47, 76, 30),
  alpha('codigoBanco', 77, 79, 3),
  alpha('nomeBanco', 80, 94, 15),
  date6('dataGeracao', 95, 100), // data do movimento
  alpha('densidade', 101, 108, 8),
  blanks(109, 385),
  alpha('siglaEmpresa', 386, 389, 4),
  blanks(390, 391),
  alpha('versao', 392, 394, 3),
  seq(),
]);

/** pp. 12-14, "Registro Movimento – Retorno". */
const RETORNO_DETAIL = defineRecord('033 detalhe de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '1'),
  num('tipoInscricao', 2, 3, 2),
  num('numeroInscricao', 4, 17, 14),
  alpha('agencia', 18, 21, 4),
  alpha('conta', 22, 29, 8),
  alpha('contaCobranca', 30, 37, 8),
  alpha('usoEmpresa', 38, 62, 25),
  num('nossoNumero', 63, 70, 8),
  blanks(71, 107),
  alpha('codigoCarteira', 108, 108, 1),
  num('codigoOcorrencia', 109, 110, 2),
  date6('dataOcorrencia', 111, 116),
  alpha('numeroDocumento', 117, 126, 10), // seu número
  alpha('nossoNumeroConfirmacao', 127, 134, 8),
  alpha('ocorrenciaOriginal', 135, 136, 2), // código original da remessa, when it failed (nota 19)
  alpha('motivos', 137, 145, 9), // nota 19: up to three 3-digit error codes
  blanks(146, 146),
  date6('vencimento', 147, 152),
  money('valorTitulo', 153, 165, 13),
  num('bancoCobrador', 166, 168, 3),
  num('agenciaCobradora', 169, 173, 5),
  alpha('especie', 174, 175, 2),
  money('valorTarifa', 176, 188, 13),
  money('outrasDespesas', 189, 201, 13),
  money('jurosAtraso', 202, 214, 13),
  money('valorIof', 215, 227, 13),
  money('valorAbatimento', 228, 240, 13),
  money('valorDesconto', 241, 253, 13),
  money('valorPago', 254, 266, 13), // "valor total recebido"; líquido = recebido − tarifa
  money('jurosMulta', 267, 279, 13), // "valor dos juros de mora"
  money('outrosCreditos', 280, 292, 13),
  blanks(293, 293),
  alpha('aceite', 294, 294, 1),
  blanks(295, 295),
  date6('dataCredito', 296, 301),
  alpha('nomePagador', 302, 337, 36),
  alpha('identificadorComplemento', 338, 338, 1),
  alpha('unidadeValor', 339, 340, 2),
  alpha('valorOutraUnidade', 341, 353, 13),
  alpha('iofOutraUnidade', 354, 366, 13),
  alpha('valorDebitoCredito', 367, 379, 13), // the account's movement, debit or credit (380): not the title's money
  alpha('indicadorDebitoCredito', 380, 380, 1),
  blanks(381, 383),
  alpha('complementoConta', 384, 385, 2),
  alpha('siglaEmpresa', 386, 389, 4),
  blanks(390, 391),
  alpha('versao', 392, 394, 3),
  seq(),
]);

/** p. 14, "Registro Trailler – Retorno" (totals per cobrança simples, caucionada and descontada). */
const RETORNO_TRAILER = defineRecord('033 trailer de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '9'),
  alpha('codigoRetorno', 2, 2, 1),
  alpha('codigoServico', 3, 4, 2),
  alpha('codigoBanco', 5, 7, 3),
  blanks(8, 17),
  num('quantidadeSimples', 18, 25, 8),
  money('valorSimples', 26, 39, 14),
  alpha('avisoSimples', 40, 47, 8),
  blanks(48, 57),
  alpha('zerosTrailer', 58, 87, 30),
  blanks(88, 97),
  alpha('quantidadeCaucionada', 98, 105, 8),
  alpha('valorCaucionada', 106, 119, 14),
  alpha('avisoCaucionada', 120, 127, 8),
  blanks(128, 137),
  alpha('quantidadeDescontada', 138, 145, 8),
  alpha('valorDescontada', 146, 159, 14),
  alpha('avisoDescontada', 160, 167, 8),
  blanks(168, 391),
  alpha('versao', 392, 394, 3),
  seq(),
]);

/** Pix record after a detail (brcobranca's and laravel-boleto's readers): key type, key/location, txid. */
const RETORNO_PIX = defineRecord('033 registro Pix (400)', 400, [
  fixed('tipoRegistro', 1, 1, '2'),
  alpha('pixTipoChave', 2, 2, 1),
  alpha('pixLocation', 3, 79, 77),
  alpha('pixTxid', 80, 114, 35),
  blanks(115, 394),
  seq(),
]);

const layout: Layout400 = {
  remessaHeader: REMESSA_HEADER,
  remessaDetail: REMESSA_DETAIL,
  remessaFine: null,
  remessaTrailer: REMESSA_TRAILER,
  retornoHeader: RETORNO_HEADER,
  retornoDetail: RETORNO_DETAIL,
  retornoTrailer: RETORNO_TRAILER,
  retornoExtras: { '2': { description: 'registro Pix (tipo 2)', kind: 'pix', layout: RETORNO_PIX } },
};

/**
 * Código da carteira of the remessa (108, p. 7) for the carteira the conta names: 101 cobrança
 * rápida com registro, emitted by the beneficiary → 5; 201 penhor rápida → 6. 102 is "sem
 * registro": nothing to send to the bank.
 */
const WALLET_CODE: Readonly<Record<string, string>> = { '101': '5', '201': '6' };

function wallet(account: CnabAccount): string {
  const w = account.wallet.trim();
  if (!(w in WALLET_CODE)) throw new CnabError('ENTRADA_INVALIDA', 'Carteira Santander para remessa deve ser 101 (rápida com registro) ou 201 (penhor rápida).', { field: 'account.wallet' });
  return w;
}

/** Nota 2: conta of up to 8 digits as it is; a "conta nova" of 9 digits + DV splits into 8 + (9th and DV in 384-385). */
export function santanderAccount400(account: CnabAccount): { conta: string; identificadorComplemento: string; complementoConta: string } {
  const conta = splitNumberAndDv(account.account, 'account.account', 'Conta corrente Santander');
  if (conta.number === '') throw new CnabError('ENTRADA_INVALIDA', 'Conta corrente Santander é obrigatória no CNAB 400.', { field: 'account.account' });
  if (conta.number.length <= 8) return { conta: conta.number.padStart(8, '0'), identificadorComplemento: '', complementoConta: '' };
  if (conta.number.length === 9 && conta.dv !== '') return { conta: conta.number.slice(0, 8), identificadorComplemento: 'I', complementoConta: conta.number[8] + conta.dv };
  throw new CnabError('ENTRADA_INVALIDA', 'Conta corrente Santander: até 8 dígitos, ou 9 dígitos com o DV (ex. 001234567-8).', { field: 'account.account' });
}

/** Nota 4 (p. 21): multa is code 4 and a percentage (79-82), from the date in 102-107. */
function fineValues(fine: CnabFine, dueDate: IsoDate) {
  if (fine.type !== 'percent') throw new CnabError('ENTRADA_INVALIDA', 'O leiaute CNAB 400 do Santander só aceita multa em percentual.', { field: 'fine' });
  const units = decimalTextToUnits(fine.percent, 2);
  if (units === null || units > 9999) throw new CnabError('ENTRADA_INVALIDA', `Percentual de multa inválido: "${fine.percent}".`, { field: 'fine.percent' });
  return { codigoMulta: '4', percentualMulta: units, dataMulta: fine.date ?? addDays(dueDate, 1) };
}

/** The 12-digit nosso número of the slip in the 8 positions of CNAB 400: its last 7 digits + DV. */
function ourNumber400(account: CnabAccount, sequence: string | number): string {
  const formatted = fromBoletoEngine('ourNumber', () => {
    const input = { beneficiaryCode: account.beneficiaryCode, wallet: account.wallet, ourNumber: sequence };
    santanderProfile.buildCampoLivre(input);
    return santanderProfile.ourNumberFormatted(input); // "000000000456-1"
  });
  if (!formatted.startsWith('00000')) {
    throw new CnabError('ENTRADA_INVALIDA', `Nosso número ${String(sequence)}: o CNAB 400 do Santander tem 7 dígitos + DV (até 9999999); use o CNAB 240.`, { field: 'ourNumber' });
  }
  return formatted.slice(5, 12) + formatted.slice(13);
}

/** Our sequence: the 7 digits before the DV. */
function sequenceOf(ourNumber: string): string | null {
  return ourNumber.length === 8 && isDigits(ourNumber) ? stripLeadingZeros(ourNumber.slice(0, 7)) : null;
}

export const santander033: CnabBankProfile400 = {
  code: '033',
  name: 'SANTANDER',
  layout,
  retornoMovements: SANTANDER_RETORNO_MOVEMENTS,
  movementCategories: SANTANDER_MOVEMENT_CATEGORIES,
  remessaMovements: SANTANDER_REMESSA_MOVEMENTS,
  // p. 7: 01 entrada, 02 baixa, 06 alteração de vencimento, 47 alteração do valor nominal
  remessaKindCodes: { entrada: '01', baixa: '02', alteracao_vencimento: '06', alteracao_valor: '47' },
  reasonTables: SANTANDER_REASON_TABLES,
  reasonCodeSize: 3,
  channels: {},
  ourNumberOf: (line) => line.slice(62, 70).trim(),
  sequenceOf: (ourNumber) => sequenceOf(ourNumber),
  beneficiaryOf: (h) => stripLeadingZeros(h.account || '0'),
  writer: {
    accountValues(account) {
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      const agencia = fromBoletoEngine('account.agency', () => agencyDigits(account.agency));
      const conta = santanderAccount400(account);
      return { tipoInscricao: company.type === '1' ? '01' : '02', numeroInscricao: company.digits, agencia, ...conta, contaCobranca: conta.conta, nomeEmpresa: account.beneficiaryName };
    },
    detailDefaults(account) {
      // espécie 01 duplicata, não aceite; 07 não protestar (nota 13: "00" would take the profile's
      // protest) and 04 não baixar — our baixas are explicit instructions
      return { codigoCarteira: WALLET_CODE[wallet(account)], codigoMulta: '0', especie: '01', aceite: 'N', instrucao1: '07', instrucao2: '04', agenciaCobradora: 0, diasProtesto: 0 };
    },
    ourNumberValues(account, sequence) {
      const nn = ourNumber400(account, sequence);
      return { values: { nossoNumero: nn, nossoNumeroConfirmacao: nn }, ourNumber: nn };
    },
    fineValues,
  },
};
