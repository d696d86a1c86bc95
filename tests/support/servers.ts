import { Socket } from 'node:net';

/** Where the real servers of the contract suites listen; deploy/local/servers.sh starts them here. */
export const KAFKA_BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
export const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/';
export const EVENTSTORE_URL = process.env.EVENTSTORE_URL;

function reachable(hostPort: string, timeoutMs = 1500): Promise<boolean> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port), host!, () => done(true));
  });
}

export type ServerName = 'kafka' | 'mongodb' | 'eventstoredb';

const ENV_FLAG: Record<ServerName, string> = {
  kafka: 'TW_TEST_KAFKA_UP',
  mongodb: 'TW_TEST_MONGODB_UP',
  eventstoredb: 'TW_TEST_EVENTSTOREDB_UP',
};

/** Whether global setup found the server (suites are declared synchronously, so they read its verdict). */
export function serverUp(server: ServerName): boolean {
  return process.env[ENV_FLAG[server]] === '1';
}

/**
 * Jest global setup: probes each real server once. With REQUIRE_SERVERS=1 (CI) a missing Kafka or MongoDB-wire
 * server fails the run; otherwise its suites are skipped with a line saying why. EventStoreDB cannot run here,
 * so its suite runs only where EVENTSTORE_URL is set.
 */
export async function probeServers(): Promise<void> {
  const checks: {
    server: ServerName;
    label: string;
    hostPort: string | undefined;
    hint: string;
    required: boolean;
  }[] = [
    {
      server: 'kafka',
      label: 'Kafka',
      hostPort: KAFKA_BROKERS[0],
      hint: 'start it with deploy/local/kafka.sh start',
      required: true,
    },
    {
      server: 'mongodb',
      label: 'MongoDB-wire server',
      hostPort: mongoHostPort(MONGODB_URL),
      hint: 'start one with deploy/local/ferretdb.sh start',
      required: true,
    },
    {
      server: 'eventstoredb',
      label: 'EventStoreDB',
      hostPort: eventStoreHostPort(EVENTSTORE_URL),
      hint: 'set EVENTSTORE_URL to run it',
      required: false,
    },
  ];
  const missing: string[] = [];
  for (const check of checks) {
    const up = check.hostPort !== undefined && (await reachable(check.hostPort));
    process.env[ENV_FLAG[check.server]] = up ? '1' : '0';
    if (up) continue;
    const why = check.hostPort === undefined ? 'not configured' : `not reachable at ${check.hostPort}`;
    if (check.required && process.env.REQUIRE_SERVERS === '1')
      missing.push(`${check.label} (${why}; ${check.hint})`);
    else process.stdout.write(`\nskipped: ${check.label} contract suites (${why}; ${check.hint})\n`);
  }
  if (missing.length > 0) throw new Error(`REQUIRE_SERVERS=1 but these are missing: ${missing.join(', ')}`);
}

export function mongoHostPort(url: string): string {
  return new URL(url).host || '127.0.0.1:27017';
}

export function eventStoreHostPort(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const match = /^[a-z+]+:\/\/(?:[^@/]+@)?([^/?,]+)/.exec(url);
  return match?.[1];
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A name for the Kafka topics or MongoDB-wire database one test run makes: `prefix`, the Jest worker's pid and
 * the time. The worker's test environment deletes what carries its {@link workerScopeMarker} after each file.
 */
export function workerScoped(prefix: string): string {
  return `${prefix}${workerScopeMarker()}${Date.now()}`;
}

/** What every {@link workerScoped} name of this Jest worker contains. */
export function workerScopeMarker(): string {
  return `_${process.pid}_`;
}
