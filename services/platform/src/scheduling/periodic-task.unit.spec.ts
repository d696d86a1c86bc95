import { Writable } from 'node:stream';
import { createLogger } from '../logging/logger';
import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  const logged: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({ write: (chunk, _e, done) => (logged.push(String(chunk)), done()) }),
  );

  it('given a run under way, when asked again, then it waits for that run instead of starting another', async () => {
    let runs = 0;
    let finish!: () => void;
    const task = new PeriodicTask(
      () => new Promise<number>((resolve) => ((runs += 1), (finish = () => resolve(runs)))),
      { intervalMs: 60_000, logger, failure: 'failed' },
    );
    const first = task.runNow();
    const second = task.runNow();
    finish();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    const third = task.runNow();
    finish();
    expect(await third).toBe(2);
  });

  it('given runAtStart false, then the first run comes one interval after the start, and then every interval', async () => {
    jest.useFakeTimers();
    try {
      let runs = 0;
      const task = new PeriodicTask(async () => (runs += 1), {
        intervalMs: 1_000,
        logger,
        failure: 'failed',
        runAtStart: false,
      });
      task.start();
      expect(runs).toBe(0);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(runs).toBe(1);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(runs).toBe(2);
      await task.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('given a run that fails, then it is logged, answers null, and the next run goes on', async () => {
    let fail = true;
    const task = new PeriodicTask(
      async () => {
        if (fail) throw new Error('ESI is down');
        return 'ok';
      },
      { intervalMs: 60_000, logger, failure: 'The work failed' },
    );
    expect(await task.runNow()).toBeNull();
    expect(logged.some((line) => line.includes('The work failed') && line.includes('ESI is down'))).toBe(
      true,
    );
    fail = false;
    expect(await task.runNow()).toBe('ok');
  });

  it('given a start, then it runs at once, and a stop waits for the run under way', async () => {
    let done = false;
    const task = new PeriodicTask(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        done = true;
      },
      { intervalMs: 60_000, logger, failure: 'failed' },
    );
    task.start();
    await task.stop();
    expect(done).toBe(true);
  });
});
