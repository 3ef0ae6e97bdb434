import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC_PATH, configurationMarkdown } from './config-docs.js';
import { envSchema, variableDoc, type EnvVariable } from './config-schema.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('docs/configuration.md', () => {
  it('is what the configuration schema generates', () => {
    const committed = fs.readFileSync(path.join(root, CONFIGURATION_DOC_PATH), 'utf8');
    expect(committed, `${CONFIGURATION_DOC_PATH} is out of date: run \`npm run docs:config\` and commit the result`).toBe(configurationMarkdown());
  });

  it('lists every variable with its values and meaning', () => {
    const markdown = configurationMarkdown();
    for (const name of Object.keys(envSchema.shape) as EnvVariable[]) {
      const doc = variableDoc(name);
      expect(doc.meaning.length, name).toBeGreaterThan(5);
      expect(doc.type.length, name).toBeGreaterThan(2);
      expect(markdown).toContain(`| \`${name}\` |`);
    }
  });
});
