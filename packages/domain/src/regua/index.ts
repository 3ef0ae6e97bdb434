// The collection schedule (régua de cobrança): steps, templates, the sending window.
export * from './regua.js';
export * from './templates.js';
export * from './janela.js';
