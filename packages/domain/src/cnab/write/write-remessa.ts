import { cnabWriterProfile } from '../banks/cnab-profiles.js';
import type { RemessaEntry, RemessaInput } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { FileWriter240 } from './file-writer-240.js';
import { RemessaRecords } from './remessa-records.js';

/** Line end of the files we write: CRLF, what both Caixa and BB accept. */
export const CNAB_LINE_END = '\r\n';

function errorAt(err: unknown, index: number, entry: RemessaEntry): unknown {
  if (!(err instanceof CnabError)) return err;
  const field = `entries[${index}]${err.field ? `.${err.field}` : ''}`;
  return new CnabError(err.code, `Título ${index + 1} (nosso número ${String(entry.ourNumber)}): ${err.message}`, { field });
}

/**
 * Called for a title that cannot be written, with the writer's reason (Portuguese, CnabError): the
 * title is left out and the file goes on. Without it the first such title stops the file.
 */
export type RemessaRejectHandler = (entry: RemessaEntry, reason: CnabError) => void;

function start(input: Omit<RemessaInput, 'entries'>) {
  const profile = cnabWriterProfile(input.account.bank);
  const file = new FileWriter240(profile, input.account, {
    retorno: false,
    fileNumber: input.fileNumber,
    generatedAt: input.generatedAt,
    testFile: input.testFile ?? false,
  });
  return { file, records: new RemessaRecords(profile, input.account, file.accountValues) };
}

/** One title's lines, or [] when it was rejected to `onRejected`; other errors name the entry. */
function titleLines(w: ReturnType<typeof start>, entry: RemessaEntry, index: number, onRejected?: RemessaRejectHandler): string[] {
  try {
    // a title that fails leaves the file as it was (FileWriter240.title formats before counting)
    return w.file.title(w.records.of(entry), entry.amountCents);
  } catch (err) {
    if (onRejected && err instanceof CnabError) {
      onRejected(entry, err);
      return [];
    }
    throw errorAt(err, index, entry);
  }
}

/**
 * The remessa as a generator of 240-character lines (no line ends), so 100 000 entries stream to
 * a file or a response without building the whole file. Throws CnabError naming the entry
 * (`entries[i].field`) before yielding anything of an invalid entry — or, with `onRejected`,
 * leaves that entry out and goes on.
 */
export function* writeRemessa240Lines(input: RemessaInput & { onRejected?: RemessaRejectHandler }): Generator<string> {
  const w = start(input);
  yield w.file.fileHeader();
  let index = 0;
  for (const entry of input.entries) yield* titleLines(w, entry, index++, input.onRejected);
  yield* w.file.finish();
}

/** Same, for entries read from a database cursor or any async source. */
export async function* writeRemessa240LinesAsync(
  input: Omit<RemessaInput, 'entries'> & { entries: AsyncIterable<RemessaEntry> | Iterable<RemessaEntry>; onRejected?: RemessaRejectHandler },
): AsyncGenerator<string> {
  const w = start(input);
  yield w.file.fileHeader();
  let index = 0;
  for await (const entry of input.entries) yield* titleLines(w, entry, index++, input.onRejected);
  yield* w.file.finish();
}

/** Lines → the file's bytes: latin1 (the writers emit ASCII only), CRLF after every line. */
export function joinCnabLines(lines: Iterable<string>): Buffer {
  let text = '';
  for (const line of lines) text += line + CNAB_LINE_END;
  return Buffer.from(text, 'latin1');
}

/** The whole remessa in memory: fine for the few thousand titles of a day. */
export function writeRemessa240(input: RemessaInput): Buffer {
  return joinCnabLines(writeRemessa240Lines(input));
}
