import type { Layout400 } from '../layout400/layout-400.js';
import { alpha, blanks, date6, fixed, money, num } from '../record/field-spec.js';
import { defineRecord } from '../record/record-layout.js';
import { isDigits, stripLeadingZeros } from '../banks/account-parts.js';
import type { CnabBankProfile400 } from './cnab400-bank-profile.js';
import { BB400_CHANNELS, BB400_MOVEMENT_CATEGORIES, BB400_REASON_TABLES, BB400_RETORNO_MOVEMENTS } from './banco-do-brasil-001-codes.js';

/**
 * Banco do Brasil (001) CNAB 400 Cobrança, retorno only: "CNAB400/CBR643 — Layout de Arquivo
 * Retorno para convênios na faixa numérica entre 1.000.000 a 9.999.999 (convênios de 7
 * posições)", versão Jan/2014 (brcobranca's docs/Banco do Brasil/Doc2628CBR643Pos7.pdf). Header
 * p. 3, detalhe (registro 7) pp. 4-6, trailer p. 15, notas pp. 16-29; positions are the manual's
 * "Posição". brcobranca's and laravel-boleto's BB readers (retorno/cnab400/banco_brasil.rb,
 * src/Cnab/Retorno/Cnab400/Banco/Bb.php) read the same positions.
 *
 * The remessa (CBR641) is not transcribed: BB contas write CNAB 240 or work by the API, so the
 * tables below are the retorno's only and `writer` is null — writing refuses the bank in 400.
 * Detail type 1 (convênios of 6 digits, another manual) is not read: such a line stays "linha não
 * reconhecida". So do the optional type 5 records (e-mail, cheque, 15-position seu número, pp.
 * 12-13): none changes a title. BB's Pix record is not read either — no public source we could
 * check gives its positions (see docs/cnab.md).
 *
 * Money: "valor recebido" (254-266) is what the payer paid and "valor da tarifa" (182-188) the fee;
 * the credit is derived (paid − fee). The manual's own "valor do lançamento" (306-318, with its
 * débito/crédito sign in 319) is not used: when it equals the paid value the fee is debited later
 * on its own (nota f, p. 21), so it is not the title's net.
 */

const seq = () => num('numeroSequencialRegistro', 395, 400, 6);

/** p. 3, "Registro Header de Arquivo-Retorno". */
const RETORNO_HEADER = defineRecord('001 header de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '0'),
  alpha('codigoRemessaRetorno', 2, 2, 1),
  alpha('literalRetorno', 3, 9, 7),
  alpha('codigoServico', 10, 11, 2),
  alpha('literalServico', 12, 19, 8),
  alpha('complementoHeader', 20, 26, 7),
  alpha('agencia', 27, 30, 4), // prefixo da agência of the convênio líder
  alpha('agenciaDv', 31, 31, 1),
  alpha('conta', 32, 39, 8),
  alpha('contaDv', 40, 40, 1),
  alpha('zerosHeader', 41, 46, 6),
  alpha('nomeEmpresa', 47, 76, 30),
  alpha('codigoBanco', 77, 79, 3), // "001BANCODOBRASIL" is one 18-position literal in the manual
  alpha('nomeBanco', 80, 94, 15),
  date6('dataGeracao', 95, 100),
  num('numeroSequencialArquivo', 101, 107, 7), // nota 01: the bank's sequence of retornos
  blanks(108, 149),
  alpha('codigoEmpresa', 150, 156, 7), // número do convênio
  blanks(157, 394),
  seq(),
]);

/** pp. 4-6, "Registro Detalhe de Arquivo-Retorno" (7). */
const RETORNO_DETAIL = defineRecord('001 detalhe de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '7'),
  alpha('zerosDetalhe', 2, 17, 16),
  alpha('agencia', 18, 21, 4),
  alpha('agenciaDv', 22, 22, 1),
  alpha('conta', 23, 30, 8),
  alpha('contaDv', 31, 31, 1),
  alpha('convenio', 32, 38, 7),
  alpha('usoEmpresa', 39, 63, 25), // número de controle do participante
  alpha('nossoNumero', 64, 80, 17), // convênio 7 + sequence 10
  alpha('tipoCobranca', 81, 81, 1), // nota 02
  alpha('tipoCobrancaComando72', 82, 82, 1), // nota 03
  alpha('diasCalculo', 83, 86, 4), // nota 04
  alpha('motivos', 87, 88, 2), // nota 05, "natureza do recebimento": its meaning depends on the comando
  alpha('prefixoTitulo', 89, 91, 3),
  alpha('variacaoCarteira', 92, 94, 3),
  alpha('contaCaucao', 95, 95, 1),
  alpha('taxaDesconto', 96, 100, 5),
  alpha('taxaIof', 101, 105, 5), // the manual prints 9(004) for these 5 positions
  blanks(106, 106),
  alpha('carteira', 107, 108, 2),
  num('codigoOcorrencia', 109, 110, 2), // "comando", nota 07
  date6('dataOcorrencia', 111, 116), // "data de liquidação", the comando's date whatever it is
  alpha('numeroDocumento', 117, 126, 10), // seu número
  blanks(127, 146),
  date6('vencimento', 147, 152),
  money('valorTitulo', 153, 165, 13),
  num('bancoCobrador', 166, 168, 3), // nota 08: zeros when not informed
  num('agenciaCobradora', 169, 172, 4),
  alpha('agenciaCobradoraDv', 173, 173, 1),
  alpha('especie', 174, 175, 2),
  date6('dataCredito', 176, 181), // nota 10: liquidações only, else blanks
  money('valorTarifa', 182, 188, 7),
  money('outrasDespesas', 189, 201, 13),
  money('jurosDesconto', 202, 214, 13), // of a carteira descontada: not the title's money
  money('valorIof', 215, 227, 13),
  money('valorAbatimento', 228, 240, 13),
  money('valorDesconto', 241, 253, 13),
  money('valorPago', 254, 266, 13), // "valor recebido"
  money('jurosMulta', 267, 279, 13), // "juros de mora"
  money('outrosCreditos', 280, 292, 13), // "outros recebimentos"
  money('abatimentoNaoAproveitado', 293, 305, 13),
  money('valorLancamento', 306, 318, 13),
  alpha('indicativoDebitoCredito', 319, 319, 1), // nota 11
  alpha('indicadorValor', 320, 320, 1), // nota 12
  alpha('valorAjuste', 321, 332, 12), // nota 13
  alpha('cobrancaCompartilhada', 333, 390, 58), // nota 14: the shared-collection convênios and values
  alpha('liquidacaoParcial', 391, 391, 1), // nota 24
  blanks(392, 392),
  alpha('canal', 393, 394, 2), // nota 15
  seq(),
]);

/** p. 15, "Registro Trailler de Arquivo": totals per cobrança simples, vinculada, caucionada, descontada and vendor. */
const RETORNO_TRAILER = defineRecord('001 trailer de retorno (400)', 400, [
  fixed('tipoRegistro', 1, 1, '9'),
  alpha('codigoRetorno', 2, 2, 1),
  alpha('codigoServico', 3, 4, 2),
  alpha('codigoBanco', 5, 7, 3),
  blanks(8, 17),
  alpha('totaisPorCarteira', 18, 394, 377),
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
  retornoExtras: {},
};

/** The 17-digit nosso número is the 7-digit convênio and our 10-digit sequence. */
function sequenceOf(ourNumber: string): string | null {
  return ourNumber.length === 17 && isDigits(ourNumber) ? stripLeadingZeros(ourNumber.slice(7)) : null;
}

export const bancoDoBrasil001_400: CnabBankProfile400 = {
  code: '001',
  name: 'BANCO DO BRASIL',
  layout,
  retornoMovements: BB400_RETORNO_MOVEMENTS,
  movementCategories: BB400_MOVEMENT_CATEGORIES,
  remessaMovements: {},
  // never written (writer null): CBR641's comandos (01 registro, 02 baixa, 06 vencimento, nota 20);
  // it has none for the nominal value, hence the empty code
  remessaKindCodes: { entrada: '01', baixa: '02', alteracao_vencimento: '06', alteracao_valor: '' },
  reasonTables: BB400_REASON_TABLES,
  reasonCodeSize: 2,
  channels: BB400_CHANNELS,
  ourNumberOf: (line) => line.slice(63, 80).trim(),
  sequenceOf: (ourNumber) => sequenceOf(ourNumber),
  // the header's convênio (150-156) identifies the beneficiary, as the CNAB 240 profile's does
  beneficiaryOf: (h) => stripLeadingZeros(h.code || '0'),
  writer: null,
};
