import { RecalculationThrottle, type ThrottleTimers } from './recalculation-throttle';

/** A clock and timers moved by hand. */
class ManualTimers implements ThrottleTimers {
  time = 0;
  private timers: { at: number; callback: () => void; handle: number }[] = [];
  private nextHandle = 1;

  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.push({ at: this.time + ms, callback, handle });
    return handle;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }
  async advance(ms: number): Promise<void> {
    this.time += ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= this.time).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      due.callback();
      await flush();
    }
    await flush();
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup() {
  const timers = new ManualTimers();
  const sent: { request: string; at: number }[] = [];
  const answers: (() => void)[] = [];
  const throttle = new RecalculationThrottle<string>(
    (request) =>
      new Promise<void>((resolve) => {
        sent.push({ request, at: timers.now() });
        answers.push(resolve);
      }),
    1000,
    timers,
  );
  const answer = async () => {
    answers.shift()?.();
    await flush();
  };
  return { timers, sent, throttle, answer };
}

describe('recalculation throttle', () => {
  it('sends the first request at once', () => {
    const { sent, throttle } = setup();
    throttle.request('a');
    expect(sent).toEqual([{ request: 'a', at: 0 }]);
  });

  it('holds requests made while one is in flight, and sends only the newest when it may', async () => {
    const { timers, sent, throttle, answer } = setup();
    throttle.request('a');
    throttle.request('b');
    throttle.request('c');
    expect(throttle.hasWaiting).toBe(true);
    await timers.advance(300);
    await answer(); // 'a' answered after 300 ms: 'c' waits for the rest of the second
    expect(sent.map((call) => call.request)).toEqual(['a']);
    await timers.advance(699);
    expect(sent.map((call) => call.request)).toEqual(['a']);
    await timers.advance(1);
    expect(sent).toEqual([
      { request: 'a', at: 0 },
      { request: 'c', at: 1000 },
    ]);
    expect(throttle.hasWaiting).toBe(false);
  });

  it('defers a request made within a second of the last one, even when that one has answered', async () => {
    const { timers, sent, throttle, answer } = setup();
    throttle.request('a');
    await answer();
    await timers.advance(400);
    throttle.request('b');
    expect(sent).toHaveLength(1);
    await timers.advance(600);
    expect(sent.at(-1)).toEqual({ request: 'b', at: 1000 });
    await answer();
    await timers.advance(5000);
    throttle.request('c');
    expect(sent.at(-1)).toEqual({ request: 'c', at: 6000 });
  });

  it('waits for a slow answer before the deferred retry, and never sends two at once', async () => {
    const { timers, sent, throttle, answer } = setup();
    throttle.request('a');
    throttle.request('b');
    await timers.advance(2500);
    expect(sent).toHaveLength(1);
    await answer();
    expect(sent.at(-1)).toEqual({ request: 'b', at: 2500 });
  });

  it('sends nothing after it is disposed', async () => {
    const { timers, sent, throttle, answer } = setup();
    throttle.request('a');
    throttle.request('b');
    throttle.dispose();
    await answer();
    await timers.advance(2000);
    throttle.request('c');
    expect(sent.map((call) => call.request)).toEqual(['a']);
  });
});
