/**
 * `npm run projections -- list`, `npm run projections -- rebuild <name> [--diff]`,
 * `npm run projections -- switch|discard <name>`, `npm run projections -- report <id> [--csv|--json]` and
 * `npm run projections -- rebuild <name> --partition <account or document id>`: operator commands for read models.
 * A rebuild with `--diff` is compared with the serving generation when it catches up and waits for a switch or a
 * discard; its report is kept.
 * Against the embedded stores of a running server it asks that server (its admin API), because the embedded read
 * store lives in the server's memory; otherwise it builds a whole read model here, beside the serving generation,
 * and leaves a partition's rebuild to the process that serves the read model (through the registry).
 */
import { SingleBar } from 'cli-progress';
import { eventCatalogue } from '@tradewise/contracts';
import {
  SystemClock,
  createAdapters,
  createLogger,
  csvOf,
  loadPlatformConfig,
  operatorToken,
  readDataDirLock,
  usesProcessLocalStores,
  type CheckpointStore,
  type EventStore,
  type PlatformConfig,
  type ReadStore,
} from '@tradewise/platform';
import { productProjections } from '../product-projections';
import type { AnyProjection } from './projection';
import type { ProjectionStatus } from './projection-host';
import { PartitionFailures, readModelFailure } from './partition-failures';
import { ProjectionRegistry, type RepairRequest } from './projection-registry';
import type { PartitionRepair } from './projection-track';
import { ProjectionRunner } from './projection-runner';
import { rebuildOffline } from './offline-rebuild';
import { currentRulesRevision } from './projection-rules';
import {
  REBUILD_REPORT_CSV_HEADER,
  RebuildReports,
  rebuildReportCsvCells,
  type RebuildReport,
} from './rebuild-report';

const USAGE =
  'usage: npm run projections -- list | rebuild <name> [--diff | --partition <id> [--pass-over <position> ' +
  '--reason <text>]] | switch <name> | discard <name> | report <id> [--csv | --json]';
const REPAIR_WAIT_MS = 60_000;

interface Progress {
  update(position: number, head: number): void;
  stop(): void;
}

function progressDisplay(name: string): Progress {
  const started = Date.now();
  const rate = (position: number): number =>
    Math.round(position / Math.max(0.001, (Date.now() - started) / 1000));
  if (process.stdout.isTTY) {
    const bar = new SingleBar({
      format: `${name} |{bar}| {percentage}% | {value}/{total} | {rate} events/s | ETA {eta_formatted}`,
      hideCursor: true,
    });
    bar.start(1, 0, { rate: 0 });
    return {
      update: (position, head) => {
        bar.setTotal(Math.max(head, 1));
        bar.update(position, { rate: rate(position) });
      },
      stop: () => bar.stop(),
    };
  }
  let lastPrint = 0;
  return {
    update: (position, head) => {
      if (Date.now() - lastPrint < 2000 && position < head) return;
      lastPrint = Date.now();
      const perSecond = rate(position);
      const eta = perSecond > 0 ? Math.ceil((head - position) / perSecond) : 0;
      console.log(`${name}: ${position}/${head} (${perSecond} events/s, ETA ${eta}s)`);
    },
    stop: () => undefined,
  };
}

interface Command {
  readonly command: 'list' | 'rebuild' | 'switch' | 'discard' | 'report';
  readonly name?: string;
  readonly diff?: boolean;
  readonly reportId?: string;
  readonly format?: 'csv' | 'json';
  readonly partition?: string;
  readonly passOverPosition?: number;
  readonly reason?: string;
}

function parseCommand(argv: readonly string[]): Command | null {
  const [command, name, ...rest] = argv;
  if (command === 'list' && argv.length === 1) return { command };
  if ((command === 'switch' || command === 'discard') && name && rest.length === 0) return { command, name };
  if (command === 'report' && name && rest.length <= 1) {
    if (rest.length === 0) return { command, reportId: name };
    if (rest[0] === '--csv' || rest[0] === '--json')
      return { command, reportId: name, format: rest[0] === '--csv' ? 'csv' : 'json' };
    return null;
  }
  if (command === 'rebuild' && name && rest.length === 1 && rest[0] === '--diff')
    return { command, name, diff: true };
  if (command !== 'rebuild' || !name || rest.length % 2 !== 0) return null;
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) flags.set(rest[i]!, rest[i + 1]!);
  if ([...flags.keys()].some((flag) => !['--partition', '--pass-over', '--reason'].includes(flag)))
    return null;
  const partition = flags.get('--partition');
  const passOver = flags.get('--pass-over');
  const reason = flags.get('--reason');
  if (!partition) return flags.size === 0 ? { command, name } : null;
  if (passOver === undefined) return reason === undefined ? { command, name, partition } : null;
  const passOverPosition = Number(passOver);
  if (!Number.isSafeInteger(passOverPosition) || passOverPosition < 1 || !reason) return null;
  return { command, name, partition, passOverPosition, reason };
}

function printRepair(name: string, repair: PartitionRepair): void {
  if (repair.repaired) {
    console.log(
      `${name}: partition ${repair.partition} rebuilt up to position ${repair.position}; it is current.`,
    );
    return;
  }
  const { position, eventType, streamId, reason } = repair.failure;
  throw new Error(
    `${name}: partition ${repair.partition} still stops at position ${position}` +
      `${eventType ? ` (${eventType} in ${streamId})` : ''}: ${reason}`,
  );
}

const isk = (cents: number): string =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function printReport(report: RebuildReport): void {
  const { totals } = report;
  console.log(
    `${report.projection}: report ${report._id} (rules revision ${report.servingRulesRevision ?? 'spec'} -> ` +
      `${report.builtRulesRevision ?? 'spec'}, ${report.decision.state})`,
  );
  for (const p of report.partitions) {
    if (p.rowsAdded + p.rowsRemoved + p.rowsChanged === 0) continue;
    console.log(
      `  ${p.partition}: +${p.rowsAdded} -${p.rowsRemoved} ~${p.rowsChanged} rows; profit ` +
        `${isk(p.profitBeforeCents)} -> ${isk(p.profitAfterCents)} ISK ` +
        `(${isk(p.profitAfterCents - p.profitBeforeCents)})`,
    );
  }
  console.log(
    `  all ${report.partitions.length} partitions: +${totals.rowsAdded} -${totals.rowsRemoved} ~${totals.rowsChanged} ` +
      `rows; profit ${isk(totals.profitBeforeCents)} -> ${isk(totals.profitAfterCents)} ISK`,
  );
}

async function viaServer(
  config: PlatformConfig,
  port: number,
  { command, name, partition, passOverPosition, reason, diff, reportId, format }: Command,
): Promise<void> {
  const root = `http://127.0.0.1:${port}/api/v1/admin`;
  const base = `${root}/projections`;
  const headers = { authorization: `Bearer ${operatorToken(config.dataDir, process.env)}` };
  const send = async (url: string, method: string, payload?: unknown): Promise<Response> => {
    const response = await fetch(url, {
      method,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      throw new Error(answer.message ?? `HTTP ${response.status}`);
    }
    return response;
  };
  const call = async <T>(path: string, method = 'GET', payload?: unknown): Promise<T> =>
    (await (await send(`${base}${path}`, method, payload)).json()) as T;
  if (command === 'list') {
    printStatuses(await call<ProjectionStatus[]>(''));
    return;
  }
  if (command === 'report') {
    const query = `?format=${format ?? 'json'}`;
    const answer = await send(`${root}/rebuild-reports/${encodeURIComponent(reportId!)}${query}`, 'GET');
    process.stdout.write(await answer.text());
    return;
  }
  if (command === 'switch' || command === 'discard') {
    const report = await call<RebuildReport | null>(`/${encodeURIComponent(name!)}/${command}`, 'POST', {});
    console.log(
      command === 'switch'
        ? `${name}: reads have switched to the rebuilt read model.`
        : `${name}: the rebuild is discarded; the serving read model stays.`,
    );
    if (report) console.log(`report ${report._id}: ${report.decision.state}`);
    return;
  }
  if (partition) {
    const path = `/${encodeURIComponent(name!)}/partitions/${encodeURIComponent(partition)}/rebuild`;
    printRepair(name!, await call<PartitionRepair>(path, 'POST', { passOverPosition, reason }));
    return;
  }
  const { collection } = await call<{ collection: string }>(
    `/${encodeURIComponent(name!)}/rebuild`,
    'POST',
    diff ? { diff: true } : {},
  );
  const progress = progressDisplay(name!);
  for (;;) {
    const status = await call<ProjectionStatus>(`/${encodeURIComponent(name!)}`);
    if (status.rebuild) progress.update(status.rebuild.position, status.headPosition);
    if (status.rebuild?.collection === collection && status.rebuild.reportId) {
      progress.stop();
      const report = await send(`${root}/rebuild-reports/${status.rebuild.reportId}`, 'GET');
      printReport((await report.json()) as RebuildReport);
      console.log(
        `${name} rebuilt into ${collection}; reads stay on ${status.servingCollection ?? 'nothing'} until ` +
          `npm run projections -- switch ${name} (or discard ${name}). ` +
          `Download: npm run projections -- report ${status.rebuild.reportId} --csv`,
      );
      return;
    }
    if (!status.rebuild && status.servingCollection === collection) break;
    if (!status.rebuild && status.error) {
      progress.stop();
      throw new Error(status.error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  progress.stop();
  console.log(`${name} rebuilt into ${collection}; reads have switched to it.`);
}

async function locally(
  config: PlatformConfig,
  { command, name, partition, passOverPosition, reason, diff, reportId, format }: Command,
): Promise<void> {
  const clock = new SystemClock();
  const adapters = await createAdapters(config, eventCatalogue, clock);
  const dependencies = {
    eventStore: adapters.eventStore,
    readStore: adapters.readStore,
    checkpointStore: adapters.checkpointStore,
    catalogue: eventCatalogue,
    logger: createLogger('warn'),
    clock,
  };
  try {
    const runner = new ProjectionRunner(productProjections, dependencies);
    if (command === 'report') {
      const reports = new RebuildReports(adapters.readStore);
      const report = await reports.get(reportId!);
      const rows = await reports.rowsOf(reportId!);
      if (format === 'csv')
        process.stdout.write(csvOf(REBUILD_REPORT_CSV_HEADER, rows.map(rebuildReportCsvCells)));
      else if (format === 'json') console.log(JSON.stringify({ ...report, rows }, null, 2));
      else printReport(report);
      return;
    }
    if (command === 'switch' || command === 'discard' || diff)
      throw new Error(
        'a rebuild with a diff, its switch and its discard are decided by the process serving the read model: ' +
          'run them against it (its admin API, or the staff console)',
      );
    if (command === 'list') {
      printStatuses(
        await storedStatuses(
          runner.names.map((n) => runner.host(n).projection),
          dependencies,
        ),
      );
      return;
    }
    const projection = runner.host(name!).projection;
    if (partition) {
      const passOver =
        passOverPosition === undefined
          ? undefined
          : { position: passOverPosition, reason: reason!, by: 'operator' };
      await requestRepair(projection.name, { partition, passOver }, dependencies);
      return;
    }
    const progress = progressDisplay(name!);
    const head = await adapters.eventStore.headPosition();
    const generation = await rebuildOffline(projection, dependencies, ({ position }) =>
      progress.update(position, head),
    );
    progress.stop();
    console.log(`${name} rebuilt into ${generation.collection}; reads switch to it.`);
  } finally {
    await adapters.close();
  }
}

/** Leaves the request in the registry for the process serving the read model, and waits a while for its answer. */
async function requestRepair(
  name: string,
  request: RepairRequest,
  { readStore, checkpointStore }: { readStore: ReadStore; checkpointStore: CheckpointStore },
): Promise<void> {
  const registry = new ProjectionRegistry(readStore);
  const { partition } = request;
  await registry.requestRepair(name, request);
  const deadline = Date.now() + REPAIR_WAIT_MS;
  while (Date.now() < deadline) {
    const entry = await registry.get(name);
    const serving = entry.serving?.collection;
    if (serving && !(entry.repairRequests ?? []).some((r) => r.partition === partition)) {
      const failure = await new PartitionFailures(readStore).get(serving, partition);
      const position = (await checkpointStore.get(serving))?.position ?? 0;
      printRepair(
        name,
        failure ? { repaired: false, partition, failure } : { repaired: true, partition, position },
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(
    `${name}: the rebuild of partition ${partition} is requested; the process running the projections takes it ` +
      'within seconds of its next start.',
  );
}

/** What the stores say of each read model, for when no server is running it: nothing is started to find out. */
async function storedStatuses(
  projections: readonly AnyProjection[],
  dependencies: { eventStore: EventStore; readStore: ReadStore; checkpointStore: CheckpointStore },
): Promise<ProjectionStatus[]> {
  const registry = new ProjectionRegistry(dependencies.readStore);
  const failures = new PartitionFailures(dependencies.readStore);
  const headPosition = await dependencies.eventStore.headPosition();
  return Promise.all(
    projections.map(async (projection): Promise<ProjectionStatus> => {
      const entry = await registry.get(projection.name);
      const rulesRevision = await currentRulesRevision(projection, dependencies.eventStore);
      const serving = entry.serving?.collection ?? null;
      const position = serving ? ((await dependencies.checkpointStore.get(serving))?.position ?? 0) : 0;
      const building = entry.building?.collection;
      const buildPosition = building
        ? ((await dependencies.checkpointStore.get(building))?.position ?? 0)
        : 0;
      return {
        name: projection.name,
        version: projection.version,
        state: entry.lastError && !serving ? 'failed' : 'stopped',
        servingCollection: serving,
        position,
        headPosition,
        lag: Math.max(0, headPosition - position),
        rebuild: building
          ? {
              collection: building,
              position: buildPosition,
              eventsPerSecond: 0,
              diff: Boolean(entry.building?.diff),
              reportId: entry.building?.diff?.reportId ?? null,
            }
          : null,
        rules: projection.rules
          ? {
              revision: entry.serving?.rulesRevision ?? null,
              currentRevision: rulesRevision,
              changed: serving !== null && (entry.serving?.rulesRevision ?? null) !== rulesRevision,
            }
          : null,
        error: entry.lastError,
        failedPartitions: serving ? (await failures.of(serving)).map(readModelFailure) : [],
      };
    }),
  );
}

function printStatuses(statuses: readonly ProjectionStatus[]): void {
  for (const s of statuses) {
    console.log(
      `${s.name.padEnd(28)} v${s.version}  ${s.state.padEnd(12)} position ${s.position} of ${s.headPosition}` +
        `${s.servingCollection ? `  (${s.servingCollection})` : ''}${s.error ? `  error: ${s.error}` : ''}`,
    );
    for (const failure of s.failedPartitions) {
      console.log(
        `  partition ${failure.partition} stopped at position ${failure.position}` +
          `${failure.eventType ? ` (${failure.eventType} in ${failure.streamId})` : ''}: ${failure.reason}` +
          `  -> npm run projections -- rebuild ${s.name} --partition ${failure.partition}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadPlatformConfig();
  const holder = usesProcessLocalStores(config) ? readDataDirLock(config.dataDir) : null;
  if (holder?.port) await viaServer(config, holder.port, command);
  else await locally(config, command);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`projections: ${error.message}`);
    process.exit(1);
  },
);
