// npm run docs:config — writes docs/configuration.md from the API's configuration schema
// (apps/api/src/config-schema.ts). apps/api/src/config-docs.test.ts fails while the committed file differs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIGURATION_DOC_PATH, configurationMarkdown } from '../apps/api/src/config-docs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, CONFIGURATION_DOC_PATH);
fs.writeFileSync(target, configurationMarkdown());
console.log(`${CONFIGURATION_DOC_PATH} escrito.`);
