import { alpha, blanks, date, fixed, money, num } from '../record/field-spec.js';
import { defineRecord } from '../record/record-layout.js';
import type { FieldSpec } from '../record/field-spec.js';

/**
 * FEBRABAN CNAB 240 v10.x, Cobrança detail records (registro 3): segments P, Q and R of a remessa
 * (entrada and instructions) and T, U of a retorno. Positions as in the manual; the bank profiles
 * override the account and nosso-número ranges (banks/*.ts).
 */

function detailStart(segment: string): FieldSpec[] {
  return [
    num('codigoBanco', 1, 3, 3),
    num('lote', 4, 7, 4),
    fixed('tipoRegistro', 8, 8, '3'),
    num('numeroRegistro', 9, 13, 5),
    fixed('segmento', 14, 14, segment),
    blanks(15, 15),
    num('codigoMovimento', 16, 17, 2),
  ];
}

export const SEGMENT_P = defineRecord('segmento P', 240, [
  ...detailStart('P'),
  num('agencia', 18, 22, 5),
  alpha('agenciaDv', 23, 23, 1),
  num('conta', 24, 35, 12),
  alpha('contaDv', 36, 36, 1),
  alpha('agenciaContaDv', 37, 37, 1),
  alpha('nossoNumero', 38, 57, 20),
  num('carteira', 58, 58, 1), // 1 cobrança simples
  num('formaCadastramento', 59, 59, 1), // 1 com cadastramento (registrada)
  alpha('tipoDocumento', 60, 60, 1), // 1 tradicional, 2 escritural
  num('emissaoBoleto', 61, 61, 1), // 2 = o cliente emite
  alpha('distribuicaoBoleto', 62, 62, 1), // 2 = o cliente distribui
  alpha('numeroDocumento', 63, 77, 15),
  date('vencimento', 78, 85),
  money('valorTitulo', 86, 100, 15),
  num('agenciaCobradora', 101, 105, 5),
  alpha('agenciaCobradoraDv', 106, 106, 1),
  num('especieTitulo', 107, 108, 2), // 02 DM duplicata mercantil
  alpha('aceite', 109, 109, 1),
  date('dataEmissao', 110, 117),
  num('codigoJuros', 118, 118, 1), // 1 valor por dia, 2 taxa mensal, 3 isento
  date('dataJuros', 119, 126),
  money('valorJuros', 127, 141, 15), // centavos per day (code 1) or % a.m. with 2 decimals (code 2)
  num('codigoDesconto1', 142, 142, 1),
  date('dataDesconto1', 143, 150),
  money('valorDesconto1', 151, 165, 15),
  money('valorIof', 166, 180, 15),
  money('valorAbatimento', 181, 195, 15),
  alpha('usoEmpresa', 196, 220, 25),
  num('codigoProtesto', 221, 221, 1), // 3 não protestar
  num('prazoProtesto', 222, 223, 2),
  num('codigoBaixa', 224, 224, 1), // 1 baixar/devolver, 2 não baixar
  num('prazoBaixa', 225, 227, 3),
  num('codigoMoeda', 228, 229, 2), // 09 real
  num('numeroContrato', 230, 239, 10),
  blanks(240, 240),
]);

export const SEGMENT_Q = defineRecord('segmento Q', 240, [
  ...detailStart('Q'),
  num('tipoInscricaoPagador', 18, 18, 1), // 1 CPF, 2 CNPJ
  num('numeroInscricaoPagador', 19, 33, 15),
  alpha('nomePagador', 34, 73, 40),
  alpha('enderecoPagador', 74, 113, 40),
  alpha('bairroPagador', 114, 128, 15),
  num('cepPagador', 129, 133, 5),
  num('sufixoCepPagador', 134, 136, 3),
  alpha('cidadePagador', 137, 151, 15),
  alpha('ufPagador', 152, 153, 2),
  num('tipoInscricaoAvalista', 154, 154, 1),
  num('numeroInscricaoAvalista', 155, 169, 15),
  alpha('nomeAvalista', 170, 209, 40),
  num('bancoCorrespondente', 210, 212, 3),
  alpha('nossoNumeroCorrespondente', 213, 232, 20),
  blanks(233, 240),
]);

export const SEGMENT_R = defineRecord('segmento R', 240, [
  ...detailStart('R'),
  num('codigoDesconto2', 18, 18, 1),
  date('dataDesconto2', 19, 26),
  money('valorDesconto2', 27, 41, 15),
  num('codigoDesconto3', 42, 42, 1),
  date('dataDesconto3', 43, 50),
  money('valorDesconto3', 51, 65, 15),
  num('codigoMulta', 66, 66, 1), // 0 sem multa, 1 valor fixo, 2 percentual
  date('dataMulta', 67, 74),
  money('valorMulta', 75, 89, 15), // centavos (code 1) or % with 2 decimals (code 2)
  alpha('informacaoPagador', 90, 99, 10),
  alpha('mensagem3', 100, 139, 40),
  alpha('mensagem4', 140, 179, 40),
  blanks(180, 199),
  num('codigoOcorrenciaPagador', 200, 207, 8),
  num('bancoDebito', 208, 210, 3),
  num('agenciaDebito', 211, 215, 5),
  alpha('agenciaDebitoDv', 216, 216, 1),
  num('contaDebito', 217, 228, 12),
  alpha('contaDebitoDv', 229, 229, 1),
  alpha('agenciaContaDebitoDv', 230, 230, 1),
  num('avisoDebitoAutomatico', 231, 231, 1),
  blanks(232, 240),
]);

export const SEGMENT_T = defineRecord('segmento T', 240, [
  ...detailStart('T'),
  num('agencia', 18, 22, 5),
  alpha('agenciaDv', 23, 23, 1),
  num('conta', 24, 35, 12),
  alpha('contaDv', 36, 36, 1),
  alpha('agenciaContaDv', 37, 37, 1),
  alpha('nossoNumero', 38, 57, 20),
  num('carteira', 58, 58, 1),
  alpha('numeroDocumento', 59, 73, 15),
  date('vencimento', 74, 81),
  money('valorTitulo', 82, 96, 15),
  num('bancoCobrador', 97, 99, 3),
  num('agenciaCobradora', 100, 104, 5),
  alpha('agenciaCobradoraDv', 105, 105, 1),
  alpha('usoEmpresa', 106, 130, 25),
  num('codigoMoeda', 131, 132, 2),
  num('tipoInscricaoPagador', 133, 133, 1),
  num('numeroInscricaoPagador', 134, 148, 15),
  alpha('nomePagador', 149, 188, 40),
  num('numeroContrato', 189, 198, 10),
  money('valorTarifa', 199, 213, 15),
  alpha('motivoOcorrencia', 214, 223, 10), // up to five 2-character codes
  blanks(224, 240),
]);

export const SEGMENT_U = defineRecord('segmento U', 240, [
  ...detailStart('U'),
  money('jurosMultaEncargos', 18, 32, 15),
  money('valorDesconto', 33, 47, 15),
  money('valorAbatimento', 48, 62, 15),
  money('valorIof', 63, 77, 15),
  money('valorPago', 78, 92, 15),
  money('valorLiquido', 93, 107, 15),
  money('outrasDespesas', 108, 122, 15),
  money('outrosCreditos', 123, 137, 15),
  date('dataOcorrencia', 138, 145),
  date('dataCredito', 146, 153),
  alpha('codigoOcorrenciaPagador', 154, 157, 4),
  date('dataOcorrenciaPagador', 158, 165),
  money('valorOcorrenciaPagador', 166, 180, 15),
  alpha('complementoOcorrenciaPagador', 181, 210, 30),
  num('bancoCorrespondente', 211, 213, 3),
  alpha('nossoNumeroCorrespondente', 214, 233, 20),
  blanks(234, 240),
]);
