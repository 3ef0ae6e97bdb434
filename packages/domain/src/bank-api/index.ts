// Banks' collection APIs, one folder per bank (request bodies, response readers, documented rules).
export * from './bb/index.js';
export * from './caixa/index.js';
// The payment channel of a settlement as the reports name it (both banks' codes).
export * from './canal-pagamento.js';
// The banks whose collection API we speak (a conta of them may work by API).
export * from './bancos-com-api.js';
