// Caixa's boleto API ("API Cobrança Bancária — Gestão de Boletos"): bodies, answers, codes.
export * from './caixa-api.js';
export * from './caixa-codes.js';
export * from './caixa-error.js';
export * from './caixa-erros.js';
export * from './caixa-json.js';
export * from './caixa-registro.js';
export * from './caixa-respostas.js';
export * from './caixa-schemas.js';
export * from './caixa-values.js';
