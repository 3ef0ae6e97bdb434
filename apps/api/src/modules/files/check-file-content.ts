import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { jpegCheck } from './jpeg-structure.js';
import { pdfProblem } from './pdf-inspection.js';
import { pngProblem } from './png-structure.js';
import { KIND_INFO, type FileKind } from './sniff-file-kind.js';

/**
 * The second look at an upload, after its first bytes named its kind (decision 107): read back from
 * the temporary file it was streamed to, before it is adopted into storage. An image must decode as
 * the image its bytes claim (png-structure.ts, jpeg-structure.ts); a PDF must carry no JavaScript, no
 * Launch action and no attached files (pdf-inspection.ts). Answers the refusal's text, or null; a JPEG
 * followed by other bytes (a phone's trailer, a motion photo's video) is cut to the image, and its
 * size and hash are measured again.
 */
export async function checkFileContent(kind: FileKind, tempPath: string, fileName: string): Promise<{ refusal: string } | { refusal: null; size?: number; sha256?: string }> {
  const refused = (why: string) => ({ refusal: `Arquivo recusado (${fileName}): ${why}. Envie uma foto ou digitalização comum (JPEG, PNG) ou um PDF simples.` });
  if (kind === 'png') {
    const problem = await pngProblem(tempPath);
    return problem ? refused(`não é uma imagem ${KIND_INFO.png.label} válida (${problem})`) : { refusal: null };
  }
  if (kind === 'jpeg') {
    const check = await jpegCheck(tempPath);
    if (check.problem !== null) return refused(`não é uma imagem ${KIND_INFO.jpeg.label} válida (${check.problem})`);
    const { size } = await fs.promises.stat(tempPath);
    if (check.imageBytes >= size) return { refusal: null };
    await fs.promises.truncate(tempPath, check.imageBytes);
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(tempPath), hash);
    return { refusal: null, size: check.imageBytes, sha256: hash.digest('hex') };
  }
  if (kind === 'pdf') {
    const problem = await pdfProblem(tempPath);
    return problem ? refused(`o PDF ${problem}`) : { refusal: null };
  }
  return { refusal: null };
}
