import { SimulationClock } from './simulation-clock';

describe('the simulation clock', () => {
  it('runs with the wall clock from its start, and moves on when advanced', () => {
    let wall = 1_000;
    const clock = new SimulationClock({ start: '2026-01-01T00:00:00Z' }, () => wall);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    wall += 5_000;
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:05.000Z');
    clock.advance(3_600_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T01:00:05.000Z');
  });

  it('stands still when frozen', () => {
    let wall = 0;
    const clock = new SimulationClock({ start: '2026-01-01T00:00:00Z', frozen: true }, () => wall);
    wall += 10_000;
    expect(clock.nowMs()).toBe(Date.parse('2026-01-01T00:00:00Z'));
    clock.resume();
    wall += 1_000;
    expect(clock.nowMs()).toBe(Date.parse('2026-01-01T00:00:01Z'));
    clock.freeze();
    clock.set('2030-05-05T05:05:05Z');
    wall += 1_000;
    expect(clock.now().toISOString()).toBe('2030-05-05T05:05:05.000Z');
    expect(() => clock.advance(-1)).toThrow('only moves forward');
  });
});
