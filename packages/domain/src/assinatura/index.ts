// Digital signature of duplicatas: statuses, schemas and texts shared by the API and the screens.
export * from './assinatura-messages.js';
export * from './assinatura-rules.js';
