// Public surface of the boleto engine; src/index.ts re-exports this file.
export { BoletoError, type BoletoErrorCode } from './boleto-error.js';
export { modulo10, modulo11Sum, modulo11Barcode, modulo11Caixa, modulo11BancoDoBrasil } from './modulo.js';
export {
  assertDueDateEncodable,
  dueDateToFactor,
  dueDateWindow,
  factorToDueDate,
  FACTOR_WINDOW_DAYS_AFTER,
  FACTOR_WINDOW_DAYS_BEFORE,
  FATOR_PRIMEIRO_VENCIMENTO,
  FATOR_ULTIMO_VENCIMENTO,
} from './fator-vencimento.js';
export { assembleBarcode, parseBarcode, barcodeGeneralDv, MAX_AMOUNT_CENTS as BOLETO_MAX_AMOUNT_CENTS, type BarcodeParts } from './barcode.js';
export { digitableLineFromBarcode, barcodeFromDigitableLine, formatDigitableLine, normalizeDigitableLine } from './digitable-line.js';
export type { BankProfile, CampoLivreInput, CampoLivreFields } from './campo-livre/bank-profile.js';
export { BANK_PROFILES, bankProfile, isBankCode, type BankCode } from './bank-profiles.js';
export { buildBoleto, type BuildBoletoInput, type BuiltBoleto } from './build-boleto.js';
export { formatNossoNumero, type NossoNumeroInput } from './nosso-numero.js';
export { parseDigitableLine, type ParsedDigitableLine } from './parse-digitable-line.js';
export { encodeInterleaved2of5, interleaved2of5Widths, type BarElement } from './interleaved-2of5.js';
export { valorAtualizadoCents, diasDeAtraso, MULTA_PERCENT, JUROS_DIA_PERCENT } from './valor-atualizado.js';
export { contaCobrancaSchema, type ContaCobrancaInput, type ContaCobrancaDados, type ContaCobrancaForm } from './conta-cobranca-schema.js';
export { valorPorExtenso } from './valor-extenso.js';
