// Child of bench/retorno.ts, phase (a): the domain's streamed reader alone over the file, through
// the entry point the API's jobs use for any layout (CNAB 240 or 400, detected from the first
// record). By default readRetornoChunks (the titles of each chunk together: what the preview job
// reads); with --por-titulo, readRetorno (one title per await).
import fs from 'node:fs';
import { readRetorno, readRetornoChunks } from '@bg/domain';
import { report } from './cnab-bench-support.js';

const file = process.argv[2];
const perTitle = process.argv.includes('--por-titulo');
const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
const start = performance.now();
let titles = 0;
let warnings = 0;
const options = { onWarning: () => warnings++ };
if (perTitle) {
  for await (const _t of readRetorno(source, options)) titles++;
} else {
  for await (const chunk of readRetornoChunks(source, options)) titles += chunk.length;
}
report({ phase: perTitle ? 'reader-per-title' : 'reader', titles, warnings, ms: performance.now() - start, bytes: fs.statSync(file).size });
