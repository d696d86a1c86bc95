import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { EventCatalogue, defineEvent, streamHeadsDigestRecorded } from '@tradewise/contracts';
import {
  EMBEDDED_FILES,
  ManualClock,
  SqliteEventStore,
  StreamHeadsDigestRecorder,
  loadAuditSigningKey,
} from '@tradewise/platform';
import { AuditUsageError, parseAuditExport, runAuditCommand } from './audit-cli';

const ROOT = resolve(__dirname, '../../../..');
const noted = defineEvent({
  type: 'AuditCliTestNoted',
  schemaVersion: 1,
  schema: z.object({ accountId: z.string(), text: z.string() }),
});

async function run(argv: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const out = new PassThrough();
  let output = '';
  out.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await runAuditCommand(argv, env, out);
  return { code, output };
}

describe('npm run audit', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-audit-cli-'));
    env = { DATA_DIR: dataDir };
    const store = new SqliteEventStore({
      path: join(dataDir, EMBEDDED_FILES.events),
      catalogue: new EventCatalogue([noted, streamHeadsDigestRecorded]),
      clock: new ManualClock('2026-04-01T00:00:00.000Z'),
    });
    for (const account of ['acc1', 'acc2']) {
      await store.append(
        `tradeledger-${account}`,
        ['one', 'two', 'three'].map((text) => ({
          id: randomUUID(),
          type: noted.type,
          data: { accountId: account, text },
          metadata: {
            $correlationId: `sync-${account}`,
            $causationId: `sync-${account}`,
            actor: 'system:test',
          },
        })),
        { expectedRevision: 'no_stream' },
      );
    }
    await new StreamHeadsDigestRecorder(store, loadAuditSigningKey(dataDir, env)).record();
    await store.close();
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('verify exits 0 on an untouched log and 1 naming the stream when a tail was deleted, from the shell', async () => {
    const runCli = (): Promise<{ code: number; stdout: string }> =>
      promisify(execFile)('npm', ['run', '--silent', 'audit', '--', 'verify'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const clean = await runCli();
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^OK: 7 events in 3 streams, 1 signed digests/);

    const db = new Database(join(dataDir, EMBEDDED_FILES.events));
    db.prepare(`DELETE FROM events WHERE stream_id = 'tradeledger-acc2' AND revision = 2`).run();
    db.close();
    const tampered = await runCli();
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/^TAMPERING FOUND/);
    expect(tampered.stdout).toMatch(/digest-head: tradeledger-acc2, revision 2, .*tail was deleted/);
  }, 60_000);

  it('verify names a changed event', async () => {
    const db = new Database(join(dataDir, EMBEDDED_FILES.events));
    db.prepare(
      `UPDATE events SET data = replace(data, 'two', 'TWO') WHERE stream_id = 'tradeledger-acc1'`,
    ).run();
    db.close();
    const { code, output } = await run(['verify'], env);
    expect(code).toBe(1);
    expect(output).toMatch(/hash-mismatch: tradeledger-acc1, revision 1, position 2/);
  });

  it('exports the selected events as JSON Lines', async () => {
    const { code, output } = await run(['export', '--account', 'acc2', '--newest'], env);
    expect(code).toBe(0);
    const lines = output
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { streamId: string; revision: number; data: { text: string } });
    expect(lines.map((line) => [line.streamId, line.revision, line.data.text])).toEqual([
      ['tradeledger-acc2', 2, 'three'],
      ['tradeledger-acc2', 1, 'two'],
      ['tradeledger-acc2', 0, 'one'],
    ]);
    expect((await run(['export', '--correlation', 'sync-acc1', '--from', '2026-05-01'], env)).output).toBe(
      '',
    );
  });

  it('refuses a data directory without an event log rather than verify an empty one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tw-audit-cli-empty-'));
    try {
      await expect(run(['verify'], { DATA_DIR: empty })).rejects.toThrow(/There is no event log at/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('parses the export filters and refuses what it does not know', () => {
    expect(
      parseAuditExport(['--type', 'A', '--type', 'B', '--character', '90000001', '--from', '2026-04-01']),
    ).toEqual({
      selection: { eventTypes: ['A', 'B'], characterId: 90000001, recordedFrom: '2026-04-01T00:00:00.000Z' },
      order: 'oldest',
    });
    expect(() => parseAuditExport(['--colour', 'red'])).toThrow(AuditUsageError);
    expect(() => parseAuditExport(['--from', 'yesterday'])).toThrow(/not an ISO time/);
  });
});
