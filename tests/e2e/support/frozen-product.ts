import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESI_LOGIN_SCOPES, ESI_OPTIONAL_SCOPES } from '@tradewise/contracts';
import { EVENT_STORE, type Clock, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../../services/server/src/bootstrap';
import type { AdapterSet } from '../../support/adapter-sets';
import { freePort } from '../../support/server-process';
import type { ProductClient } from './product-client';

export interface FrozenProduct {
  readonly server: RunningServer;
  readonly eventStore: EventStore;
  /** Support staff credit the account's balance (`npm run admin -- credit`), with the server's admin token. */
  staffCredit(accountId: string, isk: number): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The product in this process on one adapter set, over its mounted ESI simulator, both on `clock` (a test's manual
 * clock holds ESI's answers at the ones the sync read until the test moves it), without a product corporation (no
 * deposits).
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
  return {
    server,
    eventStore: server.app.get<EventStore>(EVENT_STORE),
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
