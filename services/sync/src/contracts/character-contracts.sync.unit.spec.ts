import {
  CONTRACT_ITEMS_PER_MESSAGE,
  CONTRACT_RECORDS_PER_MESSAGE,
  contractsImportedSchema,
  type ContractAppraisal,
  type ContractsImported,
  type EsiContract,
  type EsiContractItem,
  type ImportedContract,
} from '@tradewise/contracts';
import {
  EsiNotFoundError,
  ManualClock,
  type Logger,
  type MessageBus,
  type ReadModels,
  type ReadStore,
} from '@tradewise/platform';
import {
  CharacterContractsSync,
  NAMES_PER_CALL,
  contractMessages,
  contractsToPublish,
  linesToCharacter,
  partyIdsOf,
  type ContractsEsi,
} from './character-contracts.sync';
import type { ContractAppraisalLine, ContractAppraisals } from './contract-appraisals.port';

const contract = (
  contractId: number,
  status: EsiContract['status'],
  extra: Partial<EsiContract> = {},
): EsiContract => ({
  contract_id: contractId,
  issuer_id: 2119000022,
  issuer_corporation_id: 98770003,
  assignee_id: 0,
  acceptor_id: 0,
  type: 'item_exchange',
  status,
  availability: 'public',
  for_corporation: false,
  date_issued: '2026-11-01T08:00:00Z',
  date_expired: '2026-11-15T08:00:00Z',
  ...extra,
});

const items = (count: number): EsiContractItem[] =>
  Array.from({ length: count }, (_, index) => ({
    record_id: index + 1,
    type_id: 34,
    quantity: 1,
    is_included: true,
    is_singleton: false,
  }));

const summary = (found: ReturnType<typeof contractsToPublish>) =>
  found.map(({ contract: c, readItems }) => [c.contract_id, c.status, readItems]);

describe('contractsToPublish', () => {
  it('publishes new contracts by id and reads the items of item exchanges and auctions only', () => {
    const listed = [
      contract(3, 'outstanding', { type: 'courier' }),
      contract(2, 'outstanding', { type: 'auction' }),
      contract(1, 'finished', { date_accepted: '2026-11-02T08:00:00Z' }),
      contract(4, 'outstanding', { type: 'loan' }),
    ];
    expect(summary(contractsToPublish(listed, {}, new Set()))).toEqual([
      [1, 'finished', true],
      [2, 'outstanding', true],
      [3, 'outstanding', false],
      [4, 'outstanding', false],
    ]);
  });

  it('publishes only a status changed since, and never reads the items of a contract twice', () => {
    const listed = [contract(1, 'finished'), contract(2, 'outstanding'), contract(3, 'outstanding')];
    const published = { 1: 'outstanding', 2: 'outstanding' } as const;
    expect(summary(contractsToPublish(listed, published, new Set([1, 2])))).toEqual([
      [1, 'finished', false],
      [3, 'outstanding', true],
    ]);
  });

  it('leaves out contracts accepted before 30 July 2021, and keeps open ones and those accepted from then on', () => {
    const listed = [
      contract(1, 'finished', { date_accepted: '2021-07-29T23:59:59Z' }),
      contract(2, 'finished', { date_accepted: '2021-07-30T00:00:00Z' }),
      contract(3, 'outstanding', { date_issued: '2021-07-01T00:00:00Z' }),
    ];
    expect(contractsToPublish(listed, {}, new Set()).map((c) => c.contract.contract_id)).toEqual([2, 3]);
  });
});

describe('contractMessages', () => {
  const entry = (contractId: number, lines: number | null): ImportedContract => ({
    contract: contract(contractId, 'outstanding'),
    items: lines === null ? null : items(lines),
  });
  const message = (contracts: ImportedContract[]) => ({
    accountId: '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11',
    characterId: 2119000022,
    fetchedAt: '2026-11-20T10:00:00.000Z',
    contracts,
  });

  it('splits by contracts and by item lines, in order; a contract with the most items ESI lists goes alone', () => {
    const many = Array.from({ length: CONTRACT_RECORDS_PER_MESSAGE + 1 }, (_, i) => entry(i + 1, null));
    expect(contractMessages(many).map((part) => part.length)).toEqual([CONTRACT_RECORDS_PER_MESSAGE, 1]);
    const heavy = [
      entry(1, 3000),
      entry(2, 2000),
      entry(3, 1),
      entry(4, CONTRACT_ITEMS_PER_MESSAGE),
      entry(5, 0),
    ];
    const parts = contractMessages(heavy);
    expect(parts.map((part) => part.map((e) => e.contract.contract_id))).toEqual([[1, 2], [3], [4, 5]]);
    for (const part of parts) expect(contractsImportedSchema.safeParse(message(part)).success).toBe(true);
    expect(contractMessages([])).toEqual([]);
  });

  it('is what the message schema accepts: more item lines over several contracts are refused', () => {
    expect(contractsImportedSchema.safeParse(message([entry(1, 3000), entry(2, 2001)])).success).toBe(false);
  });
});

describe('linesToCharacter', () => {
  const line = (typeId: number, quantity: number, included: boolean, recordId = typeId): EsiContractItem => ({
    record_id: recordId,
    type_id: typeId,
    quantity,
    is_included: included,
    is_singleton: false,
  });
  const lines = [line(34, 100, true, 1), line(587, 1, true, 2), line(34, 50, true, 3), line(35, 7, false, 4)];

  it('takes what the issuer included for a contract another issued, quantities summed per type', () => {
    expect(linesToCharacter({ issuer_id: 2119000099 }, lines, 2119000022)).toEqual([
      { typeId: 34, quantity: 150 },
      { typeId: 587, quantity: 1 },
    ]);
  });

  it('takes what the character asked for of a contract it issued', () => {
    expect(linesToCharacter({ issuer_id: 2119000022 }, lines, 2119000022)).toEqual([
      { typeId: 35, quantity: 7 },
    ]);
  });
});

describe('partyIdsOf', () => {
  it('names the issuer, its corporation, the assignee and the acceptor, each once, never 0', () => {
    expect(partyIdsOf(contract(1, 'outstanding'))).toEqual([2119000022, 98770003]);
    expect(partyIdsOf(contract(1, 'finished', { assignee_id: 2119000099, acceptor_id: 2119000099 }))).toEqual(
      [2119000022, 98770003, 2119000099],
    );
  });
});

describe('contractMessages with appraisals', () => {
  it('counts appraised prices with the item lines', () => {
    const appraisal = (count: number): ContractAppraisal => ({
      regionId: 10000002,
      appraisedAt: '2026-11-20T10:00:00.000Z',
      prices: Array.from({ length: count }, (_, i) => ({ typeId: i + 1, method: 'NONE', unitPriceCents: 0 })),
    });
    const entry = (contractId: number, lines: number, prices: number): ImportedContract => ({
      contract: contract(contractId, 'outstanding'),
      items: items(lines),
      appraisal: appraisal(prices),
    });
    const parts = contractMessages([entry(1, 3000, 1000), entry(2, 1000, 1000), entry(3, 500, 0)]);
    expect(parts.map((part) => part.map((e) => e.contract.contract_id))).toEqual([[1], [2, 3]]);
  });
});

describe('CharacterContractsSync: appraisals and names', () => {
  const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
  const LENA = 2119000022;
  const TRADER = 2119000099;
  const line = (recordId: number, typeId: number, quantity: number, included = true): EsiContractItem => ({
    record_id: recordId,
    type_id: typeId,
    quantity,
    is_included: included,
    is_singleton: false,
  });
  /** Contract id -> its items. */
  const ITEMS: Record<number, EsiContractItem[]> = {
    // Another trader's exchange Lena accepted: two types come to her.
    1: [line(1, 34, 1000), line(2, 587, 1), line(3, 34, 500)],
    // Lena sells a Rifter: nothing comes to her but ISK.
    2: [line(4, 587, 1)],
    // Lena's exchange asking for Tritanium and Pyerite for her Rifter.
    3: [line(5, 587, 1), line(6, 34, 10, false), line(7, 35, 5, false)],
    // Another trader's exchange of one type.
    4: [line(8, 34, 10), line(9, 34, 20)],
  };
  const contracts: EsiContract[] = [
    contract(1, 'finished', { issuer_id: TRADER, issuer_corporation_id: 98000001, acceptor_id: LENA }),
    contract(2, 'outstanding'),
    contract(3, 'outstanding'),
    contract(4, 'outstanding', { issuer_id: TRADER, issuer_corporation_id: 98000001, assignee_id: LENA }),
    contract(5, 'outstanding', { type: 'courier' }),
  ];
  const NAMES: Record<number, string> = {
    [LENA]: 'Lena Varro',
    98770003: 'Varro Logistics',
    [TRADER]: 'Ona Trader',
    98000001: 'Trader Corp',
  };

  class FakeEsi implements ContractsEsi {
    listed = contracts;
    namesFailure: Error | null = null;
    readonly nameCalls: (readonly number[])[] = [];
    getCharacterContracts() {
      return Promise.resolve({ data: this.listed, unchanged: false, freshUntil: new Date() });
    }
    getCharacterContractItems(_characterId: number, contractId: number) {
      const found = ITEMS[contractId];
      if (!found) return Promise.reject(new EsiNotFoundError('Contract not found!', 'items', 404, false));
      return Promise.resolve({ data: found, unchanged: false, freshUntil: new Date() });
    }
    resolveNames(ids: readonly number[]) {
      this.nameCalls.push(ids);
      if (this.namesFailure) return Promise.reject(this.namesFailure);
      const data = ids.flatMap((id) =>
        NAMES[id] ? [{ id, name: NAMES[id], category: id > 2e9 ? 'character' : 'corporation' } as const] : [],
      );
      return Promise.resolve({ data, unchanged: false, freshUntil: new Date() });
    }
  }

  class FakeAppraisals implements ContractAppraisals {
    readonly asked: ContractAppraisalLine[][] = [];
    unavailable = false;
    appraise(lines: readonly ContractAppraisalLine[]) {
      this.asked.push([...lines]);
      if (this.unavailable) return Promise.resolve(null);
      return Promise.resolve({
        regionId: 10000002,
        appraisedAt: '2026-11-20T10:00:00.000Z',
        prices: lines.map(({ typeId }) => ({
          typeId,
          method: 'MARKET_ORDERS' as const,
          unitPriceCents: typeId * 100,
        })),
      });
    }
  }

  /** The read store as the sync uses it: documents by id. */
  function memoryStore(): ReadStore {
    const collections = new Map<string, Map<string, unknown>>();
    const collection = (name: string) => {
      const documents = collections.get(name) ?? new Map<string, unknown>();
      collections.set(name, documents);
      return {
        findOne: (filter: { _id: string }) => Promise.resolve(documents.get(filter._id) ?? null),
        replaceOne: (filter: { _id: string }, document: unknown) => {
          documents.set(filter._id, document);
          return Promise.resolve({});
        },
      };
    };
    return { collection } as unknown as ReadStore;
  }

  let esi: FakeEsi;
  let appraisals: FakeAppraisals;
  let published: ContractsImported[];
  let warn: jest.Mock;
  let sync: (withAppraisals?: boolean) => CharacterContractsSync;

  beforeEach(() => {
    esi = new FakeEsi();
    appraisals = new FakeAppraisals();
    published = [];
    warn = jest.fn();
    const bus = {
      publish: (_topic: string, messages: readonly { value: unknown }[]) => {
        for (const { value } of messages) published.push(contractsImportedSchema.parse(value));
        return Promise.resolve();
      },
    } as unknown as MessageBus;
    const store = memoryStore();
    const accounts = { findOne: () => Promise.resolve({ _id: ACCOUNT, tier: 'PRO' }) };
    const readModels = { serving: () => Promise.resolve(accounts) } as unknown as ReadModels;
    const logger = { warn } as unknown as Logger;
    const clock = new ManualClock('2026-11-20T10:00:00.000Z');
    sync = (withAppraisals = true) =>
      new CharacterContractsSync(
        esi,
        bus,
        store,
        readModels,
        clock,
        logger,
        withAppraisals ? appraisals : null,
      );
  });

  const entries = () => published.flatMap((message) => message.contracts);
  const entry = (contractId: number) => entries().find((e) => e.contract.contract_id === contractId);

  it('appraises what comes to the character when it is two or more types, and nothing else', async () => {
    await sync().refresh(ACCOUNT, LENA);
    expect(appraisals.asked).toEqual([
      [
        { typeId: 34, quantity: 1500 },
        { typeId: 587, quantity: 1 },
      ],
      [
        { typeId: 34, quantity: 10 },
        { typeId: 35, quantity: 5 },
      ],
    ]);
    expect(entry(1)!.appraisal!.prices.map((price) => price.typeId)).toEqual([34, 587]);
    expect(entry(3)!.appraisal!.prices.map((price) => price.typeId)).toEqual([34, 35]);
    expect(entry(2)!.appraisal).toBeNull();
    expect(entry(4)!.appraisal).toBeNull();
    expect(entry(5)).not.toHaveProperty('appraisal');
  });

  it('publishes without appraisals when it has none to ask', async () => {
    await sync(false).refresh(ACCOUNT, LENA);
    expect(entries().map((e) => [e.contract.contract_id, e.appraisal])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, null],
      [5, undefined],
    ]);
  });

  it('leaves a contract that cannot be appraised now for the next sync, which appraises and publishes it', async () => {
    appraisals.unavailable = true;
    await sync().refresh(ACCOUNT, LENA);
    expect(entries().map((e) => e.contract.contract_id)).toEqual([2, 4, 5]);
    appraisals.unavailable = false;
    appraisals.asked.length = 0;
    published.length = 0;
    await sync().refresh(ACCOUNT, LENA);
    expect(entries().map((e) => e.contract.contract_id)).toEqual([1, 3]);
    expect(entry(1)!.items).toEqual(ITEMS[1]);
    expect(entry(1)!.appraisal).not.toBeNull();
    expect(appraisals.asked).toHaveLength(2);
    published.length = 0;
    await sync().refresh(ACCOUNT, LENA);
    expect(entries()).toEqual([]);
  });

  it("resolves the parties' names in one call and puts on each contract the names of its own parties", async () => {
    await sync().refresh(ACCOUNT, LENA);
    expect(esi.nameCalls).toEqual([[TRADER, 98000001, LENA, 98770003]]);
    expect(entry(1)!.partyNames).toEqual({
      [TRADER]: 'Ona Trader',
      98000001: 'Trader Corp',
      [LENA]: 'Lena Varro',
    });
    expect(entry(2)!.partyNames).toEqual({ [LENA]: 'Lena Varro', 98770003: 'Varro Logistics' });
  });

  it('asks ESI for at most 1000 ids a call', async () => {
    esi.listed = Array.from({ length: 600 }, (_, i) =>
      contract(1000 + i, 'outstanding', {
        type: 'courier',
        issuer_id: 2_120_000_000 + i,
        issuer_corporation_id: 98_000_000 + i,
      }),
    );
    await sync().refresh(ACCOUNT, LENA);
    expect(esi.nameCalls.map((ids) => ids.length)).toEqual([NAMES_PER_CALL, 200]);
  });

  it('publishes without names when ESI cannot resolve them (a 404 for any unknown id), and warns', async () => {
    esi.namesFailure = new EsiNotFoundError(
      'Ensure all IDs are valid before resolving.',
      'names',
      404,
      false,
    );
    await sync().refresh(ACCOUNT, LENA);
    expect(entries()).toHaveLength(5);
    for (const e of entries()) expect(e).not.toHaveProperty('partyNames');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
