import { toCents } from '../money/cents.js';
import { MAX_MONEY } from '../schemas/common.js';

/**
 * Settlement figures of spec §9 / DOMAIN.md "Collections", as integer basis points (1/10 000) so
 * every step is an exact integer fraction: 2% fine, 0.33% interest per calendar day, R$ 14,90 fee.
 */
export const SETTLEMENT_MULTA_BASIS_POINTS = 200n;
export const SETTLEMENT_JUROS_DIA_BASIS_POINTS = 33n;
export const SETTLEMENT_TAXA_CENTS = 1490;
export const BASIS_POINTS = 10_000n;

export const SETTLEMENT_MIN_INSTALLMENTS = 1;
export const SETTLEMENT_MAX_INSTALLMENTS = 10;

/** Every figure is stored in numeric(14,2); anything larger is refused before the database sees it. */
export const MAX_MONEY_CENTS = toCents(MAX_MONEY);
