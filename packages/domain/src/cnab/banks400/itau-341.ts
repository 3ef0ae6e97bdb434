import { itauAccountDac, itauAccountDigits, itauProfile } from '../../boleto/campo-livre/itau.js';
import { agencyDigits } from '../../boleto/digits.js';
import type { CnabAccount, CnabFileHeader } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import type { Layout400 } from '../layout400/layout-400.js';
import { alpha, blanks, date, date6, fixed, money, num, zeros } from '../record/field-spec.js';
import { defineRecord } from '../record/record-layout.js';
import { fromBoletoEngine, inscription, isDigits, stripLeadingZeros } from '../banks/account-parts.js';
import type { CnabBankProfile400 } from './cnab400-bank-profile.js';
import { ITAU_CHANNELS, ITAU_MOVEMENT_CATEGORIES, ITAU_REASON_TABLES, ITAU_REMESSA_MOVEMENTS, ITAU_RETORNO_MOVEMENTS } from './itau-341-codes.js';

/**
 * Itaú Unibanco (341) CNAB 400 Cobrança, "Cobrança CNAB 400 — Layout de Arquivos" (February 2016,
 * brcobranca's docs/Itau/layout_cobranca_400bytes_cnab_itau.pdf). Each table cites its page; the
 * positions are the manual's "De/Até". The Pix record (type 3) is newer than that manual: its
 * positions are those laravel-boleto's Itaú reader uses (src/Cnab/Retorno/Cnab400/Banco/Itau.php).
 */

const seq = () => num('numeroSequencialRegistro', 395, 400, 6);

/** p. 7, "Arquivo remessa – registro header de arquivo". */
const REMESSA_HEADER = defineRecord('341 header de remessa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '0'),
  fixed('codigoRemessaRetorno', 2, 2, '1'),
  fixed('literalRemessa', 3, 9, 'REMESSA'),
  fixed('codigoServico', 10, 11, '01'),
  fixed('literalServico', 12, 26, 'COBRANCA       '),
  num('agencia', 27, 30, 4),
  zeros(31, 32),
  num('conta', 33, 37, 5),
  num('contaDv', 38, 38, 1),
  blanks(39, 46),
  alpha('nomeEmpresa', 47, 76, 30),
  fixed('codigoBanco', 77, 79, '341'),
  fixed('nomeBanco', 80, 94, 'BANCO ITAU SA  '),
  date6('dataGeracao', 95, 100),
  blanks(101, 394),
  seq(),
]);

/** p. 8, "Arquivo remessa – registro detalhe (obrigatório)". */
const REMESSA_DETAIL = defineRecord('341 detalhe de remessa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '1'),
  num('tipoInscricao', 2, 3, 2),
  num('numeroInscricao', 4, 17, 14),
  num('agencia', 18, 21, 4),
  zeros(22, 23),
  num('conta', 24, 28, 5),
  num('contaDv', 29, 29, 1),
  blanks(30, 33),
  num('instrucaoCancelada', 34, 37, 4),
  alpha('usoEmpresa', 38, 62, 25),
  num('nossoNumero', 63, 70, 8),
  num('quantidadeMoeda', 71, 83, 13),
  num('carteira', 84, 86, 3),
  blanks(87, 107),
  alpha('codigoCarteira', 108, 108, 1),
  num('codigoOcorrencia', 109, 110, 2),
  alpha('numeroDocumento', 111, 120, 10),
  date6('vencimento', 121, 126),
  money('valorTitulo', 127, 139, 13),
  fixed('codigoBanco', 140, 142, '341'),
  num('agenciaCobradora', 143, 147, 5),
  alpha('especie', 148, 149, 2),
  alpha('aceite', 150, 150, 1),
  date6('dataEmissao', 151, 156),
  alpha('instrucao1', 157, 158, 2),
  alpha('instrucao2', 159, 160, 2),
  money('jurosDia', 161, 173, 13),
  date6('descontoAte', 174, 179),
  money('valorDesconto', 180, 192, 13),
  money('valorIof', 193, 205, 13),
  money('valorAbatimento', 206, 218, 13),
  num('tipoInscricaoPagador', 219, 220, 2),
  num('numeroInscricaoPagador', 221, 234, 14),
  alpha('nomePagador', 235, 264, 30),
  blanks(265, 274),
  alpha('enderecoPagador', 275, 314, 40),
  alpha('bairroPagador', 315, 326, 12),
  num('cepPagador', 327, 334, 8),
  alpha('cidadePagador', 335, 349, 15),
  alpha('ufPagador', 350, 351, 2),
  alpha('sacadorAvalista', 352, 381, 30),
  blanks(382, 385),
  date6('dataMora', 386, 391),
  num('prazo', 392, 393, 2),
  blanks(394, 394),
  seq(),
]);

/** p. 9, "Registro detalhe (opcional – complemento detalhe – multa)"; nota 35: 2 = percentual. */
const REMESSA_FINE = defineRecord('341 registro de multa (400)', 400, [
  fixed('tipoRegistro', 1, 1, '2'),
  alpha('codigoMulta', 2, 2, 1),
  date('dataMulta', 3, 10),
  num('valorMulta', 11, 23, 13),
  blanks(24, 394),
  seq(),
]);

/** p. 12, trailer of the remessa: type 9, blanks, sequence. */
const REMESSA_TRAILER = defineRecord('341 trailer de remessa (400)', 400, [fixed('tipoRegistro', 1, 1, '9'), blanks(2, 394), seq()]);

/** p. 13, "Arquivo retorno – registro header de arquivo". */
const RETORNO_HEADER = defineRecord('341 header de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '0'),
  alpha('codigoRemessaRetorno', 2, 2, 1),
  alpha('literalRetorno', 3, 9, 7),
  alpha('codigoServico', 10, 11, 2),
  alpha('literalServico', 12, 26, 15),
  num('agencia', 27, 30, 4),
  zeros(31, 32),
  num('conta', 33, 37, 5),
  num('contaDv', 38, 38, 1),
  blanks(39, 46),
  alpha('nomeEmpresa', 47, 76, 30),
  alpha('codigoBanco', 77, 79, 3),
  alpha('nomeBanco', 80, 94, 15),
  date6('dataGeracao', 95, 100),
  alpha('densidade', 101, 105, 5),
  alpha('unidadeDensidade', 106, 108, 3),
  num('numeroSequencialArquivo', 109, 113, 5),
  date6('dataCreditoArquivo', 114, 119),
  blanks(120, 394),
  seq(),
]);

/** p. 14, "Arquivo retorno – registro detalhe". */
const RETORNO_DETAIL = defineRecord('341 detalhe de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '1'),
  num('tipoInscricao', 2, 3, 2),
  num('numeroInscricao', 4, 17, 14),
  num('agencia', 18, 21, 4),
  zeros(22, 23),
  num('conta', 24, 28, 5),
  num('contaDv', 29, 29, 1),
  blanks(30, 37),
  alpha('usoEmpresa', 38, 62, 25),
  num('nossoNumero', 63, 70, 8),
  blanks(71, 82),
  num('carteira', 83, 85, 3),
  num('nossoNumeroCarteira', 86, 93, 8),
  num('nossoNumeroDac', 94, 94, 1),
  blanks(95, 107),
  alpha('codigoCarteira', 108, 108, 1),
  num('codigoOcorrencia', 109, 110, 2),
  date6('dataOcorrencia', 111, 116),
  alpha('numeroDocumento', 117, 126, 10),
  num('nossoNumeroConfirmacao', 127, 134, 8),
  blanks(135, 146),
  date6('vencimento', 147, 152),
  money('valorTitulo', 153, 165, 13),
  num('bancoCobrador', 166, 168, 3),
  num('agenciaCobradora', 169, 173, 5),
  alpha('especie', 174, 175, 2),
  money('valorTarifa', 176, 188, 13),
  blanks(189, 214),
  money('valorIof', 215, 227, 13),
  money('valorAbatimento', 228, 240, 13),
  money('valorDesconto', 241, 253, 13),
  money('valorLiquido', 254, 266, 13), // "valor principal: valor lançado em conta corrente"
  money('jurosMulta', 267, 279, 13),
  money('outrosCreditos', 280, 292, 13),
  alpha('boletoDda', 293, 293, 1),
  blanks(294, 295),
  date6('dataCredito', 296, 301),
  alpha('instrucaoCancelada', 302, 305, 4),
  alpha('complementoOcorrencia', 306, 324, 19), // nota 20: data/valor complementares (24, 25)
  alpha('nomePagador', 325, 354, 30),
  blanks(355, 377),
  alpha('motivos', 378, 385, 8), // nota 20: até quatro códigos de erro
  blanks(386, 392),
  alpha('canal', 393, 394, 2), // nota 28: código de liquidação
  seq(),
]);

/** p. 17, "Arquivo retorno – registro trailer". */
const RETORNO_TRAILER = defineRecord('341 trailer de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '9'),
  alpha('codigoRetorno', 2, 2, 1),
  alpha('codigoServico', 3, 4, 2),
  alpha('codigoBanco', 5, 7, 3),
  blanks(8, 17),
  num('quantidadeSimples', 18, 25, 8),
  money('valorSimples', 26, 39, 14),
  alpha('avisoSimples', 40, 47, 8),
  blanks(48, 57),
  num('quantidadeVinculada', 58, 65, 8),
  money('valorVinculada', 66, 79, 14),
  alpha('avisoVinculada', 80, 87, 8),
  blanks(88, 177),
  num('quantidadeDireta', 178, 185, 8),
  money('valorDireta', 186, 199, 14),
  alpha('avisoDireta', 200, 207, 8),
  num('numeroSequencialArquivo', 208, 212, 5),
  num('quantidadeDetalhes', 213, 220, 8),
  money('valorTotal', 221, 234, 14),
  blanks(235, 394),
  seq(),
]);

/** Pix record after a detail (laravel-boleto's Itaú reader): the copia-e-cola text and an error code. */
const RETORNO_PIX = defineRecord('341 registro Pix (400)', 400, [
  fixed('tipoRegistro', 1, 1, '3'),
  alpha('pixCopiaECola', 2, 391, 390),
  alpha('pixErro', 392, 394, 3),
  seq(),
]);

const layout: Layout400 = {
  remessaHeader: REMESSA_HEADER,
  remessaDetail: REMESSA_DETAIL,
  remessaFine: REMESSA_FINE,
  remessaTrailer: REMESSA_TRAILER,
  retornoHeader: RETORNO_HEADER,
  retornoDetail: RETORNO_DETAIL,
  retornoTrailer: RETORNO_TRAILER,
  retornoExtras: { '3': { description: 'registro Pix (tipo 3)', kind: 'pix', layout: RETORNO_PIX } },
};

/** Nota 5 (p. 21): código da carteira — "I" for the carteiras we issue; U, 1 and E for 150, 191 and 147. */
const WALLET_CODE: Readonly<Record<string, string>> = { '150': 'U', '191': '1', '147': 'E' };

function wallet(account: CnabAccount): string {
  const w = account.wallet.trim();
  if (!/^\d{3}$/.test(w)) throw new CnabError('ENTRADA_INVALIDA', 'Carteira Itaú deve ter 3 dígitos (ex. 109).', { field: 'account.wallet' });
  return w;
}

function agencyAndAccount(account: CnabAccount): { agencia: string; conta: string; contaDv: string } {
  return fromBoletoEngine('account.agency', () => {
    const agencia = agencyDigits(account.agency);
    const conta = itauAccountDigits({ account: account.account, beneficiaryCode: account.beneficiaryCode });
    return { agencia, conta, contaDv: itauAccountDac(agencia, conta) };
  });
}

function sequenceOf(ourNumber: string): string | null {
  return isDigits(ourNumber) ? stripLeadingZeros(ourNumber) : null;
}

export const itau341: CnabBankProfile400 = {
  code: '341',
  name: 'BANCO ITAU SA',
  layout,
  retornoMovements: ITAU_RETORNO_MOVEMENTS,
  movementCategories: ITAU_MOVEMENT_CATEGORIES,
  remessaMovements: ITAU_REMESSA_MOVEMENTS,
  remessaKindCodes: { entrada: '01', baixa: '02', alteracao_vencimento: '06', alteracao_valor: '31' },
  reasonTables: ITAU_REASON_TABLES,
  reasonCodeSize: 2,
  channels: ITAU_CHANNELS,
  ourNumberOf: (line) => line.slice(62, 70).trim(),
  sequenceOf: (ourNumber: string, _header: CnabFileHeader | null) => sequenceOf(ourNumber),
  beneficiaryOf: (h) => stripLeadingZeros(h.account || '0'),
  writer: {
    accountValues(account) {
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      return {
        tipoInscricao: company.type === '1' ? '01' : '02',
        numeroInscricao: company.digits,
        ...agencyAndAccount(account),
        nomeEmpresa: account.beneficiaryName,
      };
    },
    detailDefaults(account) {
      const w = wallet(account);
      // espécie 01 duplicata mercantil (nota 10), não aceite, no instructions, zero protest term
      return { carteira: w, codigoCarteira: WALLET_CODE[w] ?? 'I', especie: '01', aceite: 'N', instrucao1: '00', instrucao2: '00', agenciaCobradora: 0, prazo: 0 };
    },
    ourNumberValues(account, sequence) {
      const { agencia, conta } = agencyAndAccount(account);
      const input = { agency: agencia, account: conta, beneficiaryCode: account.beneficiaryCode, wallet: wallet(account), ourNumber: sequence };
      const formatted = fromBoletoEngine('ourNumber', () => {
        itauProfile.buildCampoLivre(input);
        return itauProfile.ourNumberFormatted(input); // "109/00000011-4"
      });
      const nn = formatted.slice(4, 12);
      return { values: { nossoNumero: nn, nossoNumeroCarteira: nn, nossoNumeroDac: formatted.slice(13), nossoNumeroConfirmacao: nn }, ourNumber: nn };
    },
  },
};
