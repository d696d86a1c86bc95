import { ManualClock } from '@tradewise/platform';
import { UiRequestLimiter } from './ui-request-limiter';

describe('UI request limiter', () => {
  it('admits one request a second per account; a refused one does not move the window', () => {
    const clock = new ManualClock('2026-11-21T12:00:00.000Z');
    const limiter = new UiRequestLimiter(clock);
    expect(limiter.tryAdmit('a')).toBe(true);
    clock.advance(600);
    expect(limiter.tryAdmit('a')).toBe(false);
    clock.advance(399);
    expect(limiter.tryAdmit('a')).toBe(false);
    clock.advance(1);
    expect(limiter.tryAdmit('a')).toBe(true);
    expect(limiter.tryAdmit('a')).toBe(false);
  });

  it('counts each account apart', () => {
    const limiter = new UiRequestLimiter(new ManualClock());
    expect(limiter.tryAdmit('a')).toBe(true);
    expect(limiter.tryAdmit('b')).toBe(true);
    expect(limiter.tryAdmit('a')).toBe(false);
  });
});
