import type { CommandBus } from '@nestjs/cqrs';
import {
  AccountQueries,
  AccountSyncRecords,
  CharacterGrants,
  DepositSettlement,
  DiscordWebhooks,
  MarketOrderRecorder,
  MarketOrderSyncRecords,
  ServiceCharacterGrant,
  SubscriptionScheduler,
  SyncGrantStore,
  type PublicMarketBooks,
  type ServiceCharacter,
} from '@tradewise/accounts';
import { CORPORATION_WALLET_SCOPE, type SyncWorkerIdentity } from '@tradewise/contracts';
import type { Clock, Consumer, Logger, PlatformAdapters, ReadModels, TokenCipher } from '@tradewise/platform';
import { EsiClient, EsiHttpClient, RefreshingTokenProvider, mapWithConcurrency } from '@tradewise/platform';
import {
  AccountSyncScheduler,
  CharacterContractsSync,
  CharacterIndustrySync,
  CharacterOrderHistorySync,
  CharacterOrdersSync,
  CharacterRolesSync,
  CharacterWalletSync,
  CorporationOrderHistorySync,
  CorporationWalletSync,
  CorporationDepositSync,
  DepositSyncScheduler,
} from '@tradewise/sync';
import { OrderFeeMatchRecorder } from '@tradewise/ledger';
import type { StaticData } from '@tradewise/market';
import { contractAppraisals } from '../composition/contract-appraisals';
import { industryJobBills } from '../composition/industry-job-bills';
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
  /** The corporation players deposit to (PRODUCT_CORPORATION_ID, resolved); null: no deposit sync. */
  readonly productCorporationId: number | null;
  /**
   * Whether the bundled simulator's Tradewise Banker is linked as the service character at start (the demo,
   * without PRODUCT_CORPORATION_ID); otherwise the operator links one (`npm run admin -- service-character-login`).
   */
  readonly linkSimulatorBanker?: boolean;
  /** DISCORD_WEBHOOK_ORIGINS: where order alerts may be posted. */
  readonly discordWebhookOrigins: readonly string[];
  /** Item names for order alerts, where this process loaded the static data. */
  readonly typeName?: (typeId: number) => string | null;
  /**
   * Resolves delivered industry jobs' bills and appraises contract items; without it jobs are published without
   * bills and contracts without appraisals.
   */
  readonly staticData?: StaticData;
}

/** Books the sync reads through its own client (cached until ESI's expiry), a few at a time. */
function esiMarketBooks(esi: EsiClient): PublicMarketBooks {
  return {
    typeBooks: async (regionId, typeIds) =>
      new Map(
        await mapWithConcurrency(typeIds, 4, async (typeId) => {
          const { data, freshUntil } = await esi.getRegionOrders(regionId, { typeId, orderType: 'all' });
          return [typeId, { orders: data, freshUntil }] as const;
        }),
      ),
  };
}

/**
 * The sync role: the scheduler reads due accounts' characters from ESI and publishes their records; the ledger's
 * consumer, running on a thread of its own, records them as events; the subscription scheduler renews or ends
 * subscriptions at their end date; the order fee match recorder records the trade ledger's final broker fee matches. Built from the ports and the app's CommandBus, so it runs with or without the
 * api role.
 */
export class SyncWorker {
  readonly scheduler: AccountSyncScheduler;
  readonly subscriptions: SubscriptionScheduler;
  /** Records the trade ledger's final order fee matches as events. */
  readonly orderFeeMatches: OrderFeeMatchRecorder;
  /** Reads the product corporation's journal (null without a product corporation). */
  readonly depositSync: DepositSyncScheduler | null;
  /** Credits deposits to the accounts of the characters who sent them. */
  readonly deposits: DepositSettlement;
  readonly serviceCharacter: ServiceCharacterGrant;
  private depositConsumer: Promise<Consumer> | undefined;
  private linking: Promise<void> | undefined;

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
    const records = new AccountSyncRecords(commands, queries, logger);
    // One view of the books the sync reads: order alerts, job bills' default prices and contract appraisals.
    const books = esiMarketBooks(esi);
    const orderRecorder = new MarketOrderRecorder({
      commands,
      readModels,
      webhooks: new DiscordWebhooks(
        adapters.readStore,
        tokenCipher,
        clock,
        logger,
        options.discordWebhookOrigins,
      ),
      readStore: adapters.readStore,
      books,
      typeName: (typeId) => options.typeName?.(typeId) ?? `Type ${typeId}`,
      clock,
      logger,
    });
    this.scheduler = new AccountSyncScheduler({
      readModels,
      wallets: new CharacterWalletSync(esi, adapters.bus, adapters.readStore, clock),
      roles: new CharacterRolesSync(esi, records, logger),
      orders: new CharacterOrdersSync(
        esi,
        new MarketOrderSyncRecords(orderRecorder, queries, () => clock.now()),
        logger,
      ),
      orderHistory: new CharacterOrderHistorySync(esi, adapters.bus, adapters.readStore, clock, logger),
      industry: new CharacterIndustrySync(
        esi,
        adapters.bus,
        adapters.readStore,
        readModels,
        clock,
        logger,
        options.staticData
          ? industryJobBills({
              staticData: options.staticData,
              eventStore: adapters.eventStore,
              readModels,
              books,
              logger,
            })
          : null,
      ),
      contracts: new CharacterContractsSync(
        esi,
        adapters.bus,
        adapters.readStore,
        readModels,
        clock,
        logger,
        options.staticData
          ? contractAppraisals({
              staticData: options.staticData,
              books,
              prices: esi,
              clock,
              logger,
            })
          : null,
      ),
      corporationWallets: new CorporationWalletSync(
        esi,
        adapters.bus,
        adapters.readStore,
        readModels,
        records,
        clock,
        logger,
      ),
      corporationOrderHistory: new CorporationOrderHistorySync(
        esi,
        adapters.bus,
        adapters.readStore,
        readModels,
        clock,
        logger,
      ),
      recorder: records,
      clock,
      logger,
      worker: options.worker,
    });
    this.subscriptions = new SubscriptionScheduler({ commands, readModels, clock, logger });
    this.orderFeeMatches = new OrderFeeMatchRecorder({ commands, readModels, logger });
    this.serviceCharacter = new ServiceCharacterGrant(adapters.readStore, tokenCipher, clock, logger);
    this.deposits = new DepositSettlement({ commands, readModels, eventStore: adapters.eventStore, logger });
    const { productCorporationId } = options;
    if (productCorporationId === null) {
      this.depositSync = null;
    } else {
      const serviceTokens = new RefreshingTokenProvider({
        sso: game.refreshSso(),
        grants: this.serviceCharacter,
        clock,
      });
      const serviceEsi = new EsiClient(
        new EsiHttpClient({
          baseUrl: game.esiBaseUrl(),
          userAgent: options.userAgent,
          clock,
          tokens: serviceTokens,
          logger,
        }),
      );
      const source = {
        current: async () => {
          const linked = await this.serviceCharacter.current();
          return usableServiceCharacter(linked, productCorporationId) ? linked : null;
        },
      };
      this.depositSync = new DepositSyncScheduler({
        deposits: new CorporationDepositSync(
          serviceEsi,
          adapters.bus,
          adapters.readStore,
          clock,
          source,
          logger,
        ),
        logger,
      });
    }
  }

  start(): void {
    this.scheduler.start();
    this.subscriptions.start();
    this.orderFeeMatches.start();
    this.depositConsumer = this.deposits.consume(this.options.adapters.bus);
    this.deposits.start();
    if (this.depositSync) {
      this.linking = this.linkSimulatorBanker()
        .catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'Could not link the simulator banker'),
        )
        .then(() => this.depositSync?.start());
    }
  }

  /**
   * The demo's service character: the bundled simulator issues the grant its Tradewise Banker would give at the
   * operator's login (as tests log in), once; its SSO keeps the grant in DATA_DIR, so it outlives a restart.
   */
  private async linkSimulatorBanker(): Promise<void> {
    const { game, productCorporationId, logger } = this.options;
    const simulator = game.simulator;
    if (!simulator || productCorporationId === null || this.options.linkSimulatorBanker === false) return;
    const linked = await this.serviceCharacter.current();
    if (usableServiceCharacter(linked, productCorporationId)) return;
    const banker = simulator.world.characters.find(
      (c) =>
        c.corporationId === productCorporationId &&
        c.roles.some((role) => role === 'Director' || role === 'Accountant'),
    );
    if (!banker) return;
    const tokens = simulator.issueTokens(banker.characterId, [CORPORATION_WALLET_SCOPE]);
    await this.serviceCharacter.save(
      {
        characterId: banker.characterId,
        characterName: banker.name,
        corporationId: productCorporationId,
        scopes: [CORPORATION_WALLET_SCOPE],
      },
      tokens.refresh_token!,
    );
    logger.info({ characterId: banker.characterId }, 'The simulator banker reads the deposits');
  }

  async stop(): Promise<void> {
    await this.linking;
    await this.depositSync?.stop();
    await this.deposits.stop();
    await (await this.depositConsumer)?.close();
    await this.subscriptions.stop();
    await this.orderFeeMatches.stop();
    await this.scheduler.stop();
    await this.options.imports.close();
  }
}

/** A linked service character the deposit sync can use: of the product's corporation, its grant not refused. */
function usableServiceCharacter(linked: ServiceCharacter | null, productCorporationId: number): boolean {
  return linked !== null && linked.corporationId === productCorporationId && linked.esiError === null;
}
