// Collections (cobrança): statuses, rules and schemas shared by the API and the screens.
export * from './cobranca-status.js';
export * from './cobranca-messages.js';
export * from './cobranca-schemas.js';
export * from './acordo-figures.js';
export * from './spc-aviso.js';
