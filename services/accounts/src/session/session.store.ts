import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '@tradewise/platform';

export const SESSIONS_COLLECTION = 'sessions';
/** A session ends after this long without a request. */
export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 3600_000;
/** And this long after the login, whatever happens. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600_000;
/** Writing `lastSeenAt` on every request would cost a write each; once in a while is enough for the idle limit. */
const TOUCH_AFTER_MS = 5 * 60_000;

export interface Session {
  readonly accountId: string;
  readonly characterId: number;
  readonly characterName: string;
  /** Sent back in the X-CSRF-Token header with every cookie-authenticated write. */
  readonly csrfToken: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

interface SessionDocument extends Session {
  /** SHA-256 of the cookie's token: a copy of the store does not hold usable session ids. */
  readonly _id: string;
  readonly expiresAt: number;
}

export interface NewSession {
  readonly token: string;
  readonly session: Session;
}

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Server-side sessions: the browser holds only a random token. */
@Injectable()
export class SessionStore implements OnModuleInit {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get sessions() {
    return this.readStore.collection<SessionDocument>(SESSIONS_COLLECTION);
  }

  async onModuleInit(): Promise<void> {
    await this.sessions.createIndex({ accountId: 1 }, { name: 'by_account' });
  }

  /** Starts a session; the one the browser had before (if any) ends, so a login always gets a fresh id. */
  async create(
    owner: Pick<Session, 'accountId' | 'characterId' | 'characterName'>,
    previousToken?: string,
  ): Promise<NewSession> {
    if (previousToken) await this.end(previousToken);
    const now = this.clock.now().getTime();
    const token = randomBytes(32).toString('base64url');
    const session: Session = {
      ...owner,
      csrfToken: randomBytes(24).toString('base64url'),
      createdAt: now,
      lastSeenAt: now,
    };
    await this.sessions.insertOne({
      _id: tokenHash(token),
      ...session,
      expiresAt: now + SESSION_ABSOLUTE_TIMEOUT_MS,
    });
    await this.sweepExpired(now);
    return { token, session };
  }

  /** The live session of a token; an expired one is deleted and reads as none. */
  async find(token: string): Promise<Session | null> {
    const id = tokenHash(token);
    const document = await this.sessions.findOne({ _id: id });
    if (!document) return null;
    const now = this.clock.now().getTime();
    if (now >= document.expiresAt || now - document.lastSeenAt >= SESSION_IDLE_TIMEOUT_MS) {
      await this.sessions.deleteOne({ _id: id });
      return null;
    }
    if (now - document.lastSeenAt >= TOUCH_AFTER_MS) {
      await this.sessions.updateOne({ _id: id }, { $set: { lastSeenAt: now } });
    }
    const { _id: _hash, expiresAt: _expiresAt, ...session } = document;
    return session;
  }

  async end(token: string): Promise<void> {
    await this.sessions.deleteOne({ _id: tokenHash(token) });
  }

  private async sweepExpired(now: number): Promise<void> {
    await this.sessions.deleteMany({
      $or: [{ expiresAt: { $lte: now } }, { lastSeenAt: { $lte: now - SESSION_IDLE_TIMEOUT_MS } }],
    });
  }
}
