import { describe, expect, it } from 'vitest';
import { sniffFileKind } from './sniff-file-kind.js';

describe('sniffFileKind', () => {
  it('recognises images, PDF and text by content', () => {
    expect(sniffFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBe('jpeg');
    expect(sniffFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffFileKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFileKind(Buffer.from('10400000         2\r\n'))).toBe('text');
  });
  it('refuses binaries disguised by name', () => {
    expect(sniffFileKind(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0]))).toBeNull(); // an .exe
    expect(sniffFileKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).toBeNull(); // a zip
  });
});
