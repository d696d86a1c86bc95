/**
 * The auditors' commands (entry point: `audit-cli.main.ts`), run beside the server on its configuration:
 * `npm run audit -- verify [--json]` re-checks every stream's hash chain and the signed digests of stream heads
 * and exits 1 when anything does not match; `npm run audit -- export [filters] > events.jsonl` writes the selected
 * events as JSON Lines. With the embedded store they read its SQLite file directly, beside a running server (WAL
 * lets readers in while it appends), so they neither take the data directory's lock nor need the server up.
 */
import { existsSync } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eventCatalogue } from '@tradewise/contracts';
import {
  EventLogInspector,
  SystemClock,
  createEventStore,
  loadAuditSigningKey,
  loadPlatformConfig,
  verifyEventLog,
  type AuditReport,
  type EventLogSelection,
} from '@tradewise/platform';

export const AUDIT_USAGE =
  'usage: npm run audit -- verify [--json]\n' +
  '       npm run audit -- export [--account <id>] [--character <id>] [--stream <id>] [--type <type>]...\n' +
  '                               [--from <ISO time>] [--to <ISO time>] [--correlation <id>] [--newest] > events.jsonl';

type Env = Readonly<Record<string, string | undefined>>;

export class AuditUsageError extends Error {}

export interface AuditExport {
  readonly selection: EventLogSelection;
  readonly order: 'oldest' | 'newest';
}

const VALUE_FLAGS = ['--account', '--character', '--stream', '--type', '--from', '--to', '--correlation'];

function isoTime(flag: string, text: string): string {
  const time = new Date(text);
  if (Number.isNaN(time.getTime())) throw new AuditUsageError(`${flag} '${text}' is not an ISO time.`);
  return time.toISOString();
}

export function parseAuditExport(argv: readonly string[]): AuditExport {
  const values = new Map<string, string[]>();
  let order: AuditExport['order'] = 'oldest';
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i]!;
    if (flag === '--newest') {
      order = 'newest';
      continue;
    }
    const value = argv[i + 1];
    if (!VALUE_FLAGS.includes(flag) || value === undefined) throw new AuditUsageError(AUDIT_USAGE);
    values.set(flag, [...(values.get(flag) ?? []), value]);
    i += 1;
  }
  const one = (flag: string): string | undefined => values.get(flag)?.at(-1);
  const character = one('--character');
  if (character !== undefined && !/^\d+$/.test(character))
    throw new AuditUsageError(`--character '${character}' is not a character id.`);
  const from = one('--from');
  const to = one('--to');
  const selection: EventLogSelection = {
    ...(one('--account') !== undefined ? { accountId: one('--account') } : {}),
    ...(character !== undefined ? { characterId: Number(character) } : {}),
    ...(one('--stream') !== undefined ? { streamId: one('--stream') } : {}),
    ...(values.has('--type') ? { eventTypes: values.get('--type') } : {}),
    ...(from !== undefined ? { recordedFrom: isoTime('--from', from) } : {}),
    ...(to !== undefined ? { recordedTo: isoTime('--to', to) } : {}),
    ...(one('--correlation') !== undefined ? { correlationId: one('--correlation') } : {}),
  };
  return { selection, order };
}

export function formatAuditReport(report: AuditReport): string {
  const lines = [
    `${report.ok ? 'OK' : 'TAMPERING FOUND'}: ${report.eventsChecked} events in ${report.streamsChecked} streams, ` +
      `${report.digestsChecked} signed digests` +
      (report.lastDigestThrough === null
        ? ' (no digest yet: a deleted tail cannot be detected)'
        : ` (the last through position ${report.lastDigestThrough})`),
  ];
  for (const problem of report.problems) {
    const where = [
      problem.streamId,
      problem.revision !== undefined ? `revision ${problem.revision}` : undefined,
      problem.position !== undefined ? `position ${problem.position}` : undefined,
      problem.eventId !== undefined ? `event ${problem.eventId}` : undefined,
    ].filter(Boolean);
    lines.push(`${problem.kind}: ${where.join(', ')}: ${problem.detail}`);
  }
  if (report.problemsNotListed > 0) lines.push(`... and ${report.problemsNotListed} more problems`);
  return `${lines.join('\n')}\n`;
}

/** Runs one audit command, writing to `out`; answers the exit code. */
export async function runAuditCommand(argv: readonly string[], env: Env, out: Writable): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'verify' && command !== 'export') throw new AuditUsageError(AUDIT_USAGE);
  const exportRequest = command === 'export' ? parseAuditExport(rest) : undefined;
  if (command === 'verify' && rest.some((flag) => flag !== '--json')) throw new AuditUsageError(AUDIT_USAGE);
  const config = loadPlatformConfig(env);
  // Opening a missing file would create an empty log, and verify would find nothing wrong with it.
  if (config.eventStore.kind === 'sqlite' && !existsSync(config.eventStore.path)) {
    throw new Error(
      `There is no event log at ${config.eventStore.path}: set DATA_DIR (or EVENT_STORE_PATH) to the server's.`,
    );
  }
  const store = createEventStore(config, eventCatalogue, new SystemClock());
  try {
    if (exportRequest) {
      const inspector = new EventLogInspector(store);
      await pipeline(
        Readable.from(inspector.exportJsonLines(exportRequest.selection, exportRequest.order)),
        out,
        { end: false },
      );
      return 0;
    }
    const report = await verifyEventLog(store, loadAuditSigningKey(config.dataDir, env));
    out.write(rest.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : formatAuditReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await store.close();
  }
}
