import { envSchema, variableDefault, variableDoc, type EnvVariable } from './config-schema.js';

/**
 * docs/configuration.md, rendered from the configuration schema (config-schema.ts): one row per
 * variable with its values, default and meaning. `npm run docs:config` writes it;
 * config-docs.test.ts fails when the committed file differs, so the docs cannot drift.
 */
export const CONFIGURATION_DOC_PATH = 'docs/configuration.md';

export function configurationMarkdown(): string {
  const names = Object.keys(envSchema.shape) as EnvVariable[];
  const rows = names.map((name) => {
    const doc = variableDoc(name);
    return `| \`${name}\` | ${cell(doc.type)} | ${cell(doc.defaultText ?? shownDefault(variableDefault(name)))} | ${cell(doc.meaning)} |`;
  });
  return [
    '# Configuration',
    '',
    '<!-- Generated from apps/api/src/config-schema.ts by `npm run docs:config`; do not edit by hand. -->',
    '',
    'Every variable is optional: unset or empty takes the default. The API reads the process environment',
    'once, at start (`loadConfig`, apps/api/src/config.ts), and checks every value: one that does not fit',
    'stops the start with one sentence naming the variable, for example',
    '`Não foi possível iniciar: a variável PORT deve ser um número inteiro entre 1 e 65535 (recebido: abc).`',
    'Secrets are never repeated in that sentence. `BOLETO_*` are checked together, as the admin screen',
    'checks the conta de cobrança, when `BOLETO_BANCO` is set.',
    '',
    '| variable | values | default | meaning |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

function shownDefault(value: unknown): string {
  if (value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? `\`${value.join(',')}\`` : '—';
  return `\`${String(value)}\``;
}

/** A table cell: one line, its pipes escaped (an escaped one stays as it is). */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/(?<!\\)\|/g, '\\|');
