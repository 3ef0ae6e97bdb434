/**
 * The rate limits count in fixed windows on the database clock (http/rate-limit.ts): calls that
 * straddle a window's end are counted in two windows, so a test expecting "the N+1th is refused"
 * would fail now and then. Waits, when less than `needSeconds` of the current window remain, until
 * the next one begins (the database runs on this machine: one clock).
 */
export async function awayFromWindowEnd(windowSeconds: number, needSeconds: number): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
