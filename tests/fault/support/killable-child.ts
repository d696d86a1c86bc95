import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..');

export interface KillOptions {
  /** The child kills itself with SIGKILL right after its N-th read-model write (0: never). */
  readonly killAfterWrites?: number;
  /** The child kills itself with SIGKILL as soon as it sees contracts recorded (ledger-child). */
  readonly killAfterContracts?: boolean;
  /** The test kills the child this long after it printed `started`. */
  readonly killAfterMs?: number;
  /** The adapter set the child runs on (`adapterSets` env), passed as FAULT_ADAPTER_ENV; embedded when absent. */
  readonly adapterEnv?: Record<string, string>;
}

/**
 * Runs a fault-test child (`tools/run.js <script> ...args`) until it exits. Resolves whether it printed
 * `caught-up` (false when it was killed); rejects when it failed on its own.
 */
export function runKillableChild(
  script: string,
  args: readonly string[],
  options: KillOptions,
): Promise<boolean> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'tools/run.js'), script, ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        KILL_AFTER_WRITES: String(options.killAfterWrites ?? 0),
        KILL_AFTER_CONTRACTS: options.killAfterContracts ? '1' : '0',
        FAULT_ADAPTER_ENV: JSON.stringify(options.adapterEnv ?? {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stderr = '';
    let killAfterMs = options.killAfterMs;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killAfterMs !== undefined && output.includes('started')) {
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        killAfterMs = undefined;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`${script} failed (${code}): ${stderr}`));
      else resolvePromise(output.includes('caught-up'));
    });
  });
}
