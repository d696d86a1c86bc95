import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, startServerProcess, waitForStatus } from '../support/server-process';

function projections(dataDir: string, ...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'tools/run.js'), 'projections/src/runner/cli.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run projections', () => {
  jest.setTimeout(120_000);
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-cli-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists read models and rebuilds one in place when no server holds the data directory', () => {
    expect(projections(dataDir, 'list')).toMatchObject({
      status: 0,
      output: expect.stringMatching(/event-log-summary\s+v1\s+stopped/),
    });
    const rebuilt = projections(dataDir, 'rebuild', 'event-log-summary');
    expect(rebuilt.status).toBe(0);
    expect(rebuilt.output).toContain('event-log-summary rebuilt into rm_event_log_summary_v1_g1');
    expect(projections(dataDir, 'list').output).toContain('(rm_event_log_summary_v1_g1)');
  });

  it('names the known read models when asked for an unknown one, and shows usage without a command', () => {
    expect(projections(dataDir, 'rebuild', 'nope')).toEqual({
      status: 1,
      output: expect.stringContaining("projections: No projection named 'nope'; known: event-log-summary"),
    });
    expect(projections(dataDir)).toEqual({
      status: 2,
      output: expect.stringContaining('usage: npm run projections -- list | rebuild <name>'),
    });
  });

  it('asks the running server to rebuild when it holds the embedded stores', async () => {
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    try {
      await waitForStatus(server, '/readyz');
      const rebuilt = projections(dataDir, 'rebuild', 'event-log-summary');
      expect(rebuilt.status).toBe(0);
      expect(rebuilt.output).toMatch(
        /event-log-summary rebuilt into rm_event_log_summary_v1_g2; reads have switched to it\./,
      );
      const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
        projections: { name: string; state: string }[];
      };
      expect(ready.projections).toContainEqual(
        expect.objectContaining({ name: 'event-log-summary', state: 'live' }),
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('rebuilds with a diff against the running server, prints the report, downloads it and switches on request', async () => {
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    try {
      await waitForStatus(server, '/readyz');
      const compared = projections(dataDir, 'rebuild', 'trade-ledger', '--diff');
      expect(compared.status).toBe(0);
      expect(compared.output).toMatch(
        /trade-ledger: report [0-9a-f-]{36} \(rules revision spec -> spec, pending\)/,
      );
      expect(compared.output).toContain('all 0 partitions: +0 -0 ~0 rows; profit 0.00 -> 0.00 ISK');
      expect(compared.output).toMatch(
        /reads stay on rm_trade_ledger_v\d+_g1 until npm run projections -- switch/,
      );
      const reportId = /report ([0-9a-f-]{36})/.exec(compared.output)![1]!;
      expect(projections(dataDir, 'report', reportId, '--csv')).toEqual({
        status: 0,
        output:
          'partition,documentId,change,profitBeforeCents,profitAfterCents,profitDifferenceCents,changedFields\r\n',
      });
      expect(JSON.parse(projections(dataDir, 'report', reportId, '--json').output)).toMatchObject({
        _id: reportId,
        requestedBy: 'operator',
        rows: [],
      });
      const switched = projections(dataDir, 'switch', 'trade-ledger');
      expect(switched.output).toContain('trade-ledger: reads have switched to the rebuilt read model.');
      expect(switched.output).toContain(`report ${reportId}: switched`);
      expect(projections(dataDir, 'discard', 'trade-ledger')).toEqual({
        status: 1,
        output: expect.stringContaining('projections: trade-ledger: no rebuild is under way'),
      });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('leaves a rebuild with a diff to the process serving the read model when none holds the data directory', () => {
    expect(projections(dataDir, 'rebuild', 'trade-ledger', '--diff')).toEqual({
      status: 1,
      output: expect.stringContaining(
        'a rebuild with a diff, its switch and its discard are decided by the process',
      ),
    });
  });
});
