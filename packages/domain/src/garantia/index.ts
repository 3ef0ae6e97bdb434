export * from './deny-reasons.js';
export * from './instalments.js';
export * from './schemas.js';
