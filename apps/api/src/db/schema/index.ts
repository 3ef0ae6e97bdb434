// Every table module of the API, one file per feature; add new ones here.
export * from './foundation.js';
export * from './core.js';
export * from './pessoa-visao.js';
export * from './boletos.js';
export * from './garantia.js';
export * from './jobs.js';
export * from './financeiro.js';
export * from './mensagem.js';
export * from './cobranca.js';
export * from './cnab.js';
export * from './assinatura.js';
export * from './dois-fatores.js';
export * from './lgpd.js';
export * from './ledger.js';
export * from './banco.js';
export * from './pagador.js';
export * from './regua.js';
