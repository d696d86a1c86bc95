import type { EsiWalletJournalEntry } from '@tradewise/contracts';
import { newDepositsBySender } from './corporation-deposit.sync';

const row = (id: number, firstPartyId: number, changes: Partial<EsiWalletJournalEntry> = {}) => ({
  id,
  date: '2026-11-03T16:25:09Z',
  ref_type: 'player_donation',
  description: 'deposited cash',
  amount: 100_000_000,
  first_party_id: firstPartyId,
  ...changes,
});

describe('newDepositsBySender', () => {
  it('keeps deposits newer than the last id, oldest first, grouped by the paying character', () => {
    const found = newDepositsBySender(
      [row(9, 2), row(4, 1), row(7, 1), row(3, 1), row(8, 1, { ref_type: 'corporation_account_withdrawal' })],
      3,
    );
    expect([...found].map(([sender, entries]) => [sender, entries.map((e) => e.id)])).toEqual([
      [1, [4, 7, 8]],
      [2, [9]],
    ]);
  });

  it('leaves out payments out of the wallet, other types and rows without a first party', () => {
    const found = newDepositsBySender(
      [
        row(1, 1, { amount: -10 }),
        row(2, 1, { ref_type: 'brokers_fee' }),
        row(3, 1, { first_party_id: undefined }),
        row(4, 1, { amount: undefined }),
      ],
      null,
    );
    expect(found.size).toBe(0);
  });
});
