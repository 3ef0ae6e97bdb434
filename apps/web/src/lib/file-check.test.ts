import { describe, expect, it } from 'vitest';
import { checkFiles, sniffFileKind, type FileRules } from './file-check';

const file = (name: string, bytes: number[], size = bytes.length) => {
  const body = new Uint8Array(size);
  body.set(bytes);
  return new File([body], name);
};
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [...'%PDF-1.7'].map((c) => c.charCodeAt(0));
const MB = 1024 * 1024;
const RULES: FileRules = { kinds: ['jpeg', 'png', 'pdf'], maxFileBytes: MB, maxFiles: 3 };

describe('file checks before an upload', () => {
  it('tells the kind by the first bytes, not by the name', async () => {
    expect(await sniffFileKind(file('a.pdf', JPEG))).toBe('jpeg');
    expect(await sniffFileKind(file('a.jpg', PNG))).toBe('png');
    expect(await sniffFileKind(file('a.png', PDF))).toBe('pdf');
    expect(await sniffFileKind(file('a.png', [...'texto'].map((c) => c.charCodeAt(0))))).toBeNull();
  });

  it('refuses the wrong content, the too large, and what goes beyond the limit with the existing documents', async () => {
    const { accepted, problems } = await checkFiles(
      [file('rg.png', [0x41, 0x42]), file('cpf.jpg', JPEG), file('grande.pdf', PDF, 2 * MB), file('conta.png', PNG), file('extra.pdf', PDF)],
      RULES,
      1,
    );
    expect(accepted.map((f) => f.name)).toEqual(['cpf.jpg', 'conta.png']);
    expect(problems).toEqual([
      'rg.png: o conteúdo não é JPEG, PNG ou PDF.',
      'grande.pdf: maior que 1 MB.',
      'No máximo 3 arquivos (já há 1): 1 arquivo(s) não foram incluídos.',
    ]);
  });
});
