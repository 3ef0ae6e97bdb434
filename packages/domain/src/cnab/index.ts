// Public surface of the CNAB 240 engine; src/index.ts re-exports this file. Layout and usage: README.md here.
export { CnabError, type CnabErrorCode } from './cnab-error.js';
export type {
  CnabAccount,
  CnabPayer,
  CnabFine,
  CnabInterest,
  RemessaEntry,
  RemessaInput,
  RemessaEntryRead,
  RetornoTitle,
  CnabReason,
  CnabFileHeader,
  CnabWarning,
  CnabWarningCode,
  CnabReadOptions,
} from './cnab-types.js';
export {
  FEBRABAN_RETORNO_MOVEMENTS,
  FEBRABAN_REMESSA_MOVEMENTS,
  REMESSA_KINDS,
  type CodeTable as CnabCodeTable,
  type MovementCategory as CnabMovementCategory,
  type RemessaKind,
} from './codes/movement-codes.js';
export { FEBRABAN_REASONS, type ReasonGroup as CnabReasonGroup } from './codes/reason-codes.js';
export type { CnabBankProfile, CnabWriterRules } from './banks/cnab-bank-profile.js';
export { CNAB_BANK_PROFILES, cnabProfile, cnabWriterProfile } from './banks/cnab-profiles.js';
export { FEBRABAN_240, type Layout240 } from './layout240/layout-240.js';
export type { FieldSpec as CnabFieldSpec, FieldKind as CnabFieldKind } from './record/field-spec.js';
export type { RecordLayout as CnabRecordLayout } from './record/record-layout.js';
export { normalizeCnabText } from './record/cnab-text.js';
export { CnabLineSplitter, splitCnabLines, decodeLatin1, type CnabLine, type ByteSource as CnabByteSource } from './stream/line-splitter.js';
export { readRetorno240, readRetorno240Chunks } from './read/read-retorno.js';
export { readRemessa240 } from './read/read-remessa.js';
export { writeRemessa240, writeRemessa240Lines, writeRemessa240LinesAsync, joinCnabLines, CNAB_LINE_END, type RemessaRejectHandler } from './write/write-remessa.js';
export { remessaDueDateMessage } from './write/remessa-records.js';
export { writeRetorno240, writeRetorno240Lines, type RetornoInput, type RetornoTitleInput } from './write/write-retorno.js';
export { boletoChargeInstructions, cnabAccountFromConta } from './write/charge-instructions.js';
// CNAB 400 (banks400/, layout400/) and the any-layout retorno reader.
export type { CnabPixRecord } from './cnab-types.js';
export type { CnabBankProfile400, CnabWriterRules400 } from './banks400/cnab400-bank-profile.js';
export { CNAB400_BANK_PROFILES, cnab400Profile } from './banks400/cnab400-profiles.js';
export type { Layout400 } from './layout400/layout-400.js';
export { readRetorno, readRetornoChunks, detectCnabLayout, type CnabLayoutKind } from './read/read-retorno-any.js';
export { readRemessa400 } from './read/read-remessa-400.js';
export { writeRemessa400, writeRemessa400Lines, writeRetorno400, writeRetorno400Lines, cnab400WriterProfile } from './write/write-cnab400.js';
// Which banks a conta de cobrança may name, in which remessa layouts (decision 126), and its writer.
export { bancosDeCobranca, bancoDeCobranca, layoutsDeRemessa, layoutPadrao, LAYOUTS_CNAB, type BancoDeCobranca, type LayoutCnab } from './bancos-de-cobranca.js';
export { writeRemessaLinesAsync } from './write/write-remessa-conta.js';
export { trialRemessaError, maxSequenceOfConta, retornoHeaderBeneficiary400 } from './write/trial-remessa.js';
