import type { CommandBus } from '@nestjs/cqrs';
import {
  AccountQueries,
  AccountSyncRecords,
  CharacterGrants,
  SubscriptionScheduler,
  SyncGrantStore,
} from '@tradewise/accounts';
import type { SyncWorkerIdentity } from '@tradewise/contracts';
import type { Clock, Consumer, Logger, PlatformAdapters, ReadModels, TokenCipher } from '@tradewise/platform';
import { EsiClient, EsiHttpClient, RefreshingTokenProvider } from '@tradewise/platform';
import { AccountSyncScheduler, CharacterWalletSync } from '@tradewise/sync';
import type { GameAccess } from '../game/game-access';

export interface SyncWorkerOptions {
  /** The ledger's consumer of the sync's messages (`startWalletImportThread`); stopped with the worker. */
  readonly imports: Consumer;
  readonly adapters: PlatformAdapters;
  /** The app's bus: account changes (sync records, ESI error marks) are its commands, as in the API. */
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  readonly game: GameAccess;
  readonly tokenCipher: TokenCipher;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly userAgent: string;
  /** Named on the lease of each sync this worker runs (`syncWorkerIdentity`). */
  readonly worker: SyncWorkerIdentity;
}

/**
 * The sync role: the scheduler reads due accounts' characters from ESI and publishes their records; the ledger's
 * consumer, running on a thread of its own, records them as events; the subscription scheduler renews or ends
 * subscriptions at their end date. Built from the ports and the app's CommandBus, so it runs with or without the
 * api role.
 */
export class SyncWorker {
  readonly scheduler: AccountSyncScheduler;
  readonly subscriptions: SubscriptionScheduler;

  constructor(private readonly options: SyncWorkerOptions) {
    const { adapters, commands, readModels, game, tokenCipher, clock, logger } = options;
    const queries = new AccountQueries(readModels);
    const grants = new SyncGrantStore(
      new CharacterGrants(adapters.readStore, tokenCipher, clock),
      commands,
      queries,
    );
    const tokens = new RefreshingTokenProvider({ sso: game.refreshSso(), grants, clock });
    const esi = new EsiClient(
      new EsiHttpClient({ baseUrl: game.esiBaseUrl(), userAgent: options.userAgent, clock, tokens, logger }),
    );
    this.scheduler = new AccountSyncScheduler({
      readModels,
      wallets: new CharacterWalletSync(esi, adapters.bus, adapters.readStore, clock),
      recorder: new AccountSyncRecords(commands, queries, logger),
      clock,
      logger,
      worker: options.worker,
    });
    this.subscriptions = new SubscriptionScheduler({ commands, readModels, clock, logger });
  }

  start(): void {
    this.scheduler.start();
    this.subscriptions.start();
  }

  async stop(): Promise<void> {
    await this.subscriptions.stop();
    await this.scheduler.stop();
    await this.options.imports.close();
  }
}
