import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { download, DOWNLOAD_URL_TTL_MS } from './download';

describe('download', () => {
  const clicked: { href: string; download: string; attached: boolean }[] = [];
  const createObjectURL = vi.fn((blob: Blob) => `blob:made-${blob.size}`);
  const revokeObjectURL = vi.fn((url: string) => void url);

  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no object URLs, and a real click on a link would try to navigate
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download, attached: document.body.contains(this) });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clicked.length = 0;
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('saves an object URL already made under the name, and revokes it a minute later', () => {
    download('blob:csv', 'faturamento-03-2025.csv');
    expect(clicked).toEqual([{ href: 'blob:csv', download: 'faturamento-03-2025.csv', attached: true }]);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(DOWNLOAD_URL_TTL_MS - 1);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });

  it('makes a Blob into an object URL, saves it and revokes it a minute later', () => {
    download(new Blob(['{}']), 'lgpd-38172645007.json');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([{ href: 'blob:made-2', download: 'lgpd-38172645007.json', attached: true }]);
    vi.advanceTimersByTime(DOWNLOAD_URL_TTL_MS);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:made-2');
  });
});
