import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freePort, startServerProcess, stopCleanly, waitForStatus } from '../support/server-process';

function digest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

describe('The product process (npm start)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-proc-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on embedded defaults, answers /healthz and /readyz, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForStatus(server, '/healthz');
    await waitForStatus(server, '/readyz');
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
      status: string;
      projections: { name: string }[];
    };
    expect(ready.status).toBe('ready');
    expect(ready.projections.map((p) => p.name)).toContain('event-log-summary');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
    await stopCleanly(server);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it('stops cleanly on a SIGTERM that arrives while it is still starting', async () => {
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    // The lock is taken when the stores open, before the web server and the roles start.
    const deadline = Date.now() + 60_000;
    while (!existsSync(join(dataDir, 'server.lock'))) {
      if (Date.now() > deadline) throw new Error(`the server never opened its stores:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await stopCleanly(server);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it('refuses a second process on the same data directory', async () => {
    const port = await freePort();
    const first = startServerProcess({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForStatus(first, '/healthz');
    const second = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(
      `Cannot start: ${dataDir} is in use by process ${first.child.pid} (port ${port})`,
    );
    first.child.kill('SIGTERM');
    await first.exited;
  });

  it.each([
    [{ EVENT_STORE: 'postgres' }, "EVENT_STORE must be one of sqlite, eventstoredb (got 'postgres')"],
    [{ READ_STORE: 'mongodb' }, 'MONGODB_URL is required when READ_STORE=mongodb'],
    [
      { BUS: 'kafka', KAFKA_BROKERS: 'localhost' },
      "KAFKA_BROKERS must be host:port[,host:port] (got 'localhost')",
    ],
    [{ PORT: 'eighty' }, "PORT must be a whole number from 1 to 65535 (got 'eighty')"],
    [{ ROLES: 'api,web' }, "ROLES must be a comma-separated list of api, sync, projections (got 'api,web')"],
  ])('stops at start-up on a bad variable %j, naming it and the allowed values', async (env, message) => {
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), ...env });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain(`Cannot start: ${message}`);
  });

  it.each([
    ['events.sqlite', 'garbage', 'not an SQLite database (foreign or corrupted file)'],
    ['read-store.sqlite', 'garbage', 'not an SQLite database (foreign or corrupted file)'],
    ['bus.sqlite', 'foreign', 'is an SQLite database of another application (application_id 0)'],
    ['events.sqlite', 'foreign', 'is an SQLite database of another application (application_id 0)'],
    ['events.sqlite', 'truncated', 'is damaged'],
  ])('stops at start-up over a %s that is %s, and leaves the file as it was', async (file, kind, message) => {
    const path = join(dataDir, file);
    if (kind === 'garbage') {
      writeFileSync(path, Buffer.from('this is not what we wrote '.repeat(200)));
    } else if (kind === 'foreign') {
      const db = new Database(path);
      db.exec(
        'CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5);',
      );
      db.close();
    } else {
      const port = await freePort();
      const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(port) });
      await waitForStatus(server, '/healthz');
      server.child.kill('SIGTERM');
      await server.exited;
      const db = new Database(path);
      db.exec('CREATE TABLE filler (x TEXT);');
      const insert = db.prepare('INSERT INTO filler VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 2000; i += 1) insert.run('x'.repeat(500));
      })();
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      truncateSync(path, Math.floor(readFileSync(path).length / 3));
    }
    const before = digest(path);
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain(`Cannot start: ${path}`);
    expect(server.output()).toContain(message);
    expect(server.output()).toContain('Refusing to start over it');
    expect(digest(path)).toBe(before);
  });
});
