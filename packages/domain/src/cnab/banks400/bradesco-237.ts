import type { CodeTable, MovementCategory } from '../codes/movement-codes.js';
import type { Layout400 } from '../layout400/layout-400.js';
import { alpha, blanks, date6, fixed, money, num } from '../record/field-spec.js';
import { defineRecord } from '../record/record-layout.js';
import { isDigits, stripLeadingZeros } from '../banks/account-parts.js';
import type { CnabBankProfile400 } from './cnab400-bank-profile.js';

/**
 * Bradesco (237) CNAB 400 Cobrança — retorno only for now: "Layout de Cobrança – versão português"
 * (4008-524-0121, brcobranca's docs/Bradesco/). Header p. 38-39, registro de transação tipo 1
 * pp. 39-41, ocorrências p. 45-46 (nota of 109-110), origem do pagamento (302-304) p. 47. The
 * remessa tables and the writer are not transcribed yet (issue 30): Bradesco retornos are read,
 * not written. The Pix record (type 4: location 29-105, txid 106-140) follows laravel-boleto's
 * Bradesco reader (src/Cnab/Retorno/Cnab400/Banco/Bradesco.php); the manual predates Pix.
 */

const seq = () => num('numeroSequencialRegistro', 395, 400, 6);

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
  remessaHeader: null,
  remessaDetail: null,
  remessaFine: null,
  remessaTrailer: null,
  retornoHeader: RETORNO_HEADER,
  retornoDetail: RETORNO_DETAIL,
  retornoTrailer: RETORNO_TRAILER,
  retornoExtras: { '4': { description: 'registro Pix (tipo 4)', kind: 'pix', layout: RETORNO_PIX } },
};

/** Nota of 109-110, "Identificação de ocorrência" (pp. 45-46). */
const BRADESCO_RETORNO_MOVEMENTS: CodeTable = {
  '02': 'Entrada confirmada',
  '03': 'Entrada rejeitada',
  '06': 'Liquidação normal',
  '09': 'Baixado automaticamente via arquivo',
  '10': 'Baixado conforme instruções da agência',
  '11': 'Em ser – arquivo de títulos pendentes',
  '12': 'Abatimento concedido',
  '13': 'Abatimento cancelado',
  '14': 'Vencimento alterado',
  '15': 'Liquidação em cartório',
  '16': 'Título pago em cheque – vinculado',
  '17': 'Liquidação após baixa ou título não registrado',
  '18': 'Acerto de depositária',
  '19': 'Confirmação de recebimento de instrução de protesto',
  '20': 'Confirmação de recebimento de instrução de sustação de protesto',
  '21': 'Acerto do controle do participante',
  '22': 'Título com pagamento cancelado',
  '23': 'Entrada do título em cartório',
  '24': 'Entrada rejeitada por CEP irregular',
  '25': 'Confirmação de recebimento de instrução de protesto falimentar',
  '27': 'Baixa rejeitada',
  '28': 'Débito de tarifas/custas',
  '29': 'Ocorrências do pagador',
  '30': 'Alteração de outros dados rejeitada',
  '32': 'Instrução rejeitada',
  '33': 'Confirmação de pedido de alteração de outros dados',
  '34': 'Retirado de cartório e manutenção em carteira',
  '35': 'Desagendamento do débito automático',
  '40': 'Estorno de pagamento',
  '55': 'Sustado judicial',
  '68': 'Acerto dos dados do rateio de crédito',
  '69': 'Cancelamento dos dados do rateio',
  '73': 'Confirmação de recebimento de pedido de negativação',
  '74': 'Confirmação de pedido de exclusão de negativação',
};

const BRADESCO_MOVEMENT_CATEGORIES: Readonly<Record<string, MovementCategory>> = {
  '02': 'entrada',
  '03': 'rejeicao',
  '24': 'rejeicao',
  '27': 'rejeicao',
  '30': 'rejeicao',
  '32': 'rejeicao',
  '06': 'liquidacao',
  '15': 'liquidacao',
  '17': 'liquidacao',
  '09': 'baixa',
  '10': 'baixa',
  '28': 'tarifa',
};

/** Motivos of an entrada rejeitada (03), as laravel-boleto's Bradesco reader words them. */
const ENTRADA_REJEITADA: CodeTable = {
  '02': 'Código do registro detalhe inválido',
  '03': 'Código da ocorrência inválida',
  '04': 'Código de ocorrência não permitida para a carteira',
  '05': 'Código de ocorrência não numérico',
  '07': 'Agência/conta/dígito inválido',
  '08': 'Nosso número inválido',
  '09': 'Nosso número duplicado',
  '10': 'Carteira inválida',
  '13': 'Identificação da emissão do boleto inválida',
  '16': 'Data de vencimento inválida',
  '18': 'Vencimento fora do prazo de operação',
  '20': 'Valor do título inválido',
  '21': 'Espécie do título inválida',
  '22': 'Espécie não permitida para a carteira',
  '24': 'Data de emissão inválida',
  '28': 'Código do desconto inválido',
  '38': 'Prazo para protesto/negativação inválido',
  '44': 'Agência do beneficiário não prevista',
  '45': 'Nome do pagador não informado',
  '46': 'Tipo/número de inscrição do pagador inválidos',
  '47': 'Endereço do pagador não informado',
  '48': 'CEP inválido',
  '50': 'CEP irregular – banco correspondente',
  '63': 'Entrada para título já cadastrado',
  '65': 'Limite excedido',
  '66': 'Número de autorização inexistente',
};

/** "Origens pagamento" (302-304, p. 47). */
const BRADESCO_CHANNELS: CodeTable = {
  '001': 'Guichê de caixa – CICS (AT00)',
  '007': 'Guichê de caixa – terminal gerencial CBCA PF8',
  '010': 'Guichê de caixa – terminal gerencial CBCA senhas',
  '074': 'Guichê de caixa – boca do caixa',
  '075': 'Guichê de caixa – retaguarda',
  '076': 'Guichê de caixa – subcentro',
  '002': 'BDN – multi saque',
  '024': 'BDN – terminal multifunção',
  '027': 'BDN – pagamento de contas',
  '014': 'Internet',
  '035': 'Internet – Net Empresa',
  '052': 'Internet – Shop Credit',
  '073': 'Internet – Pag For',
  '013': 'Fone Fácil',
  '067': 'Débito automático',
  '077': 'Cartão de crédito',
  '078': 'Compensação eletrônica',
  '082': 'Bradesco Expresso',
};

/** The nosso número without its DV (the 11 digits of 71-81), as our sequence. */
function sequenceOf(ourNumber: string): string | null {
  const digits = ourNumber.length === 12 ? ourNumber.slice(0, 11) : ourNumber;
  return isDigits(digits) ? stripLeadingZeros(digits) : null;
}

export const bradesco237: CnabBankProfile400 = {
  code: '237',
  name: 'BRADESCO',
  layout,
  retornoMovements: BRADESCO_RETORNO_MOVEMENTS,
  movementCategories: BRADESCO_MOVEMENT_CATEGORIES,
  remessaMovements: {},
  remessaKindCodes: { entrada: '01', baixa: '02', alteracao_vencimento: '06', alteracao_valor: '31' },
  reasonTables: { '03': ENTRADA_REJEITADA, '24': ENTRADA_REJEITADA },
  reasonCodeSize: 2,
  channels: BRADESCO_CHANNELS,
  ourNumberOf: (line) => line.slice(70, 82).trim(),
  sequenceOf: (ourNumber) => sequenceOf(ourNumber),
  // the header's "código da empresa" (27-46) identifies the beneficiary
  beneficiaryOf: (h) => stripLeadingZeros(h.code || '0'),
  writer: null,
};
