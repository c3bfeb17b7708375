import type { Clock } from '#server/clock.js';

/** A clock the test moves: a seven-day window passes in one call, never in a sleep. */
export class TestClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-11-23T09:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves the clock forward by a duration in milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date | string): void {
    this.current = new Date(date).getTime();
  }
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
