import {
  SYNC_INTERVAL_AFTER_TIMEOUT_MS,
  SYNC_INTERVAL_MS,
  SYNC_LEASE_MS,
  SYNC_TIMEOUT_MS,
  nextSyncDueAt,
  syncHeld,
  syncLeaseOf,
} from './sync-schedule';

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

describe('syncHeld: the lease of the sync under way', () => {
  const t = (iso: string) => Date.parse(iso);
  const startedAt = '2026-11-21T10:00:00.000Z';
  const lease = { workerId: 'host-a#data', runId: 'run-1', until: '2026-11-21T10:06:00.000Z' };
  const sameRun = { workerId: 'host-a#data', runId: 'run-1' };
  const otherWorker = { workerId: 'host-b#data', runId: 'run-7' };

  it('lasts a little over the sync timeout', () => {
    expect(SYNC_TIMEOUT_MS).toBe(5 * 60_000);
    expect(SYNC_LEASE_MS).toBe(6 * 60_000);
  });

  it('holds nothing without a sync under way', () => {
    expect(syncHeld(null, null, t(startedAt), otherWorker)).toBe(false);
  });

  it('holds the account against every other worker and its own run until the lease runs out', () => {
    expect(syncHeld(startedAt, lease, t('2026-11-21T10:05:59.999Z'), otherWorker)).toBe(true);
    expect(syncHeld(startedAt, lease, t('2026-11-21T10:05:59.999Z'), sameRun)).toBe(true);
    expect(syncHeld(startedAt, lease, t('2026-11-21T10:06:00.000Z'), otherWorker)).toBe(false);
  });

  it('holds nothing against a later run of the same worker: the run that took it has died', () => {
    expect(syncHeld(startedAt, lease, t(startedAt), { workerId: 'host-a#data', runId: 'run-2' })).toBe(false);
  });

  it('gives a sync recorded before leases the default lease from its start', () => {
    expect(syncHeld(startedAt, null, t(startedAt) + SYNC_LEASE_MS - 1, sameRun)).toBe(true);
    expect(syncHeld(startedAt, undefined, t(startedAt) + SYNC_LEASE_MS, sameRun)).toBe(false);
  });

  it('reads the lease an AccountSyncStarted records, and none from one recorded before leases', () => {
    expect(
      syncLeaseOf({
        startedAt,
        characterIds: [1],
        workerId: 'host-a#data',
        runId: 'run-1',
        leaseUntil: lease.until,
      }),
    ).toEqual(lease);
    expect(syncLeaseOf({ startedAt, characterIds: [1] })).toBeNull();
  });
});
