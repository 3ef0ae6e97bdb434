// Every table module of the API, one file per feature; add new ones here.
export * from './foundation.js';
export * from './core.js';
export * from './boletos.js';
export * from './garantia.js';
