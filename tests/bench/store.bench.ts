import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import {
  EmbeddedReadStore,
  EventLogInspector,
  KafkaBus,
  ManualClock,
  MongoDbReadStore,
  ReadStoreCheckpointStore,
  SqliteEventStore,
  createLogger,
  verifyEventLog,
  type EventToAppend,
} from '@tradewise/platform';
import { rebuildOffline, type Projection } from '@tradewise/projections';
import { balancesProjection } from '../support/balances.projection';
import { ROOT, freePort, startServerProcess, waitForStatus } from '../support/server-process';
import { KAFKA_BROKERS, MONGODB_URL, probeServers, serverUp } from '../support/servers';
import { increment, testCatalogue } from '../support/test-events';
import type { Bench, BenchRow } from './bench';
import { numberOption, textOption } from './support/bench-args';

const perSecond = (count: number, ms: number): number => Math.round((count / ms) * 1000);
const format = (n: number): string => n.toLocaleString('en-US');

/** Fills an embedded log with `count` small events on `streams` streams, in appends of `batch`. */
async function seed(path: string, count: number, streams: number, batch: number): Promise<number> {
  const store = new SqliteEventStore({ path, catalogue: testCatalogue, clock: new ManualClock() });
  const started = performance.now();
  for (let written = 0; written < count; written += batch) {
    const events: EventToAppend[] = [];
    for (let i = 0; i < batch && written + i < count; i += 1) events.push(increment(written + i));
    await store.append(`wallet-${(written / batch) % streams}`, events, { expectedRevision: 'any' });
  }
  const elapsed = performance.now() - started;
  await store.close();
  return elapsed;
}

async function embeddedAppend(dir: string): Promise<BenchRow> {
  const count = 200_000;
  const ms = await seed(join(dir, 'append.sqlite'), count, 1000, 100);
  const rate = perSecond(count, ms);
  return {
    metric: 'embedded append, batches of 100 (events/s)',
    value: format(rate),
    target: '>= 50,000',
    ok: rate >= 50_000,
  };
}

async function embeddedReplay(dir: string, events: number): Promise<BenchRow[]> {
  const eventsPath = join(dir, 'replay-events.sqlite');
  await seed(eventsPath, events, 10_000, 1000);

  const raw = new Database(eventsPath, { readonly: true });
  let rawStarted = performance.now();
  let parsed = 0;
  for (const row of raw.prepare('SELECT data, metadata FROM events ORDER BY position').iterate() as Iterable<{
    data: string;
    metadata: string;
  }>) {
    JSON.parse(row.data);
    JSON.parse(row.metadata);
    parsed += 1;
  }
  const rawRate = perSecond(parsed, performance.now() - rawStarted);
  raw.close();

  const clock = new ManualClock();
  const eventStore = new SqliteEventStore({ path: eventsPath, catalogue: testCatalogue, clock });
  const readStore = new EmbeddedReadStore(join(dir, 'replay-read.sqlite'));
  rawStarted = performance.now();
  await rebuildOffline(
    balancesProjection() as unknown as Projection,
    {
      eventStore,
      readStore,
      checkpointStore: new ReadStoreCheckpointStore(readStore, clock),
      catalogue: testCatalogue,
      logger: createLogger('silent'),
      clock,
    },
    () => undefined,
  );
  const replayRate = perSecond(events, performance.now() - rawStarted);
  await eventStore.close();
  await readStore.close();
  return [
    {
      metric: `embedded replay of ${format(events)} events into the read store (events/s)`,
      value: format(replayRate),
      target: '>= 100,000',
      ok: replayRate >= 100_000,
    },
    { metric: 'raw limit: sequential read + JSON.parse of the same rows (rows/s)', value: format(rawRate) },
  ];
}

async function kafka(): Promise<BenchRow[]> {
  if (!serverUp('kafka'))
    return [{ metric: 'Kafka adapter', value: 'skipped (no broker on 127.0.0.1:9092)' }];
  const count = 100_000;
  const topic = `bench.kafka.${Date.now()}`;
  const bus = new KafkaBus({ brokers: KAFKA_BROKERS, clientId: 'tradewise-bench' });
  await bus.ensureTopics([topic]);
  const consumer = spawn(
    process.execPath,
    [
      join(ROOT, 'tools/run.js'),
      'tests/bench/support/kafka-consumer-child.ts',
      topic,
      `bench-${Date.now()}`,
      String(count),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let consumerOutput = '';
  const finished = new Promise<number>((resolve, reject) => {
    consumer.stdout.on('data', (chunk: Buffer) => {
      consumerOutput += chunk.toString();
      const done = /done (\d+)/.exec(consumerOutput);
      if (done) resolve(Number(done[1]));
    });
    consumer.on('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`consumer exited with ${code}`)),
    );
  });
  while (!consumerOutput.includes('ready')) await new Promise((resolve) => setTimeout(resolve, 50));
  const started = Date.now();
  for (let sent = 0; sent < count; sent += 1000) {
    await bus.publish(
      topic,
      Array.from({ length: 1000 }, (_, i) => ({
        key: `character-${(sent + i) % 50}`,
        value: { seq: sent + i, amountCents: 1234 },
      })),
    );
  }
  const publishRate = perSecond(count, Date.now() - started);
  const endToEnd = perSecond(count, (await finished) - started);
  await bus.close();

  const perfTopic = `bench.perf.${Date.now()}`;
  const kafkaScript = join(ROOT, 'deploy/local/kafka.sh');
  execFileSync('bash', [kafkaScript, 'topics', '--create', '--topic', perfTopic, '--partitions', '4'], {
    stdio: 'ignore',
  });
  const producerOut = execFileSync(
    'bash',
    [
      kafkaScript,
      'perf-producer',
      '--topic',
      perfTopic,
      '--num-records',
      String(count),
      '--record-size',
      '60',
      '--throughput',
      '-1',
      '--producer-props',
      'acks=all',
    ],
    { encoding: 'utf8' },
  );
  const consumerOut = execFileSync(
    'bash',
    [kafkaScript, 'perf-consumer', '--topic', perfTopic, '--messages', String(count), '--timeout', '60000'],
    { encoding: 'utf8' },
  );
  const producerRate = /([\d.]+) records\/sec/.exec(producerOut.trim().split('\n').pop() ?? '')?.[1];
  const consumerLine = consumerOut.trim().split('\n').pop() ?? '';
  const consumerRate = consumerLine.split(',')[5]?.trim();
  const ok = endToEnd >= 20_000;
  return [
    {
      metric: `Kafka adapter publish+consume, ${format(count)} messages, consumer in its own process (msg/s)`,
      value: format(endToEnd),
      target: '>= 20,000',
      ok,
    },
    { metric: 'Kafka adapter publish, publisher side (msg/s)', value: format(publishRate) },
    {
      metric: "Kafka's ProducerPerformance, same broker (records/s)",
      value: producerRate ? format(Math.round(Number(producerRate))) : 'n/a',
    },
    {
      metric: "Kafka's ConsumerPerformance, same broker (msg/s)",
      value: consumerRate ? format(Math.round(Number(consumerRate))) : 'n/a',
    },
  ];
}

async function mongo(): Promise<BenchRow[]> {
  if (!serverUp('mongodb'))
    return [{ metric: 'MongoDB adapter', value: 'skipped (no server on 127.0.0.1:27017)' }];
  const count = 20_000;
  const documents = (prefix: string) =>
    Array.from({ length: count }, (_, i) => ({
      _id: `${prefix}${i}`,
      typeId: i % 500,
      balanceCents: i * 100,
      increments: 1,
    }));
  const store = await MongoDbReadStore.connect(MONGODB_URL, 'tradewise_bench');
  type BalanceDocument = { _id: string; typeId: number; balanceCents: number; increments: number };
  const viaPort = store.collection<BalanceDocument>(`port${Date.now()}`);
  let started = performance.now();
  for (let i = 0; i < count; i += 1000) {
    await viaPort.bulkWrite(
      documents('p')
        .slice(i, i + 1000)
        .map((document) => ({ insertOne: { document } })),
      { ordered: false },
    );
  }
  const portRate = perSecond(count, performance.now() - started);
  await store.dropCollection(viaPort.collectionName);
  await store.close();

  const client = await MongoClient.connect(MONGODB_URL);
  const raw = client.db('tradewise_bench').collection<BalanceDocument>(`raw${Date.now()}`);
  started = performance.now();
  for (let i = 0; i < count; i += 1000) {
    await raw.bulkWrite(
      documents('r')
        .slice(i, i + 1000)
        .map((document) => ({ insertOne: { document } })),
      { ordered: false },
    );
  }
  const rawRate = perSecond(count, performance.now() - started);
  await raw.drop();
  await client.close();
  return [
    { metric: 'MongoDB adapter bulk writes through the port (docs/s)', value: format(portRate) },
    { metric: 'raw driver bulk writes, same server (docs/s)', value: format(rawRate) },
    {
      metric: 'port / raw ratio',
      value: (portRate / rawRate).toFixed(2),
      target: '~1.00',
      ok: portRate / rawRate > 0.8,
    },
  ];
}

async function restart(dir: string, events: number): Promise<BenchRow[]> {
  const dataDir = join(dir, 'server-data');
  await seed(join(dataDir, 'events.sqlite'), events, 10_000, 1000);
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()) };
  const entry = 'tests/bench/support/bench-server.ts';
  let server = startServerProcess(env, entry);
  const firstReady = await waitForStatus(server, '/readyz', 200, 300_000);
  server.child.kill('SIGTERM');
  await server.exited;
  server = startServerProcess(env, entry);
  const started = Date.now();
  await waitForStatus(server, '/healthz', 200, 60_000);
  const healthy = Date.now() - started;
  await waitForStatus(server, '/readyz', 200, 60_000);
  const ready = Date.now() - started;
  server.child.kill('SIGTERM');
  await server.exited;
  return [
    { metric: `first start over ${format(events)} events, until /readyz (ms)`, value: format(firstReady) },
    { metric: `restart with ${format(events)} events, until /healthz (ms)`, value: format(healthy) },
    {
      metric: `restart with ${format(events)} events, until /readyz (ms)`,
      value: format(ready),
      target: '<= 10,000',
      ok: ready <= 10_000,
    },
  ];
}

/** The largest heap and resident set seen above where they started, sampled while `work` runs. */
async function peakMemoryGrowth(work: () => Promise<void>): Promise<{ heapMb: number; rssMb: number }> {
  const start = process.memoryUsage();
  let heap = 0;
  let rss = 0;
  const sample = (): void => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed - start.heapUsed);
    rss = Math.max(rss, now.rss - start.rss);
  };
  const sampler = setInterval(sample, 20);
  try {
    await work();
  } finally {
    clearInterval(sampler);
    sample();
  }
  return { heapMb: Math.round(heap / 2 ** 20), rssMb: Math.round(rss / 2 ** 20) };
}

/** Exports the whole log as JSON Lines through a stream that discards them, then verifies every chain. */
async function eventLogAudit(dir: string, events: number): Promise<BenchRow[]> {
  const eventsPath = join(dir, 'replay-events.sqlite');
  if (!existsSync(eventsPath)) await seed(eventsPath, events, 10_000, 1000);
  const store = new SqliteEventStore({
    path: eventsPath,
    catalogue: testCatalogue,
    clock: new ManualClock(),
  });
  let lines = 0;
  let bytes = 0;
  const discard = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
      done();
    },
  });
  let started = performance.now();
  const memory = await peakMemoryGrowth(() =>
    pipeline(Readable.from(new EventLogInspector(store).exportJsonLines()), discard),
  );
  const exportRate = perSecond(lines, performance.now() - started);
  started = performance.now();
  const report = await verifyEventLog(store, randomBytes(32));
  const verifyRate = perSecond(report.eventsChecked, performance.now() - started);
  await store.close();
  return [
    {
      metric: `JSON Lines export of ${format(lines)} events (${format(Math.round(bytes / 2 ** 20))} MB) (events/s)`,
      value: format(exportRate),
      target: '>= 50,000',
      ok: lines === events && exportRate >= 50_000,
    },
    {
      metric: 'export: peak heap / RSS growth (MB)',
      value: `${memory.heapMb} / ${memory.rssMb}`,
      target: 'heap <= 128',
      ok: memory.heapMb <= 128,
    },
    {
      metric: `verify of every chain, ${format(report.eventsChecked)} events (events/s)`,
      value: format(verifyRate),
      ok: report.ok,
    },
  ];
}

const PARTS = ['append', 'replay', 'audit', 'kafka', 'mongodb', 'restart'] as const;

/** `npm run bench -- store [--events N] [--only append|replay|audit|kafka|mongodb|restart]` */
const storeBench: Bench = async (args) => {
  const events = numberOption(args, 'events', 1_000_000);
  const only = textOption(args, 'only');
  if (only !== undefined && !(PARTS as readonly string[]).includes(only))
    throw new Error(`--only takes one of ${PARTS.join(', ')}`);
  const runs = (part: (typeof PARTS)[number]): boolean => only === undefined || only === part;
  await probeServers();
  const dir = mkdtempSync(join(tmpdir(), 'tw-bench-'));
  try {
    const rows: BenchRow[] = [];
    if (runs('append')) rows.push(await embeddedAppend(dir));
    if (runs('replay')) rows.push(...(await embeddedReplay(dir, events)));
    if (runs('audit')) rows.push(...(await eventLogAudit(dir, events)));
    if (runs('kafka')) rows.push(...(await kafka()));
    if (runs('mongodb')) rows.push(...(await mongo()));
    if (runs('restart')) rows.push(...(await restart(dir, events)));
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default storeBench;
