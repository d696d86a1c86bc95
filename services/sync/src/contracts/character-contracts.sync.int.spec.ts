import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTRACTS_TOPIC,
  contractsImportedSchema,
  type AccountDocument,
  type ContractsImported,
  type EsiContract,
  type EsiContractItem,
  type EsiName,
  type SubscriptionTier,
} from '@tradewise/contracts';
import {
  CollectionReadModels,
  EmbeddedReadStore,
  EsiMissingScopeError,
  EsiNotFoundError,
  EsiThrottledError,
  InProcessBus,
  ManualClock,
  createLogger,
  type Consumer,
} from '@tradewise/platform';
import { CharacterContractsSync, type ContractsEsi } from './character-contracts.sync';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const LENA = 2119000022;
const MARKER = 'marker';

const contract = (
  contractId: number,
  status: EsiContract['status'],
  extra: Partial<EsiContract> = {},
): EsiContract => ({
  contract_id: contractId,
  issuer_id: LENA,
  issuer_corporation_id: 98770003,
  assignee_id: 0,
  acceptor_id: 0,
  type: 'item_exchange',
  status,
  availability: 'public',
  for_corporation: false,
  date_issued: '2026-11-01T08:00:00Z',
  date_expired: '2026-11-15T08:00:00Z',
  price: 1_000_000,
  ...extra,
});

const itemsOf = (contractId: number): EsiContractItem[] => [
  { record_id: contractId * 10, type_id: 34, quantity: contractId, is_included: true, is_singleton: false },
];

/** ESI as the sync sees it: the list it is given, each contract's items, and the calls made. */
class FakeEsi implements ContractsEsi {
  listed: EsiContract[] = [];
  missing = new Set<number>();
  failure: Error | null = null;
  readonly itemCalls: number[] = [];
  listCalls = 0;

  /** ESI answered 304: the list is the same as the last answer. */
  unchanged = false;

  getCharacterContracts() {
    this.listCalls++;
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve({ data: this.listed, unchanged: this.unchanged, freshUntil: new Date() });
  }

  getCharacterContractItems(_characterId: number, contractId: number) {
    this.itemCalls.push(contractId);
    if (this.missing.has(contractId))
      return Promise.reject(new EsiNotFoundError('Contract not found!', 'items', 404, false));
    const extra = this.extraItems.get(contractId) ?? [];
    return Promise.resolve({
      data: [...itemsOf(contractId), ...extra],
      unchanged: false,
      freshUntil: new Date(),
    });
  }

  /** More lines for a contract's items. */
  readonly extraItems = new Map<number, EsiContractItem[]>();

  /** Names Lena and her corporation; any other id is unknown, and ESI then answers 404 to the whole call. */
  resolveNames(ids: readonly number[]) {
    const known: Record<number, EsiName> = {
      [LENA]: { id: LENA, name: 'Lena Varro', category: 'character' },
      98770003: { id: 98770003, name: 'Varro Logistics', category: 'corporation' },
    };
    if (ids.some((id) => !known[id]))
      return Promise.reject(new EsiNotFoundError('Ensure all IDs are valid', 'names', 404, false));
    return Promise.resolve({ data: ids.map((id) => known[id]!), unchanged: false, freshUntil: new Date() });
  }
}

describe('CharacterContractsSync over the embedded read store and bus', () => {
  let dir: string;
  let readStore: EmbeddedReadStore;
  let bus: InProcessBus;
  let consumer: Consumer;
  let esi: FakeEsi;
  let sync: CharacterContractsSync;
  const clock = new ManualClock('2026-11-20T10:00:00.000Z');
  const received: ContractsImported[] = [];

  const setTier = (tier: SubscriptionTier) =>
    readStore
      .collection<AccountDocument>('accounts')
      .replaceOne({ _id: ACCOUNT }, { _id: ACCOUNT, tier } as unknown as AccountDocument, { upsert: true });

  let drained: (() => void) | null = null;

  /** Runs the sync, then waits for what it published: a marker published after it arrives after it (one partition). */
  async function refresh(): Promise<ContractsImported[]> {
    const before = received.length;
    await sync.refresh(ACCOUNT, LENA);
    const arrived = new Promise<void>((resolve) => (drained = resolve));
    await bus.publish(CONTRACTS_TOPIC, [{ key: MARKER, value: {}, headers: {} }]);
    await arrived;
    return received.slice(before);
  }

  const summary = (messages: ContractsImported[]) =>
    messages.flatMap((m) =>
      m.contracts.map((c) => [c.contract.contract_id, c.contract.status, c.items !== null]),
    );

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-contracts-sync-'));
    readStore = new EmbeddedReadStore(join(dir, 'read.sqlite'));
    bus = new InProcessBus(join(dir, 'bus.sqlite'));
    received.length = 0;
    consumer = await bus.consume({ groupId: 'test', topics: [CONTRACTS_TOPIC] }, (message) => {
      if (message.key === MARKER) drained?.();
      else {
        expect(message.key).toBe(String(LENA));
        received.push(contractsImportedSchema.parse(message.value));
      }
      return Promise.resolve();
    });
    const readModels = new CollectionReadModels(readStore);
    esi = new FakeEsi();
    sync = new CharacterContractsSync(esi, bus, readStore, readModels, clock, createLogger('silent'));
  });

  afterEach(async () => {
    await consumer.close();
    await bus.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads nothing for a FREE account', async () => {
    await setTier('FREE');
    esi.listed = [contract(1, 'outstanding')];
    expect(await refresh()).toEqual([]);
    expect(esi.listCalls).toBe(0);
  });

  it('publishes what is new or changed, reads each item exchange and auction items once, and skips the cut-off', async () => {
    await setTier('SUPPORTER');
    esi.listed = [
      contract(1, 'outstanding'),
      contract(2, 'in_progress', { type: 'courier' }),
      contract(3, 'outstanding', { type: 'auction' }),
      contract(4, 'finished', { date_accepted: '2021-07-29T12:00:00Z' }),
    ];
    const first = await refresh();
    expect(summary(first)).toEqual([
      [1, 'outstanding', true],
      [2, 'in_progress', false],
      [3, 'outstanding', true],
    ]);
    expect(first[0]!.contracts[0]!.items).toEqual(itemsOf(1));
    expect(esi.itemCalls).toEqual([1, 3]);

    expect(await refresh()).toEqual([]);

    clock.advance(3_600_000);
    esi.listed = [
      contract(1, 'finished'),
      contract(2, 'in_progress', { type: 'courier' }),
      contract(5, 'outstanding'),
    ];
    const second = await refresh();
    expect(summary(second)).toEqual([
      [1, 'finished', false],
      [5, 'outstanding', true],
    ]);
    expect(second[0]!.fetchedAt).toBe('2026-11-20T11:00:00.000Z');
    expect(esi.itemCalls).toEqual([1, 3, 5]);
  });

  it('leaves a contract whose items ESI cannot show yet for the next sync, and records it then with them', async () => {
    await setTier('PRO');
    esi.listed = [contract(1, 'outstanding'), contract(2, 'outstanding')];
    esi.missing.add(2);
    expect(summary(await refresh())).toEqual([[1, 'outstanding', true]]);
    esi.missing.clear();
    esi.unchanged = true;
    expect(summary(await refresh())).toEqual([[2, 'outstanding', true]]);
    expect(esi.itemCalls).toEqual([1, 2, 2]);
    expect(await refresh()).toEqual([]);
    expect(esi.itemCalls).toEqual([1, 2, 2]);
  });

  it("publishes the appraisal of what a contract brings and its parties' names in the message the ledger reads", async () => {
    await setTier('PRO');
    const appraise = jest.fn((lines: readonly { typeId: number }[]) =>
      Promise.resolve({
        regionId: 10000002,
        appraisedAt: clock.now().toISOString(),
        prices: lines.map(({ typeId }) => ({
          typeId,
          method: 'MARKET_ORDERS' as const,
          unitPriceCents: 500,
        })),
      }),
    );
    const readModels = new CollectionReadModels(readStore);
    sync = new CharacterContractsSync(esi, bus, readStore, readModels, clock, createLogger('silent'), {
      appraise,
    });
    esi.listed = [contract(1, 'outstanding', { issuer_id: 2119000099, issuer_corporation_id: 98770003 })];
    esi.extraItems.set(1, [
      { record_id: 11, type_id: 35, quantity: 5, is_included: true, is_singleton: false },
    ]);
    const [message] = await refresh();
    expect(message!.contracts[0]).toMatchObject({
      appraisal: {
        regionId: 10000002,
        prices: [
          { typeId: 34, method: 'MARKET_ORDERS', unitPriceCents: 500 },
          { typeId: 35, method: 'MARKET_ORDERS', unitPriceCents: 500 },
        ],
      },
    });
    // 2119000099 is unknown to this ESI: the whole call fails, and the contract goes without names.
    expect(message!.contracts[0]).not.toHaveProperty('partyNames');

    esi.listed = [contract(2, 'outstanding', { type: 'courier' })];
    const [named] = await refresh();
    expect(named!.contracts[0]!.partyNames).toEqual({ [LENA]: 'Lena Varro', 98770003: 'Varro Logistics' });
  });

  it('skips a character without the contracts scope, and lets throttling end the sync', async () => {
    await setTier('PRO');
    esi.failure = new EsiMissingScopeError(LENA, 'esi-contracts.read_character_contracts.v1', 'contracts');
    await expect(sync.refresh(ACCOUNT, LENA)).resolves.toBeUndefined();
    esi.failure = new EsiThrottledError('throttled', 'contracts', 420, new Date());
    await expect(sync.refresh(ACCOUNT, LENA)).rejects.toBeInstanceOf(EsiThrottledError);
  });
});
