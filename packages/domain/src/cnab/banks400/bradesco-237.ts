import { bradescoProfile } from '../../boleto/campo-livre/bradesco.js';
import { agencyDigits } from '../../boleto/digits.js';
import { addDays, type IsoDate } from '../../dates/calendar.js';
import type { CnabAccount, CnabFine, CnabPayer } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import type { Layout400 } from '../layout400/layout-400.js';
import { decimalTextToUnits, normalizeCnabText } from '../record/cnab-text.js';
import { alpha, blanks, date6, fixed, money, num, zeros } from '../record/field-spec.js';
import { defineRecord } from '../record/record-layout.js';
import { fromBoletoEngine, inscription, isDigits, stripLeadingZeros } from '../banks/account-parts.js';
import type { CnabBankProfile400 } from './cnab400-bank-profile.js';
import { BRADESCO_CHANNELS, BRADESCO_ENTRADA_REJEITADA, BRADESCO_MOVEMENT_CATEGORIES, BRADESCO_REMESSA_MOVEMENTS, BRADESCO_RETORNO_MOVEMENTS } from './bradesco-237-codes.js';

/**
 * Bradesco (237) CNAB 400 Cobrança, "Cobrança Bradesco — Layout de Arquivo CNAB 400" (4008-524-0121,
 * brcobranca's docs/Bradesco/), each table citing the manual's page. Remessa: header label p. 9
 * (notes p. 16), registro de transação tipo 1 pp. 10-11 (notes pp. 17-22), trailer p. 16. Retorno:
 * header pp. 38-39, registro tipo 1 pp. 39-41, ocorrências pp. 45-46 (nota of 109-110), origem do
 * pagamento (302-304) p. 47. The optional remessa records (tipo 2 mensagens/descontos, 3 rateio,
 * 6 and 7) are not written: a boleto we issue needs none of them, and reading one back is a
 * "linha não reconhecida". The Pix record (type 4: location 29-105, txid 106-140) follows
 * laravel-boleto's Bradesco reader (src/Cnab/Retorno/Cnab400/Banco/Bradesco.php); the manual
 * predates Pix.
 *
 * Unlike Itaú's, Bradesco's remessa carries the multa inside the detail (66 "campo de multa",
 * 67-70 percentual, p. 17: a percentage only, counted from the day after the due date) and has no
 * date for the juros (161-173, "valor a ser cobrado por dia de atraso", p. 21), and one 40-position
 * "endereço completo" instead of street, bairro, city and UF.
 */

const seq = () => num('numeroSequencialRegistro', 395, 400, 6);

/** p. 9, "Lay-out do Arquivo-Remessa – Registro Header Label" (notes p. 16). */
const REMESSA_HEADER = defineRecord('237 header de remessa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '0'),
  fixed('codigoRemessaRetorno', 2, 2, '1'),
  fixed('literalRemessa', 3, 9, 'REMESSA'),
  fixed('codigoServico', 10, 11, '01'),
  fixed('literalServico', 12, 26, 'COBRANCA       '),
  num('codigoEmpresa', 27, 46, 20), // given by Bradesco when the conta is registered (p. 16)
  alpha('nomeEmpresa', 47, 76, 30),
  fixed('codigoBanco', 77, 79, '237'),
  fixed('nomeBanco', 80, 94, 'BRADESCO       '),
  date6('dataGeracao', 95, 100),
  blanks(101, 108),
  fixed('identificacaoSistema', 109, 110, 'MX'),
  num('numeroSequencialArquivo', 111, 117, 7), // from 0000001, +1 per new file, never repeated (p. 16)
  blanks(118, 394),
  seq(),
]);

/** pp. 10-11, "Lay-out do Arquivo-Remessa – Registro de Transação – Tipo 1" (notes pp. 17-22). */
const REMESSA_DETAIL = defineRecord('237 detalhe de remessa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '1'),
  zeros(2, 20), // débito automático em conta do pagador (optional, p. 17): not offered
  fixed('zeroEmpresa', 21, 21, '0'), // 21-37 identificação da empresa: zero, carteira, agência, conta, DV (p. 17)
  num('carteiraEmpresa', 22, 24, 3),
  num('agenciaEmpresa', 25, 29, 5),
  num('contaEmpresa', 30, 36, 7),
  alpha('contaEmpresaDv', 37, 37, 1),
  alpha('usoEmpresa', 38, 62, 25), // nº controle do participante, confirmed in the retorno (p. 17)
  zeros(63, 65), // banco a ser debitado: zeros without débito automático (p. 17)
  num('codigoMulta', 66, 66, 1), // 0 sem multa, 2 percentual (p. 17)
  num('percentualMulta', 67, 70, 4), // 2 decimals
  alpha('nossoNumero', 71, 82, 12), // 11 digits + dígito de auto-conferência, 0-9 or P (pp. 17-19)
  zeros(83, 92), // desconto bonificação por dia: not used
  fixed('condicaoEmissao', 93, 93, '2'), // 2 = the beneficiary issues the boleto, the bank only registers it (p. 19)
  fixed('debitoAutomatico', 94, 94, 'N'),
  blanks(95, 104),
  alpha('indicadorRateio', 105, 105, 1), // "R" only with rateio de crédito contracted (p. 19)
  fixed('avisoDebito', 106, 106, '2'), // 2 = não emite aviso de débito (p. 19)
  alpha('pagamentoParcial', 107, 108, 2), // blank unless pagamento parcial is contracted (p. 20)
  num('codigoOcorrencia', 109, 110, 2), // p. 20
  alpha('numeroDocumento', 111, 120, 10),
  date6('vencimento', 121, 126),
  money('valorTitulo', 127, 139, 13),
  zeros(140, 142), // banco encarregado da cobrança
  zeros(143, 147), // agência depositária
  num('especie', 148, 149, 2), // 01 duplicata (p. 11)
  fixed('aceite', 150, 150, 'N'), // "identificação: sempre N"
  date6('dataEmissao', 151, 156),
  num('instrucao1', 157, 158, 2), // 00: no protest nor baixa por decurso (p. 20)
  num('instrucao2', 159, 160, 2),
  money('jurosDia', 161, 173, 13), // mora por dia de atraso, a value (p. 21)
  date6('descontoAte', 174, 179),
  money('valorDesconto', 180, 192, 13),
  money('valorIof', 193, 205, 13),
  money('valorAbatimento', 206, 218, 13),
  num('tipoInscricaoPagador', 219, 220, 2), // 01 CPF, 02 CNPJ
  num('numeroInscricaoPagador', 221, 234, 14),
  alpha('nomePagador', 235, 274, 40),
  alpha('enderecoPagador', 275, 314, 40), // "endereço completo"
  alpha('mensagem1', 315, 326, 12), // printed only on a boleto the bank issues (p. 22)
  num('cepPagador', 327, 334, 8), // CEP 327-331 and its sufixo 332-334
  alpha('sacadorAvalista', 335, 394, 60), // sacador/avalista or 2ª mensagem (p. 22)
  seq(),
]);

/** p. 16, "Lay-out do Arquivo-Remessa – Registro Trailler". */
const REMESSA_TRAILER = defineRecord('237 trailer de remessa (400)', 400, [fixed('tipoRegistro', 1, 1, '9'), blanks(2, 394), seq()]);

/** pp. 38-39, "Registro Header Label". */
const RETORNO_HEADER = defineRecord('237 header de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '0'),
  alpha('codigoRemessaRetorno', 2, 2, 1),
  alpha('literalRetorno', 3, 9, 7),
  alpha('codigoServico', 10, 11, 2),
  alpha('literalServico', 12, 26, 15),
  alpha('codigoEmpresa', 27, 46, 20),
  alpha('nomeEmpresa', 47, 76, 30),
  alpha('codigoBanco', 77, 79, 3),
  alpha('nomeBanco', 80, 94, 15),
  date6('dataGeracao', 95, 100),
  alpha('densidade', 101, 108, 8),
  num('numeroSequencialArquivo', 109, 113, 5), // "Nº aviso bancário"
  blanks(114, 379),
  date6('dataCreditoArquivo', 380, 385),
  blanks(386, 394),
  seq(),
]);

/** pp. 39-41, "Registro de transação – tipo 1". */
const RETORNO_DETAIL = defineRecord('237 detalhe de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '1'),
  num('tipoInscricao', 2, 3, 2),
  num('numeroInscricao', 4, 17, 14),
  alpha('zeros18', 18, 20, 3),
  alpha('identificacaoEmpresa', 21, 37, 17), // zero, carteira 3, agência 5, conta 7 + DV
  alpha('usoEmpresa', 38, 62, 25),
  alpha('zeros63', 63, 70, 8),
  alpha('nossoNumero', 71, 82, 12), // 11 digits + DV (0-9 or P)
  alpha('usoBanco83', 83, 104, 22),
  alpha('indicadorRateio', 105, 105, 1),
  alpha('pagamentoParcial', 106, 107, 2),
  alpha('carteira', 108, 108, 1),
  num('codigoOcorrencia', 109, 110, 2),
  date6('dataOcorrencia', 111, 116),
  alpha('numeroDocumento', 117, 126, 10),
  alpha('nossoNumeroConfirmacao', 127, 146, 20),
  date6('vencimento', 147, 152),
  money('valorTitulo', 153, 165, 13),
  num('bancoCobrador', 166, 168, 3),
  num('agenciaCobradora', 169, 173, 5),
  alpha('especie', 174, 175, 2),
  money('valorTarifa', 176, 188, 13), // "despesas de cobrança" (p. 46)
  money('outrasDespesas', 189, 201, 13),
  money('jurosOperacaoAtraso', 202, 214, 13),
  money('valorIof', 215, 227, 13),
  money('valorAbatimento', 228, 240, 13),
  money('valorDesconto', 241, 253, 13),
  money('valorPago', 254, 266, 13), // "valor total recebido" (p. 46)
  money('jurosMulta', 267, 279, 13),
  money('outrosCreditos', 280, 292, 13),
  blanks(293, 294),
  alpha('motivoProtesto', 295, 295, 1),
  date6('dataCredito', 296, 301),
  alpha('canal', 302, 304, 3), // origem do pagamento (p. 47)
  blanks(305, 314),
  alpha('bancoCheque', 315, 318, 4),
  alpha('motivos', 319, 328, 10), // até 5 motivos (p. 47)
  blanks(329, 368),
  alpha('numeroCartorio', 369, 370, 2),
  alpha('numeroProtocolo', 371, 380, 10),
  blanks(381, 394),
  seq(),
]);

/** The trailer's fields are not read (the sequence number is checked like every record's). */
const RETORNO_TRAILER = defineRecord('237 trailer de retorno (400)', 400, [fixed('tipoRegistro', 1, 1, '9'), alpha('trailer', 2, 394, 393), seq()]);

const RETORNO_PIX = defineRecord('237 registro Pix (400)', 400, [
  fixed('tipoRegistro', 1, 1, '4'),
  alpha('reservadoPix', 2, 28, 27),
  alpha('pixLocation', 29, 105, 77),
  alpha('pixTxid', 106, 140, 35),
  alpha('restoPix', 141, 394, 254),
  seq(),
]);

const layout: Layout400 = {
  remessaHeader: REMESSA_HEADER,
  remessaDetail: REMESSA_DETAIL,
  remessaFine: null, // the multa is in the detail (66-70)
  remessaTrailer: REMESSA_TRAILER,
  retornoHeader: RETORNO_HEADER,
  retornoDetail: RETORNO_DETAIL,
  retornoTrailer: RETORNO_TRAILER,
  retornoExtras: { '4': { description: 'registro Pix (tipo 4)', kind: 'pix', layout: RETORNO_PIX } },
};

/** The nosso número without its DV (the 11 digits of 71-81), as our sequence. */
function sequenceOf(ourNumber: string): string | null {
  const digits = ourNumber.length === 12 ? ourNumber.slice(0, 11) : ourNumber;
  return isDigits(digits) ? stripLeadingZeros(digits) : null;
}

function wallet(account: CnabAccount): string {
  const w = account.wallet.trim();
  if (!/^\d{1,2}$/.test(w)) throw new CnabError('ENTRADA_INVALIDA', 'Carteira Bradesco deve ter até 2 dígitos (ex. 09).', { field: 'account.wallet' });
  return w.padStart(2, '0');
}

/** Agência without its DV (the boleto's 4 digits), conta corrente (7) and its DV, which the identificação da empresa needs (p. 17). */
function agencyAndAccount(account: CnabAccount): { agencia: string; conta: string; contaDv: string } {
  const agencia = fromBoletoEngine('account.agency', () => agencyDigits(account.agency));
  const m = /^(\d{1,7})-([\dPp])$/.exec((account.account ?? '').trim());
  if (!m) throw new CnabError('ENTRADA_INVALIDA', 'Conta corrente Bradesco com o dígito, até 7 dígitos (ex. 1234567-1).', { field: 'account.account' });
  return { agencia, conta: m[1].padStart(7, '0'), contaDv: m[2].toUpperCase() };
}

function companyCode(account: CnabAccount): string {
  const code = account.beneficiaryCode.trim();
  if (!/^\d{1,20}$/.test(code)) {
    throw new CnabError('ENTRADA_INVALIDA', 'Código da empresa Bradesco: até 20 dígitos, o número que o banco informa no cadastramento da conta.', { field: 'account.beneficiaryCode' });
  }
  return code.padStart(20, '0');
}

/**
 * The 40-position "endereço completo": street, bairro and city/UF; when that is too long the bairro
 * is left out, then the city is cut to 15 (its size in other banks' layouts) and the street to what
 * remains, so the city and UF are always there.
 */
function fullAddress(payer: CnabPayer): string {
  const street = normalizeCnabText(payer.address);
  const city = normalizeCnabText(payer.city);
  const uf = normalizeCnabText(payer.uf);
  const place = `${city}/${uf}`;
  const district = normalizeCnabText(payer.district ?? '');
  const withDistrict = [street, district, place].filter((p) => p !== '').join(', ');
  if (withDistrict.length <= 40) return withDistrict;
  const withoutDistrict = `${street}, ${place}`;
  if (withoutDistrict.length <= 40) return withoutDistrict;
  const shortPlace = `${city.slice(0, 15).trimEnd()}/${uf}`;
  return `${street.slice(0, 40 - shortPlace.length - 2).trimEnd()}, ${shortPlace}`;
}

/** Multa in the detail (p. 17): a percentage with 2 decimals from the day after the due date — no amount, no other date. */
function fineValues(fine: CnabFine, dueDate: IsoDate) {
  if (fine.type !== 'percent') throw new CnabError('ENTRADA_INVALIDA', 'Bradesco (CNAB 400) recebe a multa só em percentual (posições 66 a 70).', { field: 'fine' });
  if (fine.date && fine.date !== addDays(dueDate, 1)) {
    throw new CnabError('ENTRADA_INVALIDA', `Bradesco (CNAB 400) cobra a multa a partir do dia seguinte ao vencimento; a data ${fine.date} não cabe no arquivo.`, { field: 'fine.date' });
  }
  const units = decimalTextToUnits(fine.percent, 2);
  if (units === null || units > 9999) throw new CnabError('ENTRADA_INVALIDA', `Percentual de multa inválido: "${fine.percent}".`, { field: 'fine.percent' });
  return { codigoMulta: units > 0 ? '2' : '0', percentualMulta: units };
}

export const bradesco237: CnabBankProfile400 = {
  code: '237',
  name: 'BRADESCO',
  layout,
  retornoMovements: BRADESCO_RETORNO_MOVEMENTS,
  movementCategories: BRADESCO_MOVEMENT_CATEGORIES,
  remessaMovements: BRADESCO_REMESSA_MOVEMENTS,
  // 20 "alteração de valor" (p. 20); the manual marks it for beneficiaries that contracted the service
  remessaKindCodes: { entrada: '01', baixa: '02', alteracao_vencimento: '06', alteracao_valor: '20' },
  reasonTables: { '03': BRADESCO_ENTRADA_REJEITADA, '24': BRADESCO_ENTRADA_REJEITADA },
  reasonCodeSize: 2,
  channels: BRADESCO_CHANNELS,
  ourNumberOf: (line) => line.slice(70, 82).trim(),
  sequenceOf: (ourNumber) => sequenceOf(ourNumber),
  // the header's "código da empresa" (27-46) identifies the beneficiary
  beneficiaryOf: (h) => stripLeadingZeros(h.code || '0'),
  writer: {
    accountValues(account) {
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      const { agencia, conta, contaDv } = agencyAndAccount(account);
      const carteira = wallet(account).padStart(3, '0');
      return {
        codigoEmpresa: companyCode(account),
        nomeEmpresa: account.beneficiaryName,
        tipoInscricao: company.type === '1' ? '01' : '02',
        numeroInscricao: company.digits,
        carteiraEmpresa: carteira,
        agenciaEmpresa: agencia,
        contaEmpresa: conta,
        contaEmpresaDv: contaDv,
        // the retorno's 21-37 holds the same identificação in one field
        identificacaoEmpresa: `0${carteira}${agencia.padStart(5, '0')}${conta}${contaDv}`,
      };
    },
    detailDefaults() {
      // espécie 01 duplicata, no protest nor baixa instructions (our baixas are explicit)
      return { especie: '01', instrucao1: '00', instrucao2: '00' };
    },
    ourNumberValues(account, sequence) {
      const { agencia, conta } = agencyAndAccount(account);
      const input = { agency: agencia, account: conta, beneficiaryCode: account.beneficiaryCode, wallet: wallet(account), ourNumber: sequence };
      const formatted = fromBoletoEngine('ourNumber', () => {
        bradescoProfile.buildCampoLivre(input);
        return bradescoProfile.ourNumberFormatted(input); // "09/00000000001-P"
      });
      const nn = formatted.slice(3, 14) + formatted.slice(15);
      return { values: { nossoNumero: nn }, ourNumber: nn };
    },
    payerValues: (payer) => ({ enderecoPagador: fullAddress(payer) }),
    fineValues,
  },
};
