import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESI_LOGIN_SCOPES, ESI_OPTIONAL_SCOPES } from '@tradewise/contracts';
import type { SimulationClock } from '@tradewise/esi-sim';
import { EVENT_STORE, type Clock, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../../services/server/src/bootstrap';
import type { AdapterSet } from '../../support/adapter-sets';
import { freePort } from '../../support/server-process';
import type { ProductClient } from './product-client';

export interface FrozenProduct {
  readonly server: RunningServer;
  readonly eventStore: EventStore;
  /** The mounted simulator's clock, frozen at the product's now: move both together. */
  readonly simulatorClock: SimulationClock;
  /** Support staff credit the account's balance (`npm run admin -- credit`), with the server's admin token. */
  staffCredit(accountId: string, isk: number): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The product in this process on one adapter set, over its mounted ESI simulator with the simulator's clock frozen
 * at `clock`'s now (so ESI's answers are the ones the sync read), without a product corporation (no deposits).
 */
export async function startFrozenProduct(
  set: AdapterSet,
  name: string,
  clock: Clock,
): Promise<FrozenProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), `tw-${name}-`));
  const server = await startServer({
    env: {
      ...process.env,
      ...set.env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
      PRODUCT_CORPORATION_ID: 'none',
    },
    clock,
  });
  const simulatorClock = server.simulator!.clock as SimulationClock;
  simulatorClock.freeze();
  simulatorClock.set(clock.now());
  return {
    server,
    eventStore: server.app.get<EventStore>(EVENT_STORE),
    simulatorClock,
    staffCredit: (accountId, isk) =>
      fetch(`${server.url}/api/v1/admin/accounts/${accountId}/credits`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${readFileSync(join(dataDir, 'admin.token'), 'utf8').trim()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ isk, reason: 'Test balance', staff: 'tests' }),
      }),
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Update Scopes on the Account page: the character authorised again with the optional scopes too. */
export async function grantExtendedScopes(client: ProductClient, characterId: number): Promise<void> {
  await client.authorize(characterId, {
    path: '/api/v1/account/addCharacter?scopes=extended',
    scopes: [...ESI_LOGIN_SCOPES, ...ESI_OPTIONAL_SCOPES],
  });
}
