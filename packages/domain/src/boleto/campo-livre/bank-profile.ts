/**
 * What a bank contributes to a boleto: the 25-digit campo livre (barcode positions 20-44) and the
 * nosso número as the bank wants it printed. Everything else is FEBRABAN-common, so adding a bank
 * means writing one of these and registering it in bank-profiles.ts.
 */
export interface CampoLivreInput {
  /** Agência, with or without its DV ("1606" or "1606-X"). Only some layouts use it. */
  agency?: string | number;
  /** Conta corrente without DV; only the Banco do Brasil 4/6-digit convênio layout uses it. */
  account?: string | number;
  /** Caixa: código do beneficiário. Banco do Brasil: número do convênio. */
  beneficiaryCode: string | number;
  /** Carteira / modalidade, in the bank's own vocabulary (see each profile). */
  wallet: string;
  /** The beneficiary's sequence number; the profile pads it and adds the fixed parts. */
  ourNumber: string | number;
  /**
   * The slip's value in centavos, for the one layout that spells it in the campo livre (Sicredi:
   * position 42 is "1" when the slip has a value). Absent means "with value", as all of ours have.
   */
  amountCents?: number;
}

/** Named pieces read back from a campo livre, for display and cross-checks. */
export type CampoLivreFields = Record<string, string>;

export interface BankProfile {
  /** FEBRABAN bank code, 3 digits. */
  readonly code: string;
  readonly name: string;
  /** Validates the input (BoletoError in Portuguese) and returns the 25 digits. */
  buildCampoLivre(input: CampoLivreInput): string;
  /** Nosso número exactly as printed on the slip. */
  ourNumberFormatted(input: CampoLivreInput): string;
  /** Splits a campo livre of this bank into its fields, verifying the bank's own DVs. */
  decodeCampoLivre(campoLivre: string): CampoLivreFields;
  /**
   * The first sequence a conta of this bank numbers with, when it is not 1 (Sicredi: the year and
   * the byte de geração are part of the number, so a conta opened in 2026 starts at 26200001).
   * Also what a trial slip checking an account's fields should use.
   */
  firstSequence?(today: string): number;
  /**
   * With firstSequence: the last sequence of the same period (Sicredi: AA999999, byte 9 and
   * sequencial 99999). A conta that reaches it stops numbering until the period turns.
   */
  lastSequence?(today: string): number;
}
