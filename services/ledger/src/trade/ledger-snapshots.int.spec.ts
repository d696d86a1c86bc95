import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TRADE_LEDGER_READ_MODEL,
  type BrokerFeePaidDocument,
  type LearnedBrokerRateDocument,
  type LedgerVersionDocument,
  type MarketOrderDocument,
  type TradeLedgerDocument,
} from '@tradewise/contracts';
import { CollectionReadModels, EmbeddedReadStore, type ReadCollection } from '@tradewise/platform';
import { LedgerSnapshots } from './ledger-snapshots';

const ACCOUNT = 'acc';

let dir: string;
let readStore: EmbeddedReadStore;
let ledger: ReadCollection<TradeLedgerDocument>;
let snapshots: LedgerSnapshots;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-ledger-snapshots-'));
  readStore = new EmbeddedReadStore(join(dir, 'read-store.sqlite'));
  ledger = readStore.collection<TradeLedgerDocument>('rm_trade_ledger_v1_g1');
  snapshots = new LedgerSnapshots(
    new CollectionReadModels(readStore, (name) =>
      name === TRADE_LEDGER_READ_MODEL ? ledger.collectionName : null,
    ),
  );
});

afterEach(async () => {
  await readStore.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Documents as the trade-ledger projection writes them: replaced whole, the account's version last. */
async function written(...documents: TradeLedgerDocument[]): Promise<void> {
  for (const document of documents)
    await ledger.replaceOne({ _id: document._id }, document, { upsert: true });
}

const version = (position: number): LedgerVersionDocument => ({
  _id: `ledger:${ACCOUNT}`,
  _position: position,
  accountId: ACCOUNT,
  kind: 'version',
  position,
});

const order = (over: Partial<MarketOrderDocument>): MarketOrderDocument => ({
  _id: `order:${ACCOUNT}:${over.orderId}`,
  _position: 1,
  accountId: ACCOUNT,
  kind: 'order',
  orderId: 1,
  characterId: 9001,
  typeId: 34,
  locationId: 60003760,
  isBuy: false,
  volumeTotal: 10,
  volumeRemain: 5,
  closed: false,
  firstIssued: '2026-05-01T00:00:00.000Z',
  lastIssued: '2026-05-01T00:00:00.000Z',
  readAt: '2026-05-01T01:00:00.000Z',
  complete: true,
  estimate: null,
  fees: [],
  fills: [],
  feesCents: 100,
  unfilledFeeCents: 0,
  matchState: 'open',
  taught: { ratePpm: null, relistRateTenthsOfPpm: null },
  ...over,
});

const fee = (journalEntryId: number, date: string): BrokerFeePaidDocument => ({
  _id: `orderFee:${ACCOUNT}:${journalEntryId}`,
  _position: 1,
  accountId: ACCOUNT,
  kind: 'orderFee',
  journalEntryId,
  characterId: 9001,
  division: null,
  date,
  amountCents: 100,
  orderId: 1,
  isBuy: false,
  feeKind: 'placement',
});

describe('ledger snapshots: orders and the brokers_fee rows', () => {
  it('given order and brokers_fee documents, when read, then the snapshot holds the rows newest first, the orders by id and the closed ones with unfilled fees', async () => {
    await written(
      fee(1, '2026-05-01T00:00:00.000Z'),
      fee(2, '2026-05-03T00:00:00.000Z'),
      fee(3, '2026-05-02T00:00:00.000Z'),
      order({ orderId: 1 }),
      order({ orderId: 2, closed: true, unfilledFeeCents: 40, readAt: '2026-05-02T00:00:00.000Z' }),
      order({ orderId: 3, closed: true, unfilledFeeCents: 0 }),
      order({ orderId: 4, closed: true, unfilledFeeCents: 10, readAt: '2026-05-04T00:00:00.000Z' }),
      version(1),
    );
    const snapshot = await snapshots.of(ACCOUNT);
    expect(snapshot.orderFees.map((row) => row.journalEntryId)).toEqual([2, 3, 1]);
    expect([...snapshot.orders.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(snapshot.unfilledOrders.map((row) => row.orderId)).toEqual([4, 2]);
  });

  it('given an order that closes later, when read again, then only the changed documents load and it joins the unfilled orders', async () => {
    await written(order({ orderId: 1 }), fee(1, '2026-05-01T00:00:00.000Z'), version(1));
    const loads = jest.spyOn(ledger, 'find');
    expect((await snapshots.of(ACCOUNT)).unfilledOrders).toEqual([]);
    await written(order({ orderId: 1, _position: 2, closed: true, unfilledFeeCents: 50 }), version(2));
    const snapshot = await snapshots.of(ACCOUNT);
    expect(snapshot.unfilledOrders.map((row) => row.unfilledFeeCents)).toEqual([50]);
    expect(snapshot.orderFees).toHaveLength(1);
    expect(loads.mock.calls.map(([filter]) => filter)).toEqual([
      { accountId: ACCOUNT },
      { accountId: ACCOUNT, _position: { $gt: 1 } },
    ]);
  });
});

describe('ledger snapshots: learned broker rates', () => {
  const rate = (characterId: number, locationId: number, over: Partial<LearnedBrokerRateDocument> = {}) =>
    ({
      _id: `brokerRate:${ACCOUNT}:${characterId}:${locationId}`,
      _position: 1,
      accountId: ACCOUNT,
      kind: 'brokerRate',
      characterId,
      locationId,
      ratePpm: 15_000,
      relistRatePpm: null,
      agreeing: 5,
      samples: 6,
      ...over,
    }) satisfies LearnedBrokerRateDocument;

  it('given brokerRate documents, when read, then the snapshot holds them by character then location, and a rate learned later replaces its document from the changed documents alone', async () => {
    await written(rate(9002, 60003760), rate(9001, 1035466617946), rate(9001, 60003760), version(1));
    const loads = jest.spyOn(ledger, 'find');
    const first = await snapshots.of(ACCOUNT);
    expect(first.brokerRates.map((row) => [row.characterId, row.locationId])).toEqual([
      [9001, 60003760],
      [9001, 1035466617946],
      [9002, 60003760],
    ]);
    expect(await snapshots.of(ACCOUNT)).toBe(first);
    await written(rate(9001, 60003760, { _position: 2, agreeing: 9, samples: 10 }), version(2));
    const second = await snapshots.of(ACCOUNT);
    expect(second.brokerRates).toHaveLength(3);
    expect(second.brokerRates[0]).toMatchObject({ agreeing: 9, samples: 10 });
    expect(loads).toHaveBeenCalledTimes(2);
  });
});
