import { ErrorLimitGate } from './error-limit.gate';
import type { EsiResponseHeaders } from './esi-response-headers';

const headers = (remain?: number, resetSeconds?: number): EsiResponseHeaders => ({
  noStore: false,
  errorLimitRemain: remain,
  errorLimitResetSeconds: resetSeconds,
});

describe('ErrorLimitGate', () => {
  const now = 1_000_000;

  it('lets requests through while the budget lasts', () => {
    const gate = new ErrorLimitGate(10);
    gate.observe(200, headers(100, 60), now);
    gate.observe(404, headers(11, 30), now);
    expect(gate.waitMs(now)).toBe(0);
    expect(gate.lastRemaining).toBe(11);
  });

  it('pauses until the window resets once the reserve is reached, before ESI answers 420', () => {
    const gate = new ErrorLimitGate(10);
    gate.observe(500, headers(10, 42), now);
    expect(gate.waitMs(now)).toBe(42_000);
    expect(gate.waitMs(now + 42_000)).toBe(0);
  });

  it('pauses until the reset on a 420, for the whole window when the reset is unknown', () => {
    const withReset = new ErrorLimitGate();
    withReset.observe(420, headers(0, 17), now);
    expect(withReset.waitMs(now + 2_000)).toBe(15_000);
    const withoutReset = new ErrorLimitGate();
    withoutReset.observe(420, headers(), now);
    expect(withoutReset.waitMs(now)).toBe(60_000);
  });

  it('never shortens a pause and never pauses for less than a second on a 420', () => {
    const gate = new ErrorLimitGate();
    gate.observe(420, headers(0, 30), now);
    gate.observe(420, headers(0, 5), now);
    expect(gate.waitMs(now)).toBe(30_000);
    const atReset = new ErrorLimitGate();
    atReset.observe(420, headers(0, 0), now);
    expect(atReset.waitMs(now)).toBe(1_000);
  });
});
