/**
 * The current time as a service: buildApp makes one (the system clock unless a caller gives its
 * own) and hands it to the routes, use-cases and jobs that decide something by the time in code —
 * link expiries, deadlines, clean-up cut-offs. SQL's now() stays the database's.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` at the moment it is made and then runs at the real pace (CLOCK_START,
 * for a test server that must be inside the régua's sending window whatever the real hour: the
 * browser suite, scripts/e2e-server.mjs). Time still passes, so expiries and timers behave.
 */
export function clockStartingAt(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}
