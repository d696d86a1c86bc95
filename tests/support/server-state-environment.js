// Jest's Node environment, which after each test file deletes the Kafka topics and MongoDB-wire databases the file
// made. Test runs name them with the Jest worker's pid (tests/support/adapter-sets.ts, the fault tests' runs): a
// full suite otherwise leaves some ten thousand partitions behind, and the broker's idle work grows with them
// (3.2k partitions cost a tenth of a core of this 2-core machine for the rest of the run).
const { TestEnvironment } = require('jest-environment-node');

const KAFKA_BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/';

async function deleteTopics(marker) {
  const { Kafka, logLevel } = require('kafkajs');
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

async function dropDatabases(marker) {
  const { MongoClient } = require('mongodb');
  const client = await MongoClient.connect(MONGODB_URL, { serverSelectionTimeoutMS: 5_000 });
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) if (name.includes(marker)) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

class ServerStateEnvironment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    const marker = `_${process.pid}_`;
    const cleanups = [
      process.env.TW_TEST_KAFKA_UP === '1' ? deleteTopics(marker) : undefined,
      process.env.TW_TEST_MONGODB_UP === '1' ? dropDatabases(marker) : undefined,
    ];
    // Leftovers cost speed, not correctness: a cleanup that fails is said and the run goes on.
    for (const outcome of await Promise.allSettled(cleanups))
      if (outcome.status === 'rejected')
        process.stderr.write(`test cleanup: ${outcome.reason?.message ?? outcome.reason}\n`);
  }
}

module.exports = ServerStateEnvironment;
