// Banks' collection APIs, one folder per bank (request bodies, response readers, documented rules).
export * from './bb/index.js';
export * from './caixa/index.js';
