import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore, MongoDbReadStore } from '@tradewise/platform';
import { MONGODB_URL, serverUp } from '../support/servers';
import { checkpointStoreContract } from './checkpoint-store.contract';
import { readStoreContract, type ReadStoreFixture } from './read-store.contract';

const database = 'tradewise_contract';

function embedded(): ReadStoreFixture {
  const dir = mkdtempSync(join(tmpdir(), 'tw-read-'));
  return {
    open: async () => new EmbeddedReadStore(join(dir, 'read-store.sqlite')),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function mongodb(): ReadStoreFixture {
  return { open: () => MongoDbReadStore.connect(MONGODB_URL, database), cleanup: async () => undefined };
}

const mongoUp = serverUp('mongodb');

readStoreContract('embedded', () => true, embedded);
readStoreContract('mongodb', () => mongoUp, mongodb);
checkpointStoreContract('embedded', () => true, embedded, { claims: false });
checkpointStoreContract('mongodb', () => mongoUp, mongodb, { claims: true });
