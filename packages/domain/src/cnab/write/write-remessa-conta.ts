import type { RemessaEntry, RemessaInput } from '../cnab-types.js';
import type { LayoutCnab } from '../bancos-de-cobranca.js';
import { writeRemessa400Lines } from './write-cnab400.js';
import { writeRemessa240LinesAsync, type RemessaRejectHandler } from './write-remessa.js';

type Input = Omit<RemessaInput, 'entries'> & { entries: AsyncIterable<RemessaEntry> | Iterable<RemessaEntry>; onRejected?: RemessaRejectHandler };

/**
 * A conta's remessa in the layout it writes (conta_cobranca.layout_cnab): CNAB 240 with the bank's
 * 240 profile (cnabWriterProfile), CNAB 400 with its 400 profile (cnab400WriterProfile) — both
 * refuse a bank without writer rules with CnabError BANCO_NAO_SUPORTADO. The 240 writer streams;
 * the 400 writer is synchronous, so its entries are gathered first (a CNAB 400 conta's daily file
 * holds thousands of titles, not the hundred thousands the 240 bench measures).
 */
export async function* writeRemessaLinesAsync(layout: LayoutCnab, input: Input): AsyncGenerator<string> {
  if (layout === 240) {
    yield* writeRemessa240LinesAsync(input);
    return;
  }
  const entries: RemessaEntry[] = [];
  for await (const entry of input.entries) entries.push(entry);
  yield* writeRemessa400Lines({ ...input, entries }, input.onRejected);
}
