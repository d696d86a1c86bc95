import type { ContractsImported, EsiContract, EsiContractItem, ImportedContract } from '@tradewise/contracts';
import {
  NO_CONTRACTS,
  decideContracts,
  evolveContracts,
  type ContractsState,
  type RecordedContractEvent,
} from './contract-import.decider';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const LENA = 2119000022;
const BUYER = 2119000099;
const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-20T11:01:00.000Z';
const T3 = '2026-11-20T12:02:00.000Z';

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
  date_issued: '2026-11-19T08:00:00Z',
  date_expired: '2026-12-03T08:00:00Z',
  title: 'Hulls',
  price: 123_456_789.01,
  reward: 0,
  collateral: 0,
  buyout: 0,
  volume: 2500,
  start_location_id: 60011866,
  end_location_id: 60011866,
  ...extra,
});

const finished = (contractId: number, extra: Partial<EsiContract> = {}): EsiContract =>
  contract(contractId, 'finished', {
    acceptor_id: BUYER,
    date_accepted: '2026-11-20T09:30:00Z',
    date_completed: '2026-11-20T09:30:00Z',
    ...extra,
  });

const item = (recordId: number, typeId: number, quantity: number): EsiContractItem => ({
  record_id: recordId,
  type_id: typeId,
  quantity,
  is_included: true,
  is_singleton: false,
});

const read = (fetchedAt: string, contracts: ImportedContract[]): ContractsImported => ({
  accountId: ACCOUNT,
  characterId: LENA,
  fetchedAt,
  contracts,
});

const first = (esi: EsiContract, items: EsiContractItem[] | null = [item(1, 587, 2)]): ImportedContract => ({
  contract: esi,
  items,
});
const later = (esi: EsiContract): ImportedContract => ({ contract: esi, items: null });

/** Given these batches were recorded: the stream's state, folded as the runner folds it. */
function given(...batches: ContractsImported[]): ContractsState {
  let state = NO_CONTRACTS;
  for (const batch of batches) {
    for (const event of decideContracts(state, batch)) state = evolveContracts(state, event);
  }
  return state;
}

const summary = (events: RecordedContractEvent[]) =>
  events.map((e) => ({
    type: e.type,
    contractId: e.data.contractId,
    status: e.data.status,
    source: e.source,
  }));

describe('contracts decider', () => {
  it('given an empty stream, when contracts are read, then each is recorded once, in cents, with its items', () => {
    const items = [item(1, 587, 2), item(2, 34, 10_000)];
    const events = decideContracts(
      NO_CONTRACTS,
      read(T1, [
        first(contract(2, 'outstanding')),
        first(finished(1), items),
        first(contract(2, 'outstanding')),
      ]),
    );
    expect(summary(events)).toEqual([
      { type: 'ContractRecorded', contractId: 1, status: 'finished', source: `esi:contract:${LENA}:1` },
      { type: 'ContractRecorded', contractId: 2, status: 'outstanding', source: `esi:contract:${LENA}:2` },
    ]);
    expect(events[0]!.data).toEqual({
      accountId: ACCOUNT,
      characterId: LENA,
      contractId: 1,
      type: 'item_exchange',
      status: 'finished',
      availability: 'public',
      forCorporation: false,
      issuerId: LENA,
      issuerCorporationId: 98770003,
      assigneeId: 0,
      acceptorId: BUYER,
      title: 'Hulls',
      priceCents: 12_345_678_901,
      rewardCents: 0,
      collateralCents: 0,
      buyoutCents: 0,
      volume: 2500,
      startLocationId: 60011866,
      endLocationId: 60011866,
      dateIssued: '2026-11-19T08:00:00Z',
      dateExpired: '2026-12-03T08:00:00Z',
      dateAccepted: '2026-11-20T09:30:00Z',
      dateCompleted: '2026-11-20T09:30:00Z',
      items,
      appraisal: null,
      readAt: T1,
      esi: finished(1),
    });
    expect(events[0]!.data).not.toHaveProperty('partyNames');
  });

  it("records the appraisal the sync made with the contract, and the parties' names on each event that has them", () => {
    const appraisal = {
      regionId: 10000002,
      appraisedAt: T1,
      prices: [
        { typeId: 587, method: 'MARKET_ORDERS' as const, unitPriceCents: 45_000_000 },
        { typeId: 34, method: 'ESI_PRICE' as const, unitPriceCents: 512 },
      ],
    };
    const names = { [LENA]: 'Lena Varro', 98770003: 'Varro Logistics' };
    const [recorded] = decideContracts(
      NO_CONTRACTS,
      read(T1, [{ ...first(contract(15, 'outstanding')), appraisal, partyNames: names }]),
    );
    expect(recorded!.data).toMatchObject({ appraisal, partyNames: names });

    const state = given(read(T1, [first(contract(15, 'outstanding'))]));
    const withBuyer = { ...names, [BUYER]: 'Ona Buyer' };
    const [changed] = decideContracts(state, read(T2, [{ ...later(finished(15)), partyNames: withBuyer }]));
    expect(changed!.data).toMatchObject({ status: 'finished', partyNames: withBuyer });
    expect(changed!.data).not.toHaveProperty('appraisal');
    const [unnamed] = decideContracts(state, read(T2, [later(finished(15))]));
    expect(unnamed!.data).not.toHaveProperty('partyNames');
  });

  it('records a courier without items and ISK amounts ESI leaves out as null', () => {
    const courier = contract(3, 'in_progress', {
      type: 'courier',
      reward: 5_000_000.5,
      collateral: 250_000_000,
      price: undefined,
      buyout: undefined,
    });
    const [event] = decideContracts(NO_CONTRACTS, read(T1, [first(courier, null)]));
    expect(event!.data).toMatchObject({
      type: 'courier',
      priceCents: null,
      rewardCents: 500_000_050,
      collateralCents: 25_000_000_000,
      buyoutCents: null,
      items: null,
    });
  });

  it('given an outstanding contract, when it is read finished, then the change is recorded once, without items', () => {
    const state = given(read(T1, [first(contract(7, 'outstanding'))]));
    const events = decideContracts(state, read(T2, [later(finished(7))]));
    expect(events).toEqual([
      expect.objectContaining({
        type: 'ContractStatusChanged',
        source: `esi:contract:${LENA}:7:1`,
        data: expect.objectContaining({
          contractId: 7,
          status: 'finished',
          previousStatus: 'outstanding',
          acceptorId: BUYER,
          dateAccepted: '2026-11-20T09:30:00Z',
          readAt: T2,
        }),
      }),
    ]);
    expect(events[0]!.data).not.toHaveProperty('items');
    const after = given(read(T1, [first(contract(7, 'outstanding'))]), read(T2, [later(finished(7))]));
    expect(decideContracts(after, read(T3, [later(finished(7))]))).toEqual([]);
  });

  it('given a contract in a final status, when it is read again in another, then nothing is recorded', () => {
    for (const status of ['cancelled', 'rejected', 'failed', 'deleted', 'reversed'] as const) {
      const state = given(read(T1, [first(contract(4, status))]));
      expect(decideContracts(state, read(T2, [later(finished(4))]))).toEqual([]);
      expect(decideContracts(state, read(T2, [later(contract(4, 'outstanding'))]))).toEqual([]);
    }
    const done = given(read(T1, [first(finished(5))]));
    expect(decideContracts(done, read(T2, [later(contract(5, 'outstanding'))]))).toEqual([]);
    expect(decideContracts(done, read(T2, [later(contract(5, 'deleted'))]))).toEqual([]);
  });

  it('given a finished contract, when CCP reverses it, then the reversal is recorded, and nothing after it', () => {
    const state = given(read(T1, [first(finished(6))]));
    const reversed = decideContracts(state, read(T2, [later(finished(6, { status: 'reversed' }))]));
    expect(summary(reversed)).toEqual([
      {
        type: 'ContractStatusChanged',
        contractId: 6,
        status: 'reversed',
        source: `esi:contract:${LENA}:6:1`,
      },
    ]);
    const after = given(
      read(T1, [first(finished(6))]),
      read(T2, [later(finished(6, { status: 'reversed' }))]),
    );
    expect(decideContracts(after, read(T3, [later(finished(6))]))).toEqual([]);
  });

  it('given an in-progress courier, when one party finishes and then both, then each step is recorded once', () => {
    const courier = (status: EsiContract['status']) => contract(8, status, { type: 'courier' });
    const state = given(
      read(T1, [first(courier('in_progress'), null)]),
      read(T2, [later(courier('finished_contractor'))]),
    );
    const events = decideContracts(state, read(T3, [later(courier('finished'))]));
    expect(events).toMatchObject([
      {
        source: `esi:contract:${LENA}:8:2`,
        data: { status: 'finished', previousStatus: 'finished_contractor' },
      },
    ]);
  });

  it('given a batch recorded, when it is redelivered or an older read arrives after a newer one, then nothing is recorded', () => {
    const older = read(T1, [first(contract(9, 'outstanding')), first(contract(10, 'outstanding'))]);
    const newer = read(T2, [later(finished(9)), later(contract(10, 'outstanding'))]);
    const state = given(older, newer);
    expect(decideContracts(state, newer)).toEqual([]);
    expect(decideContracts(state, older)).toEqual([]);
    const outOfOrder = given(read(T2, [first(contract(11, 'outstanding'))]));
    expect(decideContracts(outOfOrder, read(T1, [later(contract(11, 'cancelled'))]))).toEqual([]);
  });

  it('records items once: a contract already recorded takes no items from a later message that carries some', () => {
    const state = given(read(T1, [first(contract(12, 'outstanding'), [item(1, 587, 1)])]));
    const events = decideContracts(state, read(T2, [first(finished(12), [item(1, 587, 1), item(2, 34, 5)])]));
    expect(events.map((e) => e.type)).toEqual(['ContractStatusChanged']);
    expect(events[0]!.data).not.toHaveProperty('items');
  });

  it('leaves the 30 July 2021 cut-off to the sync: a contract accepted before it is recorded if a message carries it', () => {
    const old = finished(13, { date_issued: '2021-07-20T08:00:00Z', date_accepted: '2021-07-29T23:59:59Z' });
    expect(summary(decideContracts(NO_CONTRACTS, read(T1, [first(old)])))).toEqual([
      { type: 'ContractRecorded', contractId: 13, status: 'finished', source: `esi:contract:${LENA}:13` },
    ]);
  });

  it("keys each event by the character whose list showed the contract, so two characters' streams never share an id", () => {
    const [mine] = decideContracts(NO_CONTRACTS, read(T1, [first(finished(14))]));
    const [theirs] = decideContracts(NO_CONTRACTS, {
      ...read(T1, [first(finished(14))]),
      characterId: BUYER,
    });
    expect(mine!.source).not.toBe(theirs!.source);
  });

  it('leaves the state it is given as it was (the fold owns only the map it built)', () => {
    const state = given(read(T1, [first(contract(1, 'outstanding'))]));
    decideContracts(state, read(T2, [later(finished(1)), first(contract(2, 'outstanding'))]));
    expect([...state.contracts.keys()]).toEqual([1]);
    expect(NO_CONTRACTS.contracts.size).toBe(0);
  });
});
