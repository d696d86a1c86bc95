/**
 * One of the processes the shared event store test runs side by side on one SQLite file: it appends batches of two
 * events to a few streams of one category, each with the expected revision it read just before (and again after a
 * conflict), as `runDecider` does. Arguments: the file, the category, this writer's tag, how many batches, how many
 * streams, the instant (ms) to open the file at, so every writer opens it at once, and how many writers there are:
 * each waits until all have opened it before it appends, so a writer whose Node started late on a loaded machine
 * still appends beside the others. Each event's text says who wrote it, which batch and part it is, the revision
 * read before its append, and when the writer began. Prints `started` when it starts appending and `caught-up`
 * when it has appended every batch.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SystemClock, SqliteEventStore, WrongExpectedVersionError } from '@tradewise/platform';
import { noteAdded, testCatalogue } from '../../support/test-events';

export interface AppendedNote {
  readonly tag: string;
  readonly batch: number;
  readonly part: number;
  /** The stream's revision this writer read before the append (-1: none yet). */
  readonly read: number;
  /** When this writer began appending (ms since the epoch). */
  readonly startedAt: number;
}

async function main(): Promise<void> {
  const [path, category, tag, batchesText, streamsText, startAtText, writersText] = process.argv.slice(2);
  const batches = Number(batchesText);
  const streams = Number(streamsText);
  // Every writer opens the file at the same moment: a new file is made by one of them, found made by the others.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAtText) - Date.now())));
  const store = new SqliteEventStore({ path: path!, catalogue: testCatalogue, clock: new SystemClock() });
  const directory = dirname(path!);
  writeFileSync(join(directory, `opened-${tag}`), '');
  while (readdirSync(directory).filter((name) => name.startsWith('opened-')).length < Number(writersText))
    await new Promise((resolve) => setTimeout(resolve, 5));
  const startedAt = Date.now();
  process.stdout.write('started\n');
  for (let batch = 0; batch < batches; batch += 1) {
    const streamId = `${category}-${batch % streams}`;
    for (;;) {
      const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      const read = last?.revision ?? -1;
      const events = [0, 1].map((part) => ({
        id: randomUUID(),
        type: noteAdded.type,
        data: { text: JSON.stringify({ tag, batch, part, read, startedAt } satisfies AppendedNote) },
        metadata: { $correlationId: tag, $causationId: tag, actor: 'system:test' },
      }));
      try {
        await store.append(streamId, events, { expectedRevision: read === -1 ? 'no_stream' : read });
        break;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
  }
  await store.close();
  process.stdout.write('caught-up\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
