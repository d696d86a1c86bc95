import type { EsiWalletJournalEntry } from '@tradewise/contracts';
import {
  decideCharacterDeposits,
  evolveCharacterDeposits,
  initialCharacterDeposits,
  type CharacterDepositsCommand,
  type CharacterDepositsState,
} from './character-deposits.decider';

const DAX = 2119000012;
const ACCOUNT = '0b6f1c7e-5d1a-4b8e-9c1e-2f3a4b5c6d7e';
const OTHER = '1c7f2d8f-6e2b-4c9f-8d2f-3a4b5c6d7e8f';
const entry = (id: number, changes: Partial<EsiWalletJournalEntry> = {}): EsiWalletJournalEntry => ({
  id,
  date: '2026-11-03T16:25:09Z',
  ref_type: 'player_donation',
  description: "Dax Korrin deposited cash into Tradewise Ledger Services's account",
  amount: 100_000_000.01,
  first_party_id: DAX,
  second_party_id: 98770001,
  ...changes,
});
const record = (...entries: EsiWalletJournalEntry[]): CharacterDepositsCommand => ({
  type: 'RecordDeposits',
  characterId: DAX,
  corporationId: 98770001,
  division: 1,
  entries,
});

function given(...commands: CharacterDepositsCommand[]): CharacterDepositsState {
  let state = initialCharacterDeposits;
  for (const command of commands) {
    for (const event of decideCharacterDeposits(state, command))
      state = evolveCharacterDeposits(state, event);
  }
  return state;
}

describe('character deposits decider', () => {
  it('records each deposit once, in cents, with an id derived from the journal entry', () => {
    const events = decideCharacterDeposits(initialCharacterDeposits, record(entry(7), entry(5), entry(7)));
    expect(events.map((e) => [e.type, e.data.journalRefId])).toEqual([
      ['DepositReceived', 5],
      ['DepositReceived', 7],
    ]);
    expect(events[0]!.data).toMatchObject({
      amountCents: 10_000_000_001,
      depositedAt: '2026-11-03T16:25:09.000Z',
    });
    expect(decideCharacterDeposits(given(record(entry(5))), record(entry(5)))).toEqual([]);
    expect(decideCharacterDeposits(initialCharacterDeposits, record(entry(5)))[0]!.id).toBe(events[0]!.id);
  });

  it('takes corporation account withdrawals too, and nothing paid out, from others or of other types', () => {
    const events = decideCharacterDeposits(
      initialCharacterDeposits,
      record(
        entry(1, { ref_type: 'corporation_account_withdrawal' }),
        entry(2, { amount: -5 }),
        entry(3, { first_party_id: 2119000011 }),
        entry(4, { ref_type: 'market_transaction' }),
        entry(6, { amount: undefined }),
      ),
    );
    expect(events.map((e) => e.data.journalRefId)).toEqual([1]);
  });

  it('assigns a deposit to one account once: a retry after the character moved still credits the first', () => {
    const received = given(record(entry(5)));
    const assign = (accountId: string, journalRefId = 5): CharacterDepositsCommand => ({
      type: 'AssignDeposit',
      journalRefId,
      accountId,
    });
    expect(decideCharacterDeposits(received, assign(ACCOUNT))).toMatchObject([
      { type: 'DepositAssigned', data: { journalRefId: 5, accountId: ACCOUNT } },
    ]);
    const assigned = given(record(entry(5)), assign(ACCOUNT));
    expect(decideCharacterDeposits(assigned, assign(OTHER))).toEqual([]);
    expect(assigned.deposits.get(5)?.accountId).toBe(ACCOUNT);
    expect(decideCharacterDeposits(received, assign(ACCOUNT, 9))).toEqual([]);
  });

  it('settles only an assigned deposit, once', () => {
    const settle: CharacterDepositsCommand = { type: 'SettleDeposit', journalRefId: 5 };
    expect(decideCharacterDeposits(given(record(entry(5))), settle)).toEqual([]);
    const assigned = given(record(entry(5)), { type: 'AssignDeposit', journalRefId: 5, accountId: ACCOUNT });
    expect(decideCharacterDeposits(assigned, settle)).toMatchObject([
      { type: 'DepositSettled', data: { journalRefId: 5, accountId: ACCOUNT } },
    ]);
    const settled = given(
      record(entry(5)),
      { type: 'AssignDeposit', journalRefId: 5, accountId: ACCOUNT },
      settle,
    );
    expect(decideCharacterDeposits(settled, settle)).toEqual([]);
    expect(settled.deposits.get(5)?.settled).toBe(true);
  });
});
