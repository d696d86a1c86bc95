import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../../services/server/src/bootstrap';
import { freePort } from '../../support/server-process';
import { ProductClient } from './product-client';

/** The simulator's characters the staff console specs log in as: staff, an auditor and a player. */
export const STAFF_CHARACTER = 2119000001;
export const AUDITOR_CHARACTER = 2119000011;
export const PLAYER_CHARACTER = 2119000013;

export interface StaffProduct {
  readonly server: RunningServer;
  readonly dataDir: string;
  /** Logged in as {@link STAFF_CHARACTER}, {@link AUDITOR_CHARACTER} and {@link PLAYER_CHARACTER}. */
  readonly staff: ProductClient;
  readonly auditor: ProductClient;
  readonly player: ProductClient;
  close(): Promise<void>;
}

/** The product on its own data with one staff character and one auditor configured, each logged in. */
export async function startStaffProduct(name: string): Promise<StaffProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), `tw-${name}-`));
  const server = await startServer({
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
      STAFF_CHARACTER_IDS: String(STAFF_CHARACTER),
      AUDITOR_CHARACTER_IDS: String(AUDITOR_CHARACTER),
    },
  });
  const loggedIn = async (characterId: number): Promise<ProductClient> => {
    const client = new ProductClient(server.url);
    await client.authorize(characterId);
    return client;
  };
  return {
    server,
    dataDir,
    staff: await loggedIn(STAFF_CHARACTER),
    auditor: await loggedIn(AUDITOR_CHARACTER),
    player: await loggedIn(PLAYER_CHARACTER),
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
