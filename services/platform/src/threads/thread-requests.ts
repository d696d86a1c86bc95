import { parentPort, type Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from './typescript-worker';

interface Envelope<Request> {
  readonly id: number;
  readonly request: Request;
}

type Reply<Answer> =
  { readonly id: number; readonly answer: Answer } | { readonly id: number; readonly error: string };

interface Waiter<Answer> {
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Requests to a worker thread that answers each in turn ({@link answerRequests} in its entry). The thread starts
 * on the first request and is referenced only while one is awaited, so an idle thread does not keep the process
 * alive. A request the thread could not answer rejects with its error; a thread that fails or exits rejects every
 * request awaited and every later one.
 */
export class ThreadRequests<Request, Answer> {
  private worker: Worker | undefined;
  private stopped: Error | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Waiter<Answer>>();
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly entry: string,
    private readonly data: unknown,
    /** The thread as its errors name it. */
    private readonly what: string,
  ) {}

  /** Why the thread no longer answers; undefined while it does. */
  get failure(): Error | undefined {
    return this.stopped;
  }

  ask(request: Request): Promise<Answer> {
    if (this.stopped) return Promise.reject(this.stopped);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    if (this.pending.size === 0) worker.ref();
    const envelope: Envelope<Request> = { id, request };
    worker.postMessage(envelope);
    const answered = new Promise<Answer>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.last = answered.catch(() => undefined);
    return answered;
  }

  private start(): Worker {
    const worker = startTypeScriptWorker(this.entry, this.data);
    worker.unref();
    worker.on('message', (reply: Reply<Answer>) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply.answer);
    });
    worker.on('error', (reason) => this.stop(workerFailure(reason, this.what)));
    worker.on('exit', (code) => this.stop(new Error(`${this.what} exited with code ${code}`)));
    return worker;
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    this.worker = undefined;
    for (const waiter of this.pending.values()) waiter.reject(this.stopped);
    this.pending.clear();
  }

  /** Waits for the requests asked so far, then stops the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.last;
    this.stopped = new Error(`${this.what} is closed`);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

/**
 * Answers the parent's requests in a thread started by {@link ThreadRequests}, one at a time, in order: an answer
 * that is a promise is awaited before the next request is taken.
 */
export function answerRequests<Request, Answer>(
  answer: (request: Request) => Answer | Promise<Answer>,
): void {
  const port = parentPort!;
  let previous: Promise<void> = Promise.resolve();
  port.on('message', ({ id, request }: Envelope<Request>) => {
    previous = previous.then(async () => {
      let reply: Reply<Answer>;
      try {
        reply = { id, answer: await answer(request) };
      } catch (error) {
        reply = { id, error: (error as Error).message };
      }
      port.postMessage(reply);
    });
  });
}

/**
 * What a worker threw, as an Error of this thread: it arrives as a copy, which may have lost its class (an SQLite
 * error keeps only its code).
 */
function workerFailure(reason: unknown, what: string): Error {
  if (reason instanceof Error) return reason;
  const { message, code } = (reason ?? {}) as { message?: unknown; code?: unknown };
  const described = typeof message === 'string' ? message : typeof code === 'string' ? code : String(reason);
  return new Error(`${what} failed: ${described}`);
}
