import { TestEnvironment } from 'jest-environment-node';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { KAFKA_BROKERS, MONGODB_URL, serverUp, workerScopeMarker } from './servers';

async function deleteTopics(marker: string): Promise<void> {
  const admin = new Kafka({
    clientId: 'test-cleanup',
    brokers: KAFKA_BROKERS,
    logLevel: logLevel.NOTHING,
    retry: { retries: 2 },
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.includes(marker));
    for (let start = 0; start < topics.length; start += 100)
      await admin.deleteTopics({ topics: topics.slice(start, start + 100), timeout: 30_000 });
  } finally {
    await admin.disconnect();
  }
}

async function dropDatabases(marker: string): Promise<void> {
  const client = await MongoClient.connect(MONGODB_URL, { serverSelectionTimeoutMS: 5_000 });
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) if (name.includes(marker)) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

/**
 * Jest's Node environment, which after each test file deletes the Kafka topics and MongoDB-wire databases the file
 * made (named by `workerScoped`). A full suite otherwise leaves some ten thousand partitions behind, and the
 * broker's idle work grows with them (3.2k partitions cost a tenth of a core of this 2-core machine for the rest of
 * the run).
 */
export default class ServerStateEnvironment extends TestEnvironment {
  override async teardown(): Promise<void> {
    await super.teardown();
    const marker = workerScopeMarker();
    const cleanups = [
      serverUp('kafka') ? deleteTopics(marker) : undefined,
      serverUp('mongodb') ? dropDatabases(marker) : undefined,
    ];
    // Leftovers cost speed, not correctness: a cleanup that fails is said and the run goes on.
    for (const outcome of await Promise.allSettled(cleanups))
      if (outcome.status === 'rejected')
        process.stderr.write(
          `test cleanup: ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}\n`,
        );
  }
}
