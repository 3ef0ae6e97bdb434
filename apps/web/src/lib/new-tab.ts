/**
 * Runs a request whose answer opens in a new tab (a PDF, a receipt). The tab is opened first,
 * while the browser still counts it as a reaction to the user's click (so no popup blocker steps
 * in), then pointed at the address the answer gives — or closed if the request fails.
 */
export async function withNewTab<R>(
  send: () => Promise<R>,
  urlOf: (result: R) => string | null | undefined,
  { sameTabIfBlocked = false }: { sameTabIfBlocked?: boolean } = {},
): Promise<R> {
  const tab = window.open('', '_blank');
  try {
    const result = await send();
    const url = urlOf(result);
    if (url && tab) tab.location.href = url;
    else if (url && sameTabIfBlocked) window.location.assign(url);
    else tab?.close();
    return result;
  } catch (err) {
    tab?.close();
    throw err;
  }
}
