import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A sample body of samples/ (origins in docs/banks.md), parsed as the client would: JSON.parse. */
export function bbSample(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./samples/${name}.json`, import.meta.url)), 'utf8'));
}
