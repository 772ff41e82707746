/** Injected so tests can move time (lockouts, session expiry) without waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
