import type { Clock } from '../ports/clock.port';

/**
 * The wall clock's pace from a chosen instant (now by default), moved forward by hand: cooldowns pass without
 * waiting, and a world that is generated from its clock (the ESI simulator's) stands where a test needs it.
 */
export class AdvancingClock implements Clock {
  private offsetMs: number;

  constructor(startingAt?: Date | string) {
    this.offsetMs = startingAt === undefined ? 0 : new Date(startingAt).getTime() - Date.now();
    if (Number.isNaN(this.offsetMs)) throw new Error(`Not a date: ${String(startingAt)}`);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
