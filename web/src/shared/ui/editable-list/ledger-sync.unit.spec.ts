import { syncedSince } from './ledger-sync';

describe('syncedSince', () => {
  it('says a list must be read again only when a new sync finished', () => {
    expect(syncedSince(null, '2026-11-21T10:00:00Z')).toBe(true);
    expect(syncedSince('2026-11-21T10:00:00Z', '2026-11-21T11:01:00Z')).toBe(true);
    expect(syncedSince('2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z')).toBe(false);
    expect(syncedSince('2026-11-21T10:00:00Z', null)).toBe(false);
    expect(syncedSince(undefined, undefined)).toBe(false);
  });
});
