/**
 * The world's time. By default it follows the wall clock; tests start it at a fixed instant, freeze it, and move
 * it on with `advance`, so each sync finds exactly the new data they expect. Rate and error-limit windows use it
 * too, so a test can wait out a 429 by advancing instead of sleeping.
 */
export class SimulationClock {
  private anchorSimulatedMs: number;
  private anchorRealMs: number;
  private frozen: boolean;

  constructor(
    options: { readonly start?: Date | string | number; readonly frozen?: boolean } = {},
    private readonly realNow: () => number = Date.now,
  ) {
    this.anchorRealMs = realNow();
    this.anchorSimulatedMs =
      options.start === undefined ? this.anchorRealMs : new Date(options.start).getTime();
    if (Number.isNaN(this.anchorSimulatedMs)) throw new Error(`Not a date: ${String(options.start)}`);
    this.frozen = options.frozen ?? false;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozen
      ? this.anchorSimulatedMs
      : this.anchorSimulatedMs + (this.realNow() - this.anchorRealMs);
  }

  get isFrozen(): boolean {
    return this.frozen;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`The simulation clock only moves forward, not by ${ms} ms`);
    this.anchorSimulatedMs += ms;
  }

  set(instant: Date | string | number): void {
    const ms = new Date(instant).getTime();
    if (Number.isNaN(ms)) throw new Error(`Not a date: ${String(instant)}`);
    this.anchorSimulatedMs = ms;
    this.anchorRealMs = this.realNow();
  }

  freeze(): void {
    this.anchorSimulatedMs = this.nowMs();
    this.frozen = true;
  }

  resume(): void {
    this.anchorRealMs = this.realNow();
    this.frozen = false;
  }
}
