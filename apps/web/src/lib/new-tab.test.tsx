import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { withNewTab } from './new-tab';

/**
 * Issue 25: a download that failed left an empty about:blank tab, because the tab was opened at the
 * click and only closed (if at all) after the error. Now the tab opens only with the file.
 */
describe('withNewTab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens no tab at all when the request fails, and passes the error on', async () => {
    const open = vi.spyOn(window, 'open');
    await expect(withNewTab(() => Promise.reject(new Error('Boleto não encontrado.')), (url: string) => url)).rejects.toThrow('Boleto não encontrado.');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the tab on the address the answer gives, once it arrived, cut from this page', async () => {
    const tab = { opener: window } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    let arrived = false;
    const result = await withNewTab(
      async () => {
        // the tab must not exist before the answer
        expect(open).not.toHaveBeenCalled();
        arrived = true;
        return { token: 'abc' };
      },
      (r) => `/comprovante/${r.token}`,
    );
    expect(arrived).toBe(true);
    expect(result).toEqual({ token: 'abc' });
    expect(open).toHaveBeenCalledWith('/comprovante/abc', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('opens nothing when the answer has no address', async () => {
    const open = vi.spyOn(window, 'open');
    await withNewTab(async () => ({}), () => null);
    expect(open).not.toHaveBeenCalled();
  });

  it('when the browser blocks the tab, a dialog offers the file with an Abrir link', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<div />);
    await withNewTab(async () => 'blob:http://localhost/pdf-1', (url) => url);
    const link = await screen.findByRole('link', { name: 'Abrir' });
    expect(link).toHaveAttribute('href', 'blob:http://localhost/pdf-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Arquivo pronto')).toBeInTheDocument();
  });
});
