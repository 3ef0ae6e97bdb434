// Child of bench/retorno.ts, phase (c): the JS peer @banco-br/nodejs-cnab 0.2.0 over the same file,
// used as its README shows: the whole retorno as a string and one layout name per line. Run from the
// repository root (the peer finds its YAML layouts under ./node_modules), under a memory/time cap.
const fs = require('node:fs');
const { parseRemessaCnab } = require('@banco-br/nodejs-cnab');

function peakRssMiB() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    // not Linux: fall back to the current RSS
  }
  return process.memoryUsage().rss / 1048576;
}

const file = process.argv[2];
const start = performance.now();
const text = fs.readFileSync(file, 'latin1');
// which layout each line is: FEBRABAN generic tables (T and U segments of cobrança), headers/trailers
const files = {};
let i = 0;
let titles = 0;
for (let at = 0; at < text.length; ) {
  const end = text.indexOf('\n', at);
  const line = end < 0 ? text.slice(at) : text.slice(at, end);
  at = end < 0 ? text.length : end + 1;
  if (!line.trim()) continue;
  const type = line[7];
  const segment = line[13];
  files[i++] =
    type === '0' ? '../header_arquivo' : type === '1' ? '../header_lote' : type === '5' ? '../trailer_lote' : type === '9' ? '../trailer_arquivo' : segment === 'T' ? 'detalhe_segmento_t' : 'detalhe_segmento_u';
  if (type === '3' && segment === 'T') titles++;
}
const parsed = parseRemessaCnab(files, 240, 'generic', text);
if (!Array.isArray(parsed) || parsed.length !== i) {
  console.error(`peer parsed ${parsed ? parsed.length : 'nothing'} of ${i} lines`);
  process.exit(2);
}
const ms = performance.now() - start;
process.stdout.write(`BENCH ${JSON.stringify({ phase: 'peer', titles, lines: parsed.length, ms, bytes: fs.statSync(file).size, peakRssMiB: Number(peakRssMiB().toFixed(1)) })}\n`);
