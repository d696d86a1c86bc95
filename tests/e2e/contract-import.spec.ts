import {
  contractsStream,
  iskToCents,
  type AccountDto,
  type ContractRecorded,
  type ContractStatusChanged,
  type EsiContract,
  type EsiContractItem,
  type EsiRegionOrder,
} from '@tradewise/contracts';
import { RecordContracts, walletImportCommands } from '@tradewise/ledger';
import { ManualClock, type EventStore, type RecordedEvent } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { adapterSets } from '../support/adapter-sets';
import { SIMULATED_WORLD_AT } from '../support/simulated-world';
import { startFrozenProduct, type FrozenProduct } from './support/frozen-product';
import { ProductClient } from './support/product-client';

const LENA = 2119000022; // sells and buys with contracts
const CONTRACTS_SCOPE = 'esi-contracts.read_character_contracts.v1';
const DAY = 86_400_000;
const ITEMS_WINDOW = 3_600_000;

type ContractEvent = RecordedEvent & { data: ContractRecorded | ContractStatusChanged };

/**
 * Contract import in the product process over the mounted simulator (on the product's manual clock, so its answers are the
 * ones the sync read): a FREE account imports no contract; on PRO every contract ESI lists for the synced character
 * is recorded once with its items, and each later status once.
 */
describe.each(adapterSets('tw_contracts'))(
  'Contract import: simulator → sync → bus → ledger events ($name)',
  (set) => {
    jest.setTimeout(set.slow ? 400_000 : 180_000);
    const it = set.enabled ? test : test.skip;
    let product: FrozenProduct;
    let server: RunningServer;
    let eventStore: EventStore;
    /** The product's clock, which the mounted simulator runs on too. */
    const clock = new ManualClock(SIMULATED_WORLD_AT);
    const advance = (ms: number): void => clock.advance(ms);
    let client: ProductClient;
    let accountId: string;

    const events = async (): Promise<ContractEvent[]> =>
      (await eventStore.readStream(contractsStream(LENA))) as ContractEvent[];

    /** The simulator's own answer to a route, as the character's token reads it. */
    async function esi<T>(path: string): Promise<T> {
      const { access_token } = server.simulator!.issueTokens(LENA, [CONTRACTS_SCOPE]);
      const answer = await fetch(`${server.url}/esi-sim${path}`, {
        headers: { authorization: `Bearer ${access_token}`, 'X-Compatibility-Date': '2026-08-18' },
      });
      expect(answer.status).toBe(200);
      expect(Number(answer.headers.get('x-pages') ?? '1')).toBe(1);
      return (await answer.json()) as T;
    }
    const listedContracts = () => esi<EsiContract[]>(`/characters/${LENA}/contracts`);
    const contractItems = (contractId: number) =>
      esi<EsiContractItem[]>(`/characters/${LENA}/contracts/${contractId}/items`);

    async function sync(): Promise<void> {
      const outcome = await server.syncWorker!.scheduler.syncAccount({ accountId, characterIds: [LENA] });
      expect(outcome?.kind).toBe('completed');
    }

    /** The import thread records asynchronously: wait until `done` holds and the stream stops growing. */
    async function settled(done: (recorded: ContractEvent[]) => boolean): Promise<ContractEvent[]> {
      const deadline = Date.now() + (set.slow ? 240_000 : 60_000);
      let recorded = await events();
      while (!done(recorded)) {
        if (Date.now() > deadline)
          throw new Error(`${contractsStream(LENA)} holds ${recorded.length} events, not what was expected`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        recorded = await events();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await events();
      expect(after).toHaveLength(recorded.length);
      return after;
    }

    /** Each contract's status as its last event says. */
    const lastStatuses = (recorded: ContractEvent[]): Map<number, string> =>
      new Map(recorded.map((e) => [e.data.contractId, e.data.status]));

    beforeAll(async () => {
      if (!set.enabled) return;
      product = await startFrozenProduct(set, 'contracts', clock);
      ({ server, eventStore } = product);
      client = new ProductClient(server.url);
      await client.authorize(LENA);
      const account = (await client.get('/api/v1/account')).body as AccountDto;
      expect(account.characters.map((c) => c.esiScopes.split(',').includes(CONTRACTS_SCOPE))).toEqual([true]);
      accountId = account.id;
    });

    afterAll(async () => {
      await product?.close();
    });

    it('records no contract for a FREE account', async () => {
      expect((await listedContracts()).length).toBeGreaterThan(0);
      await sync();
      // Wait for what the sync did publish (the wallet, industry), then look at the contracts stream.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await events()).toEqual([]);
    });

    it('records every contract ESI lists once on PRO, in cents, with its items as ESI lists them', async () => {
      expect((await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
      const listed = await listedContracts();
      await sync();
      const recorded = await settled((r) => r.length >= listed.length);
      expect(recorded).toHaveLength(listed.length);
      expect(recorded.every((e) => e.type === 'ContractRecorded')).toBe(true);
      expect(recorded.map((e) => e.data.contractId).sort((a, b) => a - b)).toEqual(
        listed.map((c) => c.contract_id).sort((a, b) => a - b),
      );
      let withItems = 0;
      for (const event of recorded) {
        const contract = listed.find((c) => c.contract_id === event.data.contractId)!;
        expect(event.data).toMatchObject({
          accountId,
          characterId: LENA,
          type: contract.type,
          status: contract.status,
          priceCents: iskToCents(contract.price!),
          acceptorId: contract.acceptor_id,
          esi: contract,
        });
        expect(event.metadata.actor).toBe('system:sync');
        const data = event.data as ContractRecorded;
        if (contract.type === 'item_exchange' || contract.type === 'auction') {
          expect(data.items).toEqual(await contractItems(contract.contract_id));
          expect(data.items!.length).toBeGreaterThan(0);
          withItems++;
        } else {
          expect(data.items).toBeNull();
        }
      }
      expect(withItems).toBeGreaterThan(0);

      // Contracts that bring Lena two or more types carry the appraisal the sync made: each type's lowest sell in
      // The Forge, as the simulator's order books stood when the sync read them (the test's clock has not moved since).
      const appraised = (recorded as (RecordedEvent & { data: ContractRecorded })[]).filter(
        (e) => e.data.appraisal,
      );
      expect(appraised.length).toBeGreaterThan(0);
      for (const event of appraised) {
        const { appraisal, items, issuerId } = event.data;
        const brought = items!.filter((item) => item.is_included === (issuerId !== LENA));
        expect(new Set(appraisal!.prices.map((p) => p.typeId))).toEqual(
          new Set(brought.map((i) => i.type_id)),
        );
        expect(appraisal!.regionId).toBe(10000002);
        for (const price of appraisal!.prices) {
          const orders = await esi<EsiRegionOrder[]>(
            `/markets/10000002/orders?type_id=${price.typeId}&order_type=sell`,
          );
          if (orders.length === 0) {
            expect(price.method).not.toBe('MARKET_ORDERS');
            continue;
          }
          expect(price.method).toBe('MARKET_ORDERS');
          expect(price.unitPriceCents).toBe(iskToCents(Math.min(...orders.map((o) => o.price))));
        }
      }
    });

    it('records nothing new on a second sync, nor for a redelivered read', async () => {
      const before = await events();
      await sync();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await events()).toHaveLength(before.length);

      const imports = await walletImportCommands(eventStore);
      try {
        const first = before[0]!.data as ContractRecorded;
        const again = await imports.commands.execute(
          new RecordContracts({
            accountId: first.accountId,
            characterId: LENA,
            fetchedAt: first.readAt,
            contracts: (before as (RecordedEvent & { data: ContractRecorded })[]).map((e) => ({
              contract: e.data.esi,
              items: e.data.items,
            })),
          }),
        );
        expect(again).toEqual({ recorded: 0, position: null });
      } finally {
        await imports.close();
      }
    });

    it('records a new contract and its acceptance later, each once, as the world moves on', async () => {
      const before = await events();
      // The next contract Lena's list shows open that someone accepts within two days (her Pro trial lasts three).
      const world = server.simulator!.world;
      const now = clock.now().getTime();
      const contract = world
        .contracts(LENA, now + 2 * DAY)
        .filter(
          (c) =>
            c.acceptedMs >
              Math.ceil((Math.max(now, c.visibleFromMs) + 1) / ITEMS_WINDOW) * ITEMS_WINDOW + 1_000 &&
            c.acceptedMs < now + 2 * DAY,
        )
        .sort((a, b) => a.acceptedMs - b.acceptedMs)[0]!;
      expect(contract).toBeDefined();

      let recorded = before;
      for (const instant of [Math.max(now, contract.visibleFromMs), contract.acceptedMs]) {
        // The simulator answers a route as of the start of its cache window: 5 minutes for the list, an hour for
        // a contract's items, so the new contract is read once both windows show it.
        advance(Math.ceil((instant + 1) / ITEMS_WINDOW) * ITEMS_WINDOW + 1_000 - clock.now().getTime());
        const listed = await listedContracts();
        const expected = new Map(listed.map((c) => [c.contract_id, c.status]));
        expect(expected.get(contract.contractId)).toBe(
          instant === contract.acceptedMs ? 'finished' : 'outstanding',
        );
        await sync();
        recorded = await settled((r) => {
          const statuses = lastStatuses(r);
          return [...expected].every(([contractId, status]) => statuses.get(contractId) === status);
        });
      }
      const own = recorded.filter((e) => e.data.contractId === contract.contractId);
      expect(own.map((e) => [e.type, e.data.status])).toEqual([
        ['ContractRecorded', 'outstanding'],
        ['ContractStatusChanged', 'finished'],
      ]);
      expect((own[0]!.data as ContractRecorded).items).toEqual(
        contract.items.map((item) =>
          expect.objectContaining({ type_id: item.typeId, quantity: item.quantity }),
        ),
      );
      expect(own[1]!.data).toMatchObject({ previousStatus: 'outstanding', acceptorId: contract.acceptorId });
      expect(own[1]!.data).not.toHaveProperty('items');
      expect(recorded.slice(0, before.length)).toEqual(before);
      const firsts = recorded.filter((e) => e.type === 'ContractRecorded').map((e) => e.data.contractId);
      expect(new Set(firsts).size).toBe(firsts.length);
      expect(new Set(recorded.map((e) => e.id)).size).toBe(recorded.length);

      await sync();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await events()).toHaveLength(recorded.length);
    });
  },
);
