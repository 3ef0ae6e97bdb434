// Child of bench/retorno.ts, phase (a): the domain's streamed reader alone over the file.
import fs from 'node:fs';
import { readRetorno240 } from '@bg/domain';
import { report } from './cnab-bench-support.js';

const file = process.argv[2];
const start = performance.now();
let titles = 0;
let warnings = 0;
for await (const _t of readRetorno240(fs.createReadStream(file, { highWaterMark: 1 << 20 }), { onWarning: () => warnings++ })) titles++;
report({ phase: 'reader', titles, warnings, ms: performance.now() - start, bytes: fs.statSync(file).size });
