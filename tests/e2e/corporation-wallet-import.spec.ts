import {
  corporationOrderHistoryStream,
  corporationWalletJournalStream,
  corporationWalletTransactionsStream,
  iskToCents,
  type AccountDto,
  type CorporationJournalEntryRecorded,
  type CorporationMarketOrderClosed,
  type CorporationWalletTransactionRecorded,
  type EsiCorporationOrder,
  type EsiCorporationOrderHistory,
  type EsiCorporationWallet,
  type EsiCorporationWalletTransaction,
  type EsiWalletJournalEntry,
} from '@tradewise/contracts';
import { ManualClock, type EventStore, type RecordedEvent } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { adapterSets } from '../support/adapter-sets';
import { SIMULATED_WORLD_AT } from '../support/simulated-world';
import { grantExtendedScopes, startFrozenProduct, type FrozenProduct } from './support/frozen-product';
import { ProductClient } from './support/product-client';

const ARIA = 2119000011; // Trader of Forge Freight & Fabrication: reads its orders, not its wallets
const MIRA = 2119000013; // Director and Accountant of Forge Freight & Fabrication, which trades from its wallet
const FORGE_FREIGHT = 98770002;
const KAEL = 2119000021; // Director of Amarr Arbitrage Collective, hauls for it
const LENA = 2119000022; // Accountant of the same corporation
const AMARR_ARBITRAGE = 98770003;
const WALLET_SCOPE = 'esi-wallet.read_corporation_wallets.v1';
const ORDERS_SCOPE = 'esi-markets.read_corporation_orders.v1';
const DIVISIONS = [1, 2, 3, 4, 5, 6, 7];

/**
 * Corporation wallet import in the product process over the mounted simulator (on the product's manual clock, so its
 * answers are the ones the sync read): on a PRO account, a character that reads its corporation's wallets and has corporation
 * trade sync on brings every division's transactions and journal rows in once, as events of the account, and the
 * division balances onto the account; the tier, the role and the scopes are checked when the switch is turned on.
 */
describe.each(adapterSets('tw_corp_wallets'))(
  'Corporation wallet import: simulator → sync → bus → ledger events ($name)',
  (set) => {
    jest.setTimeout(set.slow ? 400_000 : 180_000);
    const it = set.enabled ? test : test.skip;
    let product: FrozenProduct;
    let server: RunningServer;
    let eventStore: EventStore;
    const clock = new ManualClock(SIMULATED_WORLD_AT);
    const accounts = new Map<number, { client: ProductClient; accountId: string }>();

    /** The simulator's own answer to a route, every page of it, as the character's token reads it. */
    async function esi<T>(characterId: number, path: string): Promise<T[]> {
      const { access_token } = server.simulator!.issueTokens(characterId, [WALLET_SCOPE, ORDERS_SCOPE]);
      const rows: T[] = [];
      for (let page = 1, pages = 1; page <= pages; page++) {
        const answer = await fetch(
          `${server.url}/esi-sim${path}${path.includes('?') ? '&' : '?'}page=${page}`,
          {
            headers: { authorization: `Bearer ${access_token}`, 'X-Compatibility-Date': '2026-08-18' },
          },
        );
        expect(answer.status).toBe(200);
        pages = Number(answer.headers.get('x-pages') ?? '1');
        rows.push(...((await answer.json()) as T[]));
      }
      return rows;
    }

    /** Every transaction of a division, walking `from_id` back as the product does. */
    async function divisionTransactions(
      reader: number,
      corporationId: number,
      division: number,
    ): Promise<EsiCorporationWalletTransaction[]> {
      const { access_token } = server.simulator!.issueTokens(reader, [WALLET_SCOPE]);
      const all: EsiCorporationWalletTransaction[] = [];
      let fromId: number | null = null;
      for (;;) {
        const query: string = fromId === null ? '' : `?from_id=${fromId}`;
        const answer = await fetch(
          `${server.url}/esi-sim/corporations/${corporationId}/wallets/${division}/transactions${query}`,
          { headers: { authorization: `Bearer ${access_token}`, 'X-Compatibility-Date': '2026-08-18' } },
        );
        expect(answer.status).toBe(200);
        const page = (await answer.json()) as EsiCorporationWalletTransaction[];
        const older = page.filter((t) => fromId === null || t.transaction_id < fromId);
        if (older.length === 0) return all;
        all.push(...older);
        fromId = Math.min(...older.map((t) => t.transaction_id));
      }
    }

    async function logIn(
      characterIds: readonly number[],
    ): Promise<{ client: ProductClient; accountId: string }> {
      const client = new ProductClient(server.url);
      await client.authorize(characterIds[0]!);
      for (const characterId of characterIds) await grantExtendedScopes(client, characterId);
      const account = (await client.get('/api/v1/account')).body as AccountDto;
      const entry = { client, accountId: account.id };
      for (const characterId of characterIds) accounts.set(characterId, entry);
      return entry;
    }

    const settings = (characterId: number, changes: Record<string, unknown>) =>
      accounts
        .get(characterId)!
        .client.request('PATCH', `/api/v1/account/characters/${characterId}`, { body: changes });

    async function sync(characterIds: readonly number[]): Promise<void> {
      const { accountId } = accounts.get(characterIds[0]!)!;
      const outcome = await server.syncWorker!.scheduler.syncAccount({ accountId, characterIds });
      expect(outcome?.kind).toBe('completed');
    }

    /** The import thread records asynchronously: wait until the stream holds `count` events and stops growing. */
    async function settled(stream: string, count: number): Promise<RecordedEvent[]> {
      const deadline = Date.now() + (set.slow ? 240_000 : 60_000);
      let recorded = await eventStore.readStream(stream);
      while (recorded.length < count) {
        if (Date.now() > deadline) throw new Error(`${stream} holds ${recorded.length} events, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        recorded = await eventStore.readStream(stream);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await eventStore.readStream(stream);
      expect(after).toHaveLength(count);
      return after;
    }

    /** Every division's rows as ESI lists them are the account's events, once each, in cents. */
    async function expectImported(accountId: string, reader: number, corporationId: number): Promise<number> {
      let transactionsSeen = 0;
      for (const division of DIVISIONS) {
        const listed = await divisionTransactions(reader, corporationId, division);
        const stream = corporationWalletTransactionsStream(accountId, corporationId, division);
        const recorded = await settled(stream, listed.length);
        const byId = new Map(listed.map((t) => [t.transaction_id, t]));
        for (const event of recorded) {
          const data = event.data as CorporationWalletTransactionRecorded;
          const esiRow = byId.get(data.transactionId)!;
          expect(data).toEqual({
            accountId,
            corporationId,
            division,
            transactionId: esiRow.transaction_id,
            date: esiRow.date,
            typeId: esiRow.type_id,
            quantity: esiRow.quantity,
            unitPriceCents: iskToCents(esiRow.unit_price),
            isBuy: esiRow.is_buy,
            esi: esiRow,
          });
          expect(event.metadata.actor).toBe('system:sync');
        }
        expect(recorded.map((e) => (e.data as CorporationWalletTransactionRecorded).transactionId)).toEqual(
          listed.map((t) => t.transaction_id).sort((a, b) => a - b),
        );
        transactionsSeen += listed.length;

        const journal = await esi<EsiWalletJournalEntry>(
          reader,
          `/corporations/${corporationId}/wallets/${division}/journal`,
        );
        const entries = await settled(
          corporationWalletJournalStream(accountId, corporationId, division),
          journal.length,
        );
        expect(entries.map((e) => (e.data as CorporationJournalEntryRecorded).entryId)).toEqual(
          journal.map((row) => row.id).sort((a, b) => a - b),
        );
        for (const event of entries) {
          const data = event.data as CorporationJournalEntryRecorded;
          const row = journal.find((r) => r.id === data.entryId)!;
          expect(data).toMatchObject({
            accountId,
            corporationId,
            division,
            refType: row.ref_type,
            amountCents: row.amount === undefined ? null : iskToCents(row.amount),
            esi: row,
          });
        }
      }
      return transactionsSeen;
    }

    beforeAll(async () => {
      if (!set.enabled) return;
      product = await startFrozenProduct(set, 'corp-wallets', clock);
      ({ server, eventStore } = product);
    });

    afterAll(async () => {
      await product?.close();
    });

    it('refuses the switch below PRO, to a character that cannot read the wallets, and without the scopes', async () => {
      const { client } = await logIn([MIRA, ARIA]);
      await sync([MIRA, ARIA]); // reads the roles
      expect((await settings(MIRA, { enableCorpTradeSync: true })).body).toMatchObject({
        statusCode: 403,
        code: 'CORPORATION_SYNC_NEEDS_PRO',
        message: 'Corporation trade sync needs a Pro subscription.',
      });
      expect((await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
      expect((await settings(ARIA, { enableCorpTradeSync: true })).body).toMatchObject({
        statusCode: 403,
        code: 'NOT_AN_ACCOUNTANT',
      });

      // Kael logs in with the login scopes only: the corporation wallet scopes come with Update Scopes.
      const narrow = new ProductClient(server.url);
      await narrow.authorize(KAEL);
      expect((await narrow.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
      const kaelAccount = (await narrow.get('/api/v1/account')).body as AccountDto;
      accounts.set(KAEL, { client: narrow, accountId: kaelAccount.id });
      await sync([KAEL]);
      expect((await settings(KAEL, { enableCorpTradeSync: true })).body).toMatchObject({
        statusCode: 403,
        code: 'CORPORATION_SYNC_NEEDS_SCOPE',
        message:
          'Update the scopes of Kael Oduya on the Account page to sync corporation wallets and orders.',
      });
    });

    it("imports every division's transactions and journal once, and puts the balances on the account", async () => {
      const { client, accountId } = accounts.get(MIRA)!;
      expect((await settings(MIRA, { enableCorpTradeSync: true })).body).toMatchObject({
        enableCorpTradeSync: true,
      });
      await sync([MIRA, ARIA]);
      const imported = await expectImported(accountId, MIRA, FORGE_FREIGHT);
      expect(imported).toBeGreaterThan(0);

      const balances = await esi<EsiCorporationWallet>(MIRA, `/corporations/${FORGE_FREIGHT}/wallets`);
      const account = (await client.get('/api/v1/account')).body as AccountDto;
      expect(account.corporationWallets).toEqual([
        {
          corporationId: FORGE_FREIGHT,
          corporationName: 'Forge Freight & Fabrication',
          divisions: balances
            .map(({ division, balance }) => ({ division, balance: iskToCents(balance) / 100 }))
            .sort((a, b) => a.division - b.division),
          lastUpdate: expect.any(String) as string,
        },
      ]);

      // A second sync reads nothing new: nothing is recorded twice.
      await sync([MIRA, ARIA]);
      expect(await expectImported(accountId, MIRA, FORGE_FREIGHT)).toBe(imported);
    });

    it('imports a corporation two characters of the account track once', async () => {
      const { client, accountId } = accounts.get(KAEL)!;
      for (const characterId of [KAEL, LENA]) await grantExtendedScopes(client, characterId);
      accounts.set(LENA, { client, accountId });
      await sync([KAEL, LENA]);
      expect((await settings(KAEL, { enableCorpTradeSync: true })).status).toBe(200);
      expect((await settings(LENA, { enableCorpTradeSync: true })).status).toBe(200);
      await sync([KAEL, LENA]);
      expect(await expectImported(accountId, KAEL, AMARR_ARBITRAGE)).toBeGreaterThan(0);
      const account = (await client.get('/api/v1/account')).body as AccountDto;
      expect(account.corporationWallets?.map((wallets) => wallets.corporationId)).toEqual([AMARR_ARBITRAGE]);

      // Its orders too: each closed order once, each open order's read once, however many characters track it.
      const history = await esi<EsiCorporationOrderHistory>(
        KAEL,
        `/corporations/${AMARR_ARBITRAGE}/orders/history`,
      );
      const open = await esi<EsiCorporationOrder>(KAEL, `/corporations/${AMARR_ARBITRAGE}/orders`);
      expect(history.length + open.length).toBeGreaterThan(0);
      const orders = await settled(
        corporationOrderHistoryStream(accountId, AMARR_ARBITRAGE),
        history.length + open.length,
      );
      const closed = orders.filter((event) => event.type === 'CorporationMarketOrderClosed');
      expect(closed.map((event) => (event.data as CorporationMarketOrderClosed).orderId)).toEqual(
        history.map((order) => order.order_id).sort((a, b) => a - b),
      );
    });
  },
);
