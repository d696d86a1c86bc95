import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TRADE_LEDGER_READ_MODEL,
  tradeLedgerStream,
  walletTransactionsStream,
  type AccountDto,
  type LedgerStatus,
  type WarehouseEntryDto,
} from '@tradewise/contracts';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { adapterSets } from '../support/adapter-sets';
import { ProductClient } from './support/product-client';
import { readUntil } from '../support/collect';

const POISONED_CHARACTER = 2119000001;
const OTHER_CHARACTER = 2119000021;
const TRITANIUM = 34;
const ADMIN_TOKEN = 'poisoned-account-test-operator-token';
/** A unit price beyond the API's bounds: 362 units of it are beyond exact integer arithmetic. */
const UNBOUNDED_PRICE_CENTS = 9_007_199_254_740_990;
const PENDING_UNITS = 362;

interface ReadyAnswer {
  status: string;
  projections: {
    name: string;
    state: string;
    failedPartitions: { partition: string; position: number; reason: string }[];
  }[];
}

describe.each(adapterSets('tw_poison'))('One account can never stop another ($name)', (set) => {
  const maybe = set.enabled ? it : it.skip;
  jest.setTimeout(240_000);
  let dataDir: string;
  let server: RunningServer | undefined;

  async function start(): Promise<RunningServer> {
    server = await startServer({
      env: {
        ...process.env,
        ...set.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'silent',
        ADMIN_TOKEN,
      },
    });
    return server;
  }

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-poison-'));
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  maybe(
    'a record the ledger cannot hold stops only its account, survives a restart, and support brings the account back alone',
    async () => {
      let running = await start();
      const poisoned = new ProductClient(running.url);
      await poisoned.authorize(POISONED_CHARACTER);
      const poisonedAccount = (await poisoned.get('/api/v1/account')).body as AccountDto;
      const other = new ProductClient(running.url);
      await other.authorize(OTHER_CHARACTER);
      const otherAccount = (await other.get('/api/v1/account')).body as AccountDto;
      const accountId = poisonedAccount.id;

      // Finding 1 of the issue, as the log may hold it from before money was bounded at the API: a pending sale of
      // 362 units, then a default price whose cost for all of them is beyond exact integer arithmetic. The fold
      // now costs only the units one line can hold, so this account stays current.
      const eventStore = running.app.get<EventStore>(EVENT_STORE);
      const metadata = {
        $correlationId: randomUUID(),
        $causationId: randomUUID(),
        actor: `account:${accountId}`,
      };
      const date = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
      await eventStore.append(walletTransactionsStream(POISONED_CHARACTER), [sale(1, PENDING_UNITS, 500)], {
        expectedRevision: 'any',
      });
      const { position: unboundedEntryAt } = await eventStore.append(
        tradeLedgerStream(accountId),
        [
          {
            id: randomUUID(),
            type: 'WarehouseEntrySaved',
            data: {
              accountId,
              entryId: randomUUID(),
              typeId: TRITANIUM,
              unitPriceCents: UNBOUNDED_PRICE_CENTS,
              quantity: null,
            },
            metadata,
          },
        ],
        { expectedRevision: 'any' },
      );
      expect(
        (await poisoned.get(`/api/v1/journal/${accountId}/unprocessed?position=${unboundedEntryAt}`)).status,
      ).toBe(200);
      expect((await poisoned.get(`/api/v1/profit/${accountId}/status`)).body).toEqual({ stopped: null });

      // A record no fold can hold (an import ESI got wrong): its account stops there, and no other.
      const { position: poisonedAt } = await eventStore.append(
        walletTransactionsStream(POISONED_CHARACTER),
        [sale(2, PENDING_UNITS, UNBOUNDED_PRICE_CENTS)],
        { expectedRevision: 'any' },
      );

      function sale(n: number, quantity: number, unitPriceCents: number) {
        const transactionId = 7_000_000_000 + n;
        return {
          id: randomUUID(),
          type: 'WalletTransactionRecorded',
          data: {
            accountId,
            characterId: POISONED_CHARACTER,
            transactionId,
            date,
            typeId: TRITANIUM,
            quantity,
            unitPriceCents,
            isBuy: false,
            isPersonal: true,
            esi: {
              transaction_id: transactionId,
              date,
              type_id: TRITANIUM,
              quantity,
              unit_price: unitPriceCents / 100,
              is_buy: false,
              is_personal: true,
              client_id: 2_120_000_001,
              location_id: 60_003_760,
              journal_ref_id: transactionId * 10,
            },
          },
          metadata,
        };
      }

      const status = await readUntil(
        async () => (await poisoned.get(`/api/v1/profit/${accountId}/status`)).body as LedgerStatus,
        (answer) => answer.stopped !== null,
        'the poisoned ledger is marked stopped',
      );
      expect(status.stopped).toMatchObject({
        position: poisonedAt,
        eventType: 'WalletTransactionRecorded',
        reason: expect.stringContaining('beyond exact integer arithmetic'),
      });

      async function everyoneElseWorks(client: ProductClient, id: string): Promise<void> {
        // Another projection may still be catching up with the last writes (FerretDB is slow); the stopped account
        // must not be what keeps the process from being ready.
        const ready = await readUntil(
          async () => {
            const answer = await fetch(`${running.url}/readyz`);
            return { status: answer.status, body: (await answer.json()) as ReadyAnswer };
          },
          (answer) => answer.status === 200,
          'ready while one account is stopped',
        );
        expect(ready.status).toBe(200);
        const body = ready.body;
        expect(body.status).toBe('ready');
        const ledger = body.projections.find((p) => p.name === TRADE_LEDGER_READ_MODEL)!;
        expect(ledger.state).toBe('live');
        expect(ledger.failedPartitions).toEqual([
          expect.objectContaining({ partition: accountId, position: poisonedAt }),
        ]);
        const saved = await client.request('POST', '/api/v1/account/itemWarehouse', {
          body: { typeId: TRITANIUM, unitPrice: 4.5, quantity: 100 },
        });
        expect(saved.status).toBe(201);
        const { position } = saved.body as { position: number };
        const listed = await client.get(`/api/v1/account/itemWarehouse?position=${position}`);
        expect(listed.status).toBe(200);
        expect((listed.body as WarehouseEntryDto[]).map((entry) => entry.unitPrice)).toContain(4.5);
        expect((await client.get(`/api/v1/profit/${id}/status`)).body).toEqual({ stopped: null });
      }
      await everyoneElseWorks(other, otherAccount.id);

      // A restart keeps the account stopped and everyone else served.
      await running.close();
      running = await start();
      const [poisonedAgain, otherAgain] = [poisoned, other].map((client) => {
        const again = new ProductClient(running.url);
        for (const [name, value] of client.cookies) again.cookies.set(name, value);
        return again;
      }) as [ProductClient, ProductClient];
      await readUntil(
        async () => (await fetch(`${running.url}/readyz`)).status,
        (code) => code === 200,
        'ready after the restart',
      );
      expect(
        ((await poisonedAgain.get(`/api/v1/profit/${accountId}/status`)).body as LedgerStatus).stopped,
      ).toMatchObject({ position: poisonedAt });
      await everyoneElseWorks(otherAgain, otherAccount.id);

      // Rebuilding the account alone does not help while the record is in its log; support passes it over, with a
      // reason, and the account is current again.
      const rebuild = (body: unknown) =>
        fetch(
          `${running.url}/api/v1/admin/projections/${TRADE_LEDGER_READ_MODEL}/partitions/${accountId}/rebuild`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
        );
      const again = await rebuild({});
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ repaired: false, failure: { position: poisonedAt } });
      const rebuilt = await rebuild({
        passOverPosition: poisonedAt,
        reason: 'ESI sent an impossible unit price',
      });
      expect(rebuilt.status).toBe(200);
      expect(await rebuilt.json()).toMatchObject({ repaired: true, partition: accountId });
      expect((await poisonedAgain.get(`/api/v1/profit/${accountId}/status`)).body).toEqual({ stopped: null });
      const unprocessed = JSON.stringify(
        (await poisonedAgain.get(`/api/v1/journal/${accountId}/unprocessed`)).body,
      );
      expect(unprocessed).toContain('7000000001');
      expect(unprocessed).not.toContain('7000000002');
      const ready = (await (await fetch(`${running.url}/readyz`)).json()) as ReadyAnswer;
      expect(ready.projections.find((p) => p.name === TRADE_LEDGER_READ_MODEL)!.failedPartitions).toEqual([]);

      // And it follows the log again.
      const saved = await poisonedAgain.request('POST', '/api/v1/account/itemWarehouse', {
        body: { typeId: TRITANIUM, unitPrice: 4, quantity: null },
      });
      expect(saved.status).toBe(201);
      const { position } = saved.body as { position: number };
      const listed = (await poisonedAgain.get(`/api/v1/account/itemWarehouse?position=${position}`))
        .body as WarehouseEntryDto[];
      expect(listed.map((entry) => entry.unitPrice)).toContain(4);
    },
  );
});
