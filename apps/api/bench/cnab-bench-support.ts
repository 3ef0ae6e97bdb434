import fs from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { cnabAccountFromConta, CNAB_LINE_END, readRetorno240, writeRetorno240Lines, type RetornoTitle, type RetornoTitleInput } from '@bg/domain';
import { DEMO_CONTA } from '../src/seed/seed-boletos.js';

/** Shared by bench/retorno*.ts: the synthetic file, peak memory, argument parsing. */
export const FIXTURES = fileURLToPath(new URL('../../../packages/domain/test/fixtures/cnab240/', import.meta.url));

/** Peak resident set size of this process so far (Linux VmHWM), in MiB; falls back to the current RSS. */
export function peakRssMiB(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    /* not Linux */
  }
  return process.memoryUsage().rss / 1048576;
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** The real detail pairs (T + U) of the Caixa and Banco do Brasil fixtures, as title templates. */
async function templates(): Promise<RetornoTitle[]> {
  const out: RetornoTitle[] = [];
  for (const name of ['cnab240-retorno-104-caixa-cnabphp.ret', 'cnab240-retorno-001-bb-cnabphp.ret']) {
    for await (const t of readRetorno240([fs.readFileSync(FIXTURES + name)])) out.push(t);
  }
  return out;
}

/**
 * A retorno of the demo conta (Caixa 104, beneficiário 123456) of just under `mb` MiB: the fixtures'
 * real detail pairs repeated with fresh nosso números (from `firstNumber` on), written by the
 * domain's writeRetorno240 and streamed to disk. Answers the titles and bytes written.
 */
export async function buildSyntheticRetorno(path: string, mb: number, firstNumber = 1): Promise<{ titles: number; bytes: number }> {
  const pairs = await templates();
  const target = mb * 1024 * 1024;
  const perTitle = 2 * (240 + CNAB_LINE_END.length);
  // headers and trailers of the file and of its lots (one per 99 999 records) stay within 64 KiB
  const count = Math.floor((target - 64 * 1024) / perTitle);
  function* titles(): Generator<RetornoTitleInput> {
    for (let i = 0; i < count; i++) {
      const p = pairs[i % pairs.length];
      yield {
        movement: p.movement,
        ourNumber: firstNumber + i,
        documentNumber: String(firstNumber + i),
        dueDate: p.dueDate ?? '2025-01-10',
        amountCents: p.amountCents,
        paidCents: p.paidCents,
        feeCents: p.feeCents,
        interestCents: p.interestCents,
        discountCents: p.discountCents,
        occurrenceDate: p.occurrenceDate ?? '2025-01-10',
        creditDate: p.creditDate,
        reasons: p.reasons.map((r) => r.code),
        payerName: p.payerName,
      };
    }
  }
  const bytes = await writeCnabLines(path, writeRetorno240Lines({ account: cnabAccountFromConta(DEMO_CONTA), fileNumber: 1, generatedAt: new Date(), titles: titles() }));
  return { titles: count, bytes };
}

/**
 * Writes CNAB lines to `path` in Latin-1, about 1 MiB per write and waiting for the stream to
 * drain, so a million-title file never sits in memory; answers the bytes written.
 */
export async function writeCnabLines(path: string, lines: Iterable<string>): Promise<number> {
  const out = fs.createWriteStream(path);
  let chunk = '';
  let bytes = 0;
  for (const line of lines) {
    chunk += line + CNAB_LINE_END;
    if (chunk.length > 1 << 20) {
      bytes += chunk.length;
      if (!out.write(chunk, 'latin1')) await once(out, 'drain');
      chunk = '';
    }
  }
  bytes += chunk.length;
  out.end(chunk, 'latin1');
  await once(out, 'finish');
  return bytes;
}

/** One JSON line on stdout: how a child phase reports to bench/retorno.ts. */
export function report(result: Record<string, unknown>): void {
  process.stdout.write(`BENCH ${JSON.stringify({ ...result, peakRssMiB: Number(peakRssMiB().toFixed(1)) })}\n`);
}
