import { SYNC_INTERVAL_AFTER_TIMEOUT_MS, SYNC_INTERVAL_MS, nextSyncDueAt } from './sync-schedule';

describe('nextSyncDueAt (spec §4 Sync)', () => {
  const t = (iso: string) => Date.parse(iso);

  it('is due at once for an account that never synced', () => {
    expect(nextSyncDueAt(null, null)).toBe(0);
  });

  it('comes an hour and a minute after the last update', () => {
    expect(nextSyncDueAt('2026-11-21T10:00:00.000Z', null)).toBe(t('2026-11-21T11:01:00.000Z'));
    expect(SYNC_INTERVAL_MS).toBe(61 * 60_000);
  });

  it('comes 21 minutes after a timeout later than the last update, and ignores an older timeout', () => {
    expect(nextSyncDueAt('2026-11-21T10:00:00.000Z', '2026-11-21T10:30:00.000Z')).toBe(
      t('2026-11-21T10:51:00.000Z'),
    );
    expect(nextSyncDueAt('2026-11-21T10:00:00.000Z', '2026-11-21T09:00:00.000Z')).toBe(
      t('2026-11-21T11:01:00.000Z'),
    );
    expect(nextSyncDueAt(null, '2026-11-21T09:00:00.000Z')).toBe(t('2026-11-21T09:21:00.000Z'));
    expect(SYNC_INTERVAL_AFTER_TIMEOUT_MS).toBe(21 * 60_000);
  });
});
