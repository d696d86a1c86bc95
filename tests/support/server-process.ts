import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  /** Resolves with the exit code (or signal) when the process ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Kills a server a test left running (a failed test's child), so nothing outlives the suite. */
export async function killIfRunning(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** The Node flags of package.json's `start` script (a young generation that holds a projection's batch). */
const START_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Starts the product exactly as `npm start` does (same entry point and flags), with the given environment. */
export function startServerProcess(
  env: Record<string, string>,
  entry = 'services/server/src/main.ts',
): ServerProcess {
  const child = spawn(process.execPath, [...START_NODE_FLAGS, join(ROOT, 'tools/run.js'), entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${env.PORT ?? '3000'}`, output: () => output, exited };
}

/**
 * Stops a server as an operator does (SIGTERM) and expects it to exit 0; when it does not, the failure shows the end of
 * what it logged (a shutdown that failed, or one that ran past its deadline).
 */
export async function stopCleanly(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  const exited = await server.exited;
  if (exited.code !== 0 || exited.signal !== null)
    throw new Error(
      `The server did not stop cleanly (${JSON.stringify(exited)}); the end of its output:\n${server.output().slice(-8000)}`,
    );
}

/** Polls a URL until it answers with `status` (the server is up) or the process exits. */
export async function waitForStatus(
  server: ServerProcess,
  path: string,
  status = 200,
  timeoutMs = 30_000,
): Promise<number> {
  const started = Date.now();
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() - started < timeoutMs) {
    if (exited) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}${path}`);
      if (response.status === status) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} did not answer ${status} within ${timeoutMs} ms:\n${server.output()}`);
}
