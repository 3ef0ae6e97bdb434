// Child of bench/retorno.ts, phase (a): the domain's streamed reader alone over the file. By default
// readRetorno240Chunks (the titles of each chunk together: what the API's preview job reads);
// with --por-titulo, readRetorno240 (one title per await).
import fs from 'node:fs';
import { readRetorno240, readRetorno240Chunks } from '@bg/domain';
import { report } from './cnab-bench-support.js';

const file = process.argv[2];
const perTitle = process.argv.includes('--por-titulo');
const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
const start = performance.now();
let titles = 0;
let warnings = 0;
const options = { onWarning: () => warnings++ };
if (perTitle) {
  for await (const _t of readRetorno240(source, options)) titles++;
} else {
  for await (const chunk of readRetorno240Chunks(source, options)) titles += chunk.length;
}
report({ phase: perTitle ? 'reader-per-title' : 'reader', titles, warnings, ms: performance.now() - start, bytes: fs.statSync(file).size });
