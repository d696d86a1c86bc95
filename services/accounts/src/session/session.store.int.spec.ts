import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore, ManualClock } from '@tradewise/platform';
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSIONS_COLLECTION,
  SessionStore,
} from './session.store';

const HOUR = 3600_000;
const owner = { accountId: 'a1', characterId: 7, characterName: 'Pilot' };

describe('SessionStore', () => {
  let dir: string;
  let readStore: EmbeddedReadStore;
  let clock: ManualClock;
  let sessions: SessionStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-sessions-'));
    readStore = new EmbeddedReadStore(join(dir, 'read-store.sqlite'));
    clock = new ManualClock('2026-11-21T00:00:00.000Z');
    sessions = new SessionStore(readStore, clock);
    await sessions.onModuleInit();
  });

  afterEach(async () => {
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores only a hash of the token, and finds the session by the token', async () => {
    const { token, session } = await sessions.create(owner);
    expect(await sessions.find(token)).toEqual(session);
    const stored = await readStore.collection(SESSIONS_COLLECTION).find({}).toArray();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await sessions.find(`${token}x`)).toBeNull();
  });

  it('ends a session left idle too long, and keeps one in use alive until the absolute limit', async () => {
    const idle = await sessions.create(owner);
    const busy = await sessions.create(owner);
    for (let elapsed = 0; elapsed < SESSION_IDLE_TIMEOUT_MS + HOUR; elapsed += 24 * HOUR) {
      clock.advance(24 * HOUR);
      expect(await sessions.find(busy.token)).not.toBeNull();
    }
    expect(await sessions.find(idle.token)).toBeNull();
    const absoluteEnd = busy.session.createdAt + SESSION_ABSOLUTE_TIMEOUT_MS;
    while (clock.now().getTime() + 24 * HOUR < absoluteEnd) {
      clock.advance(24 * HOUR);
      expect(await sessions.find(busy.token)).not.toBeNull();
    }
    clock.set(new Date(absoluteEnd));
    expect(await sessions.find(busy.token)).toBeNull();
  });

  it('rotates: a new session ends the one the browser had', async () => {
    const first = await sessions.create(owner);
    const second = await sessions.create(owner, first.token);
    expect(second.token).not.toBe(first.token);
    expect(second.session.csrfToken).not.toBe(first.session.csrfToken);
    expect(await sessions.find(first.token)).toBeNull();
    await sessions.end(second.token);
    expect(await sessions.find(second.token)).toBeNull();
  });
});
