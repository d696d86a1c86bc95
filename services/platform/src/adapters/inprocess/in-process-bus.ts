import type Database from 'better-sqlite3';
import {
  type ConsumeOptions,
  type Consumer,
  type MessageBus,
  type MessageHandler,
  type OutgoingMessage,
} from '../../ports/message-bus.port';
import { withCorrelationHeader } from '../../logging/logger';
import { deliverWithRetries } from '../shared/deliver-with-retries';
import { openSqliteFile } from '../sqlite/sqlite-database';

/** 'TWBU': stamped in the file so a foreign SQLite file is refused. */
export const BUS_APPLICATION_ID = 0x54574255;

interface MessageRow {
  offset: number;
  key: string;
  value: string;
  headers: string;
}

const POLL_INTERVAL_MS = 200;
const BATCH = 500;

/**
 * The embedded bus: a durable log per topic in SQLite (one partition, so order holds for every key) with one
 * committed offset per consumer group. A group's topic is consumed by one consumer of this bus at a time; other
 * connections to the same file (the wallet import thread's) publish and consume beside it, and a consumer finds
 * what they published by polling every 200 ms.
 */
export class InProcessBus implements MessageBus {
  private readonly db: Database.Database;
  private readonly consumers = new Set<InProcessConsumer>();
  private readonly statements;

  constructor(path: string) {
    this.db = openSqliteFile({
      path,
      applicationId: BUS_APPLICATION_ID,
      requiredTables: ['messages', 'group_offsets'],
      createSchema: (db) => {
        db.exec(`
          CREATE TABLE messages (topic TEXT NOT NULL, "offset" INTEGER NOT NULL, key TEXT NOT NULL,
                                 value TEXT NOT NULL, headers TEXT NOT NULL, PRIMARY KEY (topic, "offset")) WITHOUT ROWID;
          CREATE TABLE group_offsets (group_id TEXT NOT NULL, topic TEXT NOT NULL, next_offset INTEGER NOT NULL,
                                      PRIMARY KEY (group_id, topic)) WITHOUT ROWID;
        `);
      },
    });
    this.statements = {
      lastOffset: this.db.prepare<[string], { last: number | null }>(
        'SELECT MAX("offset") AS last FROM messages WHERE topic = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO messages (topic, "offset", key, value, headers) VALUES (?, ?, ?, ?, ?)',
      ),
      read: this.db.prepare<[string, number, number], MessageRow>(
        'SELECT "offset", key, value, headers FROM messages WHERE topic = ? AND "offset" >= ? ORDER BY "offset" LIMIT ?',
      ),
      committed: this.db.prepare<[string, string], { next: number }>(
        'SELECT next_offset AS next FROM group_offsets WHERE group_id = ? AND topic = ?',
      ),
      commit: this.db.prepare(
        'INSERT INTO group_offsets (group_id, topic, next_offset) VALUES (?, ?, ?) ' +
          'ON CONFLICT (group_id, topic) DO UPDATE SET next_offset = excluded.next_offset',
      ),
    };
  }

  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    const encoded = messages.map((message) => ({
      key: message.key,
      value: JSON.stringify(message.value),
      headers: JSON.stringify(withCorrelationHeader(message.headers)),
    }));
    // Immediate, so the topic's last offset is read under the write lock another connection might hold.
    this.db
      .transaction(() => {
        let offset = this.statements.lastOffset.get(topic)?.last ?? -1;
        for (const message of encoded) {
          offset += 1;
          this.statements.insert.run(topic, offset, message.key, message.value, message.headers);
        }
      })
      .immediate();
    for (const consumer of this.consumers) consumer.wake(topic);
  }

  async consume(options: ConsumeOptions, handler: MessageHandler): Promise<Consumer> {
    const consumer = new InProcessConsumer(this, options, handler, (closed) => this.consumers.delete(closed));
    this.consumers.add(consumer);
    consumer.start();
    return consumer;
  }

  /** Whether another open consumer of this group already owns the topic (one consumer per partition). */
  isOwned(groupId: string, topic: string, by: InProcessConsumer): boolean {
    return [...this.consumers].some((c) => c !== by && c.owns(groupId, topic));
  }

  /** The next messages after the group's committed offset. */
  readFrom(topic: string, groupId: string): MessageRow[] {
    const next = this.statements.committed.get(groupId, topic)?.next ?? 0;
    return this.statements.read.all(topic, next, BATCH);
  }

  commit(groupId: string, topic: string, nextOffset: number): void {
    this.statements.commit.run(groupId, topic, nextOffset);
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.close()));
    if (this.db.open) this.db.close();
  }
}

class InProcessConsumer implements Consumer {
  private closing = false;
  private readonly owned = new Set<string>();
  private readonly sleepers = new Map<string, () => void>();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly bus: InProcessBus,
    private readonly options: ConsumeOptions,
    private readonly handler: MessageHandler,
    private readonly onClose: (consumer: InProcessConsumer) => void,
  ) {}

  start(): void {
    this.loops = this.options.topics.map((topic) => this.consumeTopic(topic));
  }

  owns(groupId: string, topic: string): boolean {
    return groupId === this.options.groupId && this.owned.has(topic);
  }

  wake(topic: string): void {
    this.sleepers.get(topic)?.();
  }

  private async consumeTopic(topic: string): Promise<void> {
    const { groupId } = this.options;
    while (!this.closing) {
      if (!this.owned.has(topic)) {
        if (this.bus.isOwned(groupId, topic, this)) {
          await this.sleep(topic);
          continue;
        }
        this.owned.add(topic);
      }
      const rows = this.bus.readFrom(topic, groupId);
      if (rows.length === 0) {
        await this.sleep(topic);
        continue;
      }
      for (const row of rows) {
        if (this.closing) return;
        const delivered = await this.deliver(topic, row);
        if (!delivered) return;
        this.bus.commit(groupId, topic, row.offset + 1);
      }
    }
  }

  private deliver(topic: string, row: MessageRow): Promise<boolean> {
    return deliverWithRetries(
      {
        options: this.options,
        handler: this.handler,
        closing: () => this.closing,
        publish: (deadLetters, messages) => this.bus.publish(deadLetters, messages),
      },
      {
        topic,
        key: row.key,
        value: JSON.parse(row.value),
        headers: JSON.parse(row.headers) as Record<string, string>,
        offset: String(row.offset),
        partition: 0,
      },
    );
  }

  private sleep(topic: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, POLL_INTERVAL_MS);
      const sleepers = this.sleepers;
      function done(): void {
        clearTimeout(timer);
        sleepers.delete(topic);
        resolve();
      }
      this.sleepers.set(topic, done);
    });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const wake of [...this.sleepers.values()]) wake();
    await Promise.all(this.loops);
    this.owned.clear();
    this.onClose(this);
  }
}
