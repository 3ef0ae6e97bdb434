import { PESSOA_DOCUMENTO_MAX_FILES } from '@bg/domain';

/**
 * Checks files before they are uploaded, the way the server will (apps/api modules/files: type by
 * content, size, count), so a user learns at once that a file will be refused instead of after a
 * request that already did something else (the wizard creates the guarantee first).
 */
export type FileKind = 'jpeg' | 'png' | 'pdf';

/** The first bytes of each kind (magic numbers): JPEG FF D8 FF, PNG 89 50 4E 47, PDF "%PDF". */
const SIGNATURES: Record<FileKind, readonly number[]> = {
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47],
  pdf: [0x25, 0x50, 0x44, 0x46],
};

const KIND_NAMES: Record<FileKind, string> = { jpeg: 'JPEG', png: 'PNG', pdf: 'PDF' };

/**
 * The kind of a file by its first bytes; null when it is none of them, undefined when the browser
 * cannot read it here (then the server, which checks again, decides).
 */
export async function sniffFileKind(file: Blob): Promise<FileKind | null | undefined> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  } catch {
    return undefined;
  }
  for (const [kind, signature] of Object.entries(SIGNATURES) as [FileKind, readonly number[]][]) {
    if (signature.every((byte, i) => head[i] === byte)) return kind;
  }
  return null;
}

export interface FileRules {
  kinds: readonly FileKind[];
  maxFileBytes: number;
  /** Most files allowed in all, counting `existing`. */
  maxFiles: number;
}

export interface FileCheck {
  accepted: File[];
  /** One sentence per refused file (or about the count), to show the user. */
  problems: string[];
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** "JPEG, PNG ou PDF". */
function kindList(kinds: readonly FileKind[]): string {
  const names = kinds.map((k) => KIND_NAMES[k]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names[names.length - 1]}` : (names[0] ?? '');
}

/** What is accepted, e.g. "JPEG, PNG ou PDF de até 10 MB". */
export function describeRules(rules: FileRules): string {
  return `${kindList(rules.kinds)} de até ${megabytes(rules.maxFileBytes)}`;
}

/**
 * Splits `files` into those that may be sent and the reasons for the others: content not of an
 * accepted kind, too large, or beyond `rules.maxFiles` counting the `existing` files (first come,
 * first kept).
 */
export async function checkFiles(files: readonly File[], rules: FileRules, existing = 0): Promise<FileCheck> {
  const accepted: File[] = [];
  const problems: string[] = [];
  let overLimit = 0;
  for (const file of files) {
    const kind = await sniffFileKind(file);
    if (kind === null || (kind !== undefined && !rules.kinds.includes(kind))) {
      problems.push(`${file.name}: o conteúdo não é ${kindList(rules.kinds)}.`);
    } else if (file.size > rules.maxFileBytes) {
      problems.push(`${file.name}: maior que ${megabytes(rules.maxFileBytes)}.`);
    } else if (existing + accepted.length >= rules.maxFiles) {
      overLimit++;
    } else {
      accepted.push(file);
    }
  }
  if (overLimit) {
    const had = existing ? ` (já há ${existing})` : '';
    problems.push(`No máximo ${rules.maxFiles} arquivos${had}: ${overLimit} arquivo(s) não foram incluídos.`);
  }
  return { accepted, problems };
}

/** A person's documents (spec §5: at most 3; the server: JPEG, PNG or PDF by content, 10 MB each). */
export const PERSON_DOCUMENT_RULES: FileRules = { kinds: ['jpeg', 'png', 'pdf'], maxFileBytes: 10 * 1024 * 1024, maxFiles: PESSOA_DOCUMENTO_MAX_FILES };
