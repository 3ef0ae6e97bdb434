// Credit policy (issue 29): the versioned rules and their one evaluator.
export * from './politica.js';
export * from './avaliar.js';
