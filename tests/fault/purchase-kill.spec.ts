import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountStream, type AccountDto, type AccountTransactionDto } from '@tradewise/contracts';
import { adapterSets } from '../support/adapter-sets';
import { ProductClient, type HttpAnswer } from '../e2e/support/product-client';
import { storedStreams } from './support/stored-streams';
import {
  freePort,
  killIfRunning,
  startServerProcess,
  stopCleanly,
  waitForStatus,
  type ServerProcess,
} from '../support/server-process';

const ARIA = 2119000011;
const DAX = 2119000012;
const KILLABLE_SERVER = 'tests/fault/support/killable-server.ts';
const ADMIN_TOKEN = 'purchase-kill-admin-token';
const FUNDS_ISK = 250_000_000;
const SUPPORTER_ISK = 100_000_000;

/**
 * Issue #18, Truth and faults: a purchase in flight when the process dies, before or after its event is stored, and
 * the client's retry with the same Idempotency-Key after the restart, charge once.
 */
describe.each(adapterSets('tw_purchase_kill'))(
  'Fault: the product killed during a purchase ($name)',
  (set) => {
    const maybe = set.enabled ? it : it.skip;
    jest.setTimeout(180_000);
    let dataDir: string;
    let port: number;
    let running: ServerProcess | undefined;
    const clients = new Map<number, ProductClient>();
    const accounts = new Map<number, string>();

    // Deposits off: the simulator's traders would move the balances.
    const base = () => ({
      ...set.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN,
      PRODUCT_CORPORATION_ID: 'none',
    });
    const start = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
      running = startServerProcess({ ...base(), ...env }, KILLABLE_SERVER);
      await waitForStatus(running, '/healthz', 200, 120_000);
      return running;
    };
    const stop = async (server: ServerProcess): Promise<void> => {
      await stopCleanly(server);
    };
    const buy = (characterId: number, key: string): Promise<HttpAnswer> =>
      clients.get(characterId)!.request('POST', '/api/v1/account/subscriptions', {
        body: { tier: 'SUPPORTER' },
        headers: { 'Idempotency-Key': key },
      });

    /** Starts a server that dies at the first purchase, at `moment`; the purchase sent to it gets no answer. */
    async function purchaseKilled(
      characterId: number,
      key: string,
      moment: 'before' | 'after',
    ): Promise<void> {
      const server = await start({
        KILL_AT_COMMANDS: 'PurchaseSubscription',
        KILL_AT_COUNT: '1',
        KILL_AT_MOMENT: moment,
      });
      const answer = await buy(characterId, key).catch((error: unknown) => String(error));
      expect(answer).toBe('TypeError: fetch failed');
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(server.output()).toContain('kill-point PurchaseSubscription 1');
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'tw-purchase-kill-'));
      port = await freePort();
      if (!set.enabled) return;
      const server = await start();
      for (const characterId of [ARIA, DAX]) {
        const client = new ProductClient(server.url);
        await client.authorize(characterId);
        const { id } = (await client.get('/api/v1/account')).body as AccountDto;
        clients.set(characterId, client);
        accounts.set(characterId, id);
        const credited = await fetch(`${server.url}/api/v1/admin/accounts/${id}/credits`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ isk: FUNDS_ISK, reason: 'Test funds', staff: 'fault' }),
        });
        expect(credited.status).toBe(200);
      }
      await stop(server);
    });

    afterAll(async () => {
      await killIfRunning(running);
      rmSync(dataDir, { recursive: true, force: true });
    });

    maybe(
      'charges once when killed after the purchase was stored, and before, and the retries after the restart',
      async () => {
        // Aria's purchase is stored and the process dies before it answers; Dax's dies before it is decided.
        await purchaseKilled(ARIA, 'aria-purchase-1', 'after');
        await purchaseKilled(DAX, 'dax-purchase-1', 'before');

        const server = await start();
        for (const [characterId, key] of [
          [ARIA, 'aria-purchase-1'],
          [DAX, 'dax-purchase-1'],
        ] as const) {
          // The client retries as it would after a lost answer, twice; another tab with its own key is refused.
          for (let retry = 0; retry < 2; retry++) {
            expect(await buy(characterId, key)).toMatchObject({
              status: 200,
              body: { subscriptionTier: 'SUPPORTER', balance: FUNDS_ISK - SUPPORTER_ISK },
            });
          }
          expect(await buy(characterId, `${key}-other-tab`)).toMatchObject({
            status: 400,
            body: { code: 'ALREADY_SUBSCRIBED' },
          });
          const client = clients.get(characterId)!;
          const rows = (await client.get('/api/v1/account/transactions')).body as AccountTransactionDto[];
          expect(rows.filter((row) => row.reason === 'PURCHASE').map((row) => row.amount)).toEqual([
            -SUPPORTER_ISK,
          ]);
          expect(((await client.get('/api/v1/account')).body as AccountDto).balance).toBe(
            FUNDS_ISK - SUPPORTER_ISK,
          );
        }
        await stop(server);

        const streams = await storedStreams(dataDir, [
          accountStream(accounts.get(ARIA)!),
          accountStream(accounts.get(DAX)!),
        ]);
        for (const [i, key] of ['aria-purchase-1', 'dax-purchase-1'].entries()) {
          const purchases = streams[i]!.filter((event) => event.type === 'SubscriptionPurchased');
          expect(purchases.map((event) => event.data)).toEqual([
            expect.objectContaining({
              tier: 'SUPPORTER',
              priceCents: SUPPORTER_ISK * 100,
              idempotencyKey: key,
            }),
          ]);
        }
      },
    );
  },
);
