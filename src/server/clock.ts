/**
 * What time it is, for every rule that runs on dates (the deal clock's deadlines and timers). The
 * app reads the system clock; tests hand in a clock they move, so a seven-day window passes at once.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
