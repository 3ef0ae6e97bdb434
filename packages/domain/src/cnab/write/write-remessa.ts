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

/**
 * The remessa as a generator of 240-character lines (no line ends), so 100 000 entries stream to
 * a file or a response without building the whole file. Throws CnabError naming the entry
 * (`entries[i].field`) before yielding anything of an invalid entry.
 */
export function* writeRemessa240Lines(input: RemessaInput): Generator<string> {
  const { file, records } = start(input);
  yield file.fileHeader();
  let index = 0;
  for (const entry of input.entries) {
    let lines: string[];
    try {
      lines = file.title(records.of(entry), entry.amountCents);
    } catch (err) {
      throw errorAt(err, index, entry);
    }
    yield* lines;
    index++;
  }
  yield* file.finish();
}

/** Same, for entries read from a database cursor or any async source. */
export async function* writeRemessa240LinesAsync(
  input: Omit<RemessaInput, 'entries'> & { entries: AsyncIterable<RemessaEntry> | Iterable<RemessaEntry> },
): AsyncGenerator<string> {
  const { file, records } = start(input);
  yield file.fileHeader();
  let index = 0;
  for await (const entry of input.entries) {
    let lines: string[];
    try {
      lines = file.title(records.of(entry), entry.amountCents);
    } catch (err) {
      throw errorAt(err, index, entry);
    }
    yield* lines;
    index++;
  }
  yield* file.finish();
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
