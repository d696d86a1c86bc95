/** DI token of the {@link Clock}. */
export const CLOCK = Symbol('CLOCK');

/** Time is injected so deciders, projections and tests are deterministic. */
export interface Clock {
  now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
