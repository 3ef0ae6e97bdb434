/**
 * The current time as a service: buildApp makes one (the system clock unless a caller gives its
 * own) and hands it to the routes, use-cases and jobs that decide something by the time in code —
 * link expiries, deadlines, clean-up cut-offs. SQL's now() stays the database's.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
