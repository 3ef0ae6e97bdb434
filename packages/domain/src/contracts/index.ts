export * from './contract.js';
export * from './envelope.js';
export * from './empresa.js';
