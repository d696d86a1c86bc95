import type { ServerProcess } from '../../support/server-process';

export type LogLine = { msg?: string; [field: string]: unknown };

/** The JSON lines a server process has logged so far. */
export function logLines(server: ServerProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return line.startsWith('{') ? [JSON.parse(line) as LogLine] : [];
      } catch {
        return [];
      }
    });
}

/** Waits for the first line logging `msg`; fails when the process exits first or the time runs out. */
export async function untilLogged(server: ServerProcess, msg: string, timeoutMs = 180_000): Promise<LogLine> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  for (;;) {
    const line = logLines(server).find((l) => l.msg === msg);
    if (line) return line;
    if (exited || Date.now() > deadline) throw new Error(`no '${msg}' logged:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
