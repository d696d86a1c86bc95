import type { EsiWalletJournalEntry, EsiWalletTransaction } from '@tradewise/contracts';
import {
  decideCorporationJournalImport,
  decideCorporationTransactionImport,
  decideJournalImport,
  decideTransactionImport,
} from './wallet-import.decider';

const context = { accountId: '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11', characterId: 2119000011 };

const transaction = (id: number, unitPrice = 1234.56): EsiWalletTransaction => ({
  transaction_id: id,
  date: '2026-11-20T10:00:00Z',
  type_id: 34,
  quantity: 1000,
  unit_price: unitPrice,
  client_id: 90000001,
  location_id: 60003760,
  is_buy: true,
  is_personal: true,
  journal_ref_id: id + 1_000_000,
});

describe('wallet import decider', () => {
  it('given an empty stream, when a batch arrives newest first, then it records each transaction once, ascending', () => {
    const events = decideTransactionImport({ lastRecordedId: null }, context, [
      transaction(3),
      transaction(1),
      transaction(2),
      transaction(3),
    ]);
    expect(events.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(events[0]!.data).toMatchObject({
      ...context,
      transactionId: 1,
      typeId: 34,
      quantity: 1000,
      unitPriceCents: 123456,
      isBuy: true,
      isPersonal: true,
      esi: transaction(1),
    });
  });

  it('given a stream recorded up to id 2, when an overlapping batch arrives, then only newer ids are recorded', () => {
    expect(
      decideTransactionImport({ lastRecordedId: 2 }, context, [
        transaction(1),
        transaction(2),
        transaction(4),
      ]).map((e) => e.id),
    ).toEqual([4]);
    expect(decideTransactionImport({ lastRecordedId: 9 }, context, [transaction(4)])).toEqual([]);
  });

  it('converts ESI doubles to exact cents, including float noise and negative journal amounts', () => {
    const [noisy] = decideTransactionImport({ lastRecordedId: null }, context, [transaction(1, 0.1 + 0.2)]);
    expect(noisy!.data).toMatchObject({ unitPriceCents: 30 });
    const entry: EsiWalletJournalEntry = {
      id: 7,
      date: '2026-11-20T10:00:00Z',
      ref_type: 'transaction_tax',
      description: 'Sales tax',
      amount: -1234567.89,
      balance: 987654321.01,
      context_id: 5,
      context_id_type: 'market_transaction_id',
    };
    const [recorded] = decideJournalImport({ lastRecordedId: null }, context, [entry]);
    expect(recorded!.data).toMatchObject({
      entryId: 7,
      refType: 'transaction_tax',
      amountCents: -123456789,
      balanceCents: 98765432101,
      taxCents: null,
      esi: entry,
    });
  });

  it("given a corporation division's stream, when its rows arrive, then each is recorded once for the corporation's division", () => {
    const corporation = { accountId: context.accountId, corporationId: 98770002, division: 1 };
    const { is_personal: _personal, ...corporate } = transaction(12, 99.99);
    const events = decideCorporationTransactionImport({ lastRecordedId: 10 }, corporation, [
      corporate,
      { ...corporate, transaction_id: 9 },
      corporate,
    ]);
    expect(events).toEqual([
      {
        type: 'CorporationWalletTransactionRecorded',
        id: 12,
        data: {
          ...corporation,
          transactionId: 12,
          date: corporate.date,
          typeId: 34,
          quantity: 1000,
          unitPriceCents: 9999,
          isBuy: true,
          esi: corporate,
        },
      },
    ]);
    const fee: EsiWalletJournalEntry = {
      id: 40,
      date: '2026-11-20T10:00:00Z',
      ref_type: 'brokers_fee',
      description: 'Market order commission',
      amount: -2500.5,
    };
    expect(decideCorporationJournalImport({ lastRecordedId: null }, corporation, [fee, fee])).toEqual([
      {
        type: 'CorporationJournalEntryRecorded',
        id: 40,
        data: {
          ...corporation,
          entryId: 40,
          date: fee.date,
          refType: 'brokers_fee',
          amountCents: -250050,
          balanceCents: null,
          taxCents: null,
          esi: fee,
        },
      },
    ]);
  });
});
