import { alpha, blanks, date, fixed, money, num } from '../record/field-spec.js';
import { defineRecord } from '../record/record-layout.js';

/**
 * FEBRABAN "Layout Padrão de Arquivos CNAB 240" v10.x, service 01 (Cobrança): the records that
 * frame a file — header de arquivo (registro 0), header de lote (1), trailer de lote (5) and
 * trailer de arquivo (9). Field names follow the manual's descriptions; a bank profile replaces
 * only the ranges where its own manual differs (banks/*.ts).
 */

export const FILE_HEADER = defineRecord('header de arquivo', 240, [
  num('codigoBanco', 1, 3, 3),
  fixed('lote', 4, 7, '0000'),
  fixed('tipoRegistro', 8, 8, '0'),
  blanks(9, 17),
  num('tipoInscricao', 18, 18, 1),
  num('numeroInscricao', 19, 32, 14),
  alpha('convenio', 33, 52, 20),
  num('agencia', 53, 57, 5),
  alpha('agenciaDv', 58, 58, 1),
  num('conta', 59, 70, 12),
  alpha('contaDv', 71, 71, 1),
  alpha('agenciaContaDv', 72, 72, 1),
  alpha('nomeEmpresa', 73, 102, 30),
  alpha('nomeBanco', 103, 132, 30),
  blanks(133, 142),
  num('codigoRemessaRetorno', 143, 143, 1), // 1 remessa, 2 retorno
  date('dataGeracao', 144, 151),
  num('horaGeracao', 152, 157, 6),
  num('numeroSequencialArquivo', 158, 163, 6),
  num('versaoLayoutArquivo', 164, 166, 3),
  num('densidade', 167, 171, 5),
  alpha('reservadoBanco', 172, 191, 20),
  alpha('reservadoEmpresa', 192, 211, 20),
  blanks(212, 240),
]);

export const LOT_HEADER = defineRecord('header de lote', 240, [
  num('codigoBanco', 1, 3, 3),
  num('lote', 4, 7, 4),
  fixed('tipoRegistro', 8, 8, '1'),
  alpha('tipoOperacao', 9, 9, 1), // R remessa, T retorno
  fixed('tipoServico', 10, 11, '01'), // 01 = cobrança
  blanks(12, 13),
  num('versaoLayoutLote', 14, 16, 3),
  blanks(17, 17),
  num('tipoInscricao', 18, 18, 1),
  num('numeroInscricao', 19, 33, 15),
  alpha('convenio', 34, 53, 20),
  num('agencia', 54, 58, 5),
  alpha('agenciaDv', 59, 59, 1),
  num('conta', 60, 71, 12),
  alpha('contaDv', 72, 72, 1),
  alpha('agenciaContaDv', 73, 73, 1),
  alpha('nomeEmpresa', 74, 103, 30),
  alpha('mensagem1', 104, 143, 40),
  alpha('mensagem2', 144, 183, 40),
  num('numeroRemessaRetorno', 184, 191, 8),
  date('dataGravacao', 192, 199),
  date('dataCredito', 200, 207),
  blanks(208, 240),
]);

export const LOT_TRAILER = defineRecord('trailer de lote', 240, [
  num('codigoBanco', 1, 3, 3),
  num('lote', 4, 7, 4),
  fixed('tipoRegistro', 8, 8, '5'),
  blanks(9, 17),
  num('quantidadeRegistros', 18, 23, 6), // header and trailer of the lot included
  num('quantidadeCobrancaSimples', 24, 29, 6),
  money('valorCobrancaSimples', 30, 46, 17),
  num('quantidadeCobrancaVinculada', 47, 52, 6),
  money('valorCobrancaVinculada', 53, 69, 17),
  num('quantidadeCobrancaCaucionada', 70, 75, 6),
  money('valorCobrancaCaucionada', 76, 92, 17),
  num('quantidadeCobrancaDescontada', 93, 98, 6),
  money('valorCobrancaDescontada', 99, 115, 17),
  alpha('numeroAvisoLancamento', 116, 123, 8),
  blanks(124, 240),
]);

export const FILE_TRAILER = defineRecord('trailer de arquivo', 240, [
  num('codigoBanco', 1, 3, 3),
  fixed('lote', 4, 7, '9999'),
  fixed('tipoRegistro', 8, 8, '9'),
  blanks(9, 17),
  num('quantidadeLotes', 18, 23, 6),
  num('quantidadeRegistros', 24, 29, 6), // every record of the file, both headers and trailers included
  alpha('quantidadeContas', 30, 35, 6), // conciliação bancária only; blank in cobrança
  blanks(36, 240),
]);
