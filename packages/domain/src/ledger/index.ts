// The money ledger's pure rules (docs/decisions/109-money-ledger.md); src/index.ts re-exports this file.
export * from './accounts.js';
export * from './transaction.js';
export * from './boleto-position.js';
export * from './boleto-events.js';
export * from './shop-events.js';
export * from './acordo-events.js';
export * from './schemas.js';
export * from './seams.js';
