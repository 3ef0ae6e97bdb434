/**
 * Document links are signed and expire (GET /api/arquivo ...?exp=<unix seconds>&sig=...). A page
 * left open must fetch fresh links before the first one dies, or "Abrir PDF" and the gallery break.
 * Answers the milliseconds until a minute before the earliest expiry (never under 5 s), or false
 * when there is no link to keep alive — the shape react-query's refetchInterval takes.
 */
export function linkRefreshDelay(urls: string[], now = Date.now()): number | false {
  const expiries = urls
    .map((url) => Number(new URLSearchParams(url.split('?')[1] ?? '').get('exp')))
    .filter((exp) => Number.isFinite(exp) && exp > 0);
  if (!expiries.length) return false;
  return Math.max(5_000, Math.min(...expiries) * 1000 - now - 60_000);
}
