import { ConcurrencyLimiter, mapWithConcurrency } from './concurrency-limiter';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimiter', () => {
  it('runs at most its limit at a time, the rest in arrival order', async () => {
    const limiter = new ConcurrencyLimiter(2);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const tasks = [1, 2, 3, 4].map((n) =>
      limiter.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      }),
    );
    await tick();
    expect(started).toEqual([1, 2]);
    releases[0]();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    releases.slice(1).forEach((release) => release());
    await tick();
    releases.forEach((release) => release());
    expect(await Promise.all(tasks)).toEqual([1, 2, 3, 4]);
  });

  it('frees its slot when a task fails', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });
});

describe('mapWithConcurrency', () => {
  it('keeps input order and the cap', async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3], 2, async (value) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, value));
      inFlight -= 1;
      return value * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });

  it('starts nothing new after a failure and throws it', async () => {
    const called: number[] = [];
    await expect(
      mapWithConcurrency([1, 2, 3, 4, 5], 1, async (value) => {
        called.push(value);
        if (value === 2) throw new Error('page 2 failed');
        return value;
      }),
    ).rejects.toThrow('page 2 failed');
    expect(called).toEqual([1, 2]);
  });
});
