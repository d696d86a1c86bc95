import type { JournalEntryRecorded } from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import { journalEntriesProjection as projection } from './journal-entries.projection';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';

function recorded(data: JournalEntryRecorded): RecordedEvent {
  return {
    id: 'e1',
    streamId: `walletjournal-${data.characterId}`,
    revision: 0,
    position: 1,
    type: 'JournalEntryRecorded',
    data,
    metadata: {
      $correlationId: 'c',
      $causationId: 'c',
      actor: 'system:sync',
      schemaVersion: 1,
      recordedAt: '2026-11-21T12:00:00.000Z',
    },
  };
}

describe('journal-entries projection', () => {
  it('given nothing, when a journal row is recorded, then it becomes a row of its account with its parties', () => {
    const event = recorded({
      accountId: ACCOUNT,
      characterId: 7,
      entryId: 99,
      date: '2026-11-20T10:00:00Z',
      refType: 'player_donation',
      amountCents: 150000,
      balanceCents: 1000000,
      taxCents: null,
      esi: {
        id: 99,
        date: '2026-11-20T10:00:00Z',
        ref_type: 'player_donation',
        description: 'Pilot 8 deposited cash into Pilot 7 account',
        amount: 1500,
        balance: 10000,
        first_party_id: 8,
        second_party_id: 7,
      },
    });
    expect(projection.documentIds(event)).toEqual(['7:99']);
    expect(projection.evolve(null, event)).toEqual({
      _id: '7:99',
      accountId: ACCOUNT,
      characterId: 7,
      entryId: 99,
      date: '2026-11-20T10:00:00Z',
      refType: 'player_donation',
      amountCents: 150000,
      description: 'Pilot 8 deposited cash into Pilot 7 account',
      firstPartyId: 8,
      secondPartyId: 7,
    });
  });
});
