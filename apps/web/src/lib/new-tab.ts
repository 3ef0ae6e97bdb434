import { showFileReady } from '../components/FileReadyDialog';

/**
 * Runs a request whose answer opens in a new tab (a PDF, a receipt). The tab opens only once the
 * answer arrived: a failed request opens nothing (its error is shown on the page by the caller),
 * so no empty about:blank tab is ever left behind (issue 25). Most files arrive while the click
 * still lets the page open a tab; when the browser refuses (blocker, a slow file), a dialog offers
 * the file with an Abrir link instead.
 */
export async function withNewTab<R>(send: () => Promise<R>, urlOf: (result: R) => string | null | undefined): Promise<R> {
  const result = await send();
  const url = urlOf(result);
  if (url) openInNewTab(url);
  return result;
}

/** Opens `url` in a new tab, or offers it in a dialog when the browser blocks the tab. */
export function openInNewTab(url: string): void {
  const tab = window.open(url, '_blank');
  // our own PDFs and receipts: the new tab has no business with this page
  if (tab) tab.opener = null;
  else showFileReady(url);
}
