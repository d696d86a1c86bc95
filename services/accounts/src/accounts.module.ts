import {
  Module,
  ServiceUnavailableException,
  type DynamicModule,
  type FactoryProvider,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CLOCK,
  DEFAULT_DISCORD_WEBHOOK_ORIGINS,
  LOGGER,
  READ_MODELS,
  READ_STORE,
  SESSION_AUTHENTICATOR,
  type Clock,
  type Logger,
  type ReadModels,
  type ReadStore,
  type TokenCipher,
} from '@tradewise/platform';
import { AccountQueries } from './account/account-queries';
import { AccountSyncRecords } from './account/account-sync-records';
import { AccountController } from './account/account.controller';
import { AccountWriteModule } from './account/account-write.module';
import { BillingController } from './billing/billing.controller';
import { CharacterGrants, GRANT_CIPHER } from './grants/character-grants';
import { CharacterActions } from './in-game/character-actions';
import { CharacterEsiAccess } from './in-game/character-esi-access';
import { CharacterMarketOrdersService } from './market-orders/character-market-orders';
import { DiscordWebhookController } from './market-orders/discord-webhook.controller';
import { DiscordWebhooks } from './market-orders/discord-webhooks';
import { MarketOrderRecorder } from './market-orders/market-order-recorder';
import {
  CharacterActionsController,
  CharacterOrdersController,
} from './in-game/character-actions.controller';
import {
  CHARACTER_ESI,
  GAME_NAMES,
  PRIVATE_MARKETS,
  PUBLIC_MARKET_BOOKS,
  type CharacterEsi,
  type CharacterEsiFactory,
  type GameNames,
  type PrivateMarkets,
  type PublicMarketBooks,
} from './in-game/in-game.ports';
import { ServiceCharacterGrant } from './grants/service-character-grant';
import { SyncGrantStore } from './grants/sync-grant-store';
import { CHARACTER_ROLES_READER, type CharacterRolesReader } from './login/character-roles.port';
import { LoginAttempts } from './login/login-attempts';
import { LoginRateLimiter } from './login/login-rate-limiter';
import { LOGIN_SSO, type LoginSso } from './login/login-sso';
import { LOGIN_RATE_LIMITER, LoginController } from './login/login.controller';
import { LoginService } from './login/login.service';
import {
  SERVICE_CHARACTER_LOGIN_OPTIONS,
  ServiceCharacterLogin,
  type ServiceCharacterLoginOptions,
} from './login/service-character-login';
import { CookieSessionAuthenticator } from './session/session.authenticator';
import { SessionStore } from './session/session.store';

export interface AccountsModuleOptions {
  readonly loginSso: LoginSso;
  /** Encrypts refresh tokens at rest. */
  readonly tokenCipher: TokenCipher;
  readonly rolesReader: CharacterRolesReader;
  /** Login requests (starts and callbacks) per client address and minute (default 30). */
  readonly loginAttemptsPerMinute?: number;
  /** ESI with the characters' own tokens, for the in-game actions; without it they answer 503. */
  readonly characterEsi?: CharacterEsiFactory;
  /** Item, system and station names from the static data (the server always passes them; codegen does not). */
  readonly gameNames?: GameNames;
  /**
   * Builds the reader of structure markets from providers of other modules (the market context reads them);
   * without it private prices answer 503.
   */
  readonly privateMarkets?: Omit<FactoryProvider<PrivateMarkets>, 'provide'>;
  /** The regions' public books from the market context's cache; without it similar orders answer 503. */
  readonly publicMarketBooks?: Omit<FactoryProvider<PublicMarketBooks>, 'provide'>;
  /** DISCORD_WEBHOOK_ORIGINS: where an account's Discord webhook may point (default: Discord's hosts). */
  readonly discordWebhookOrigins?: readonly string[];
  /** The operator's service-character login (deposits); without it there is nothing to link. */
  readonly serviceCharacter?: ServiceCharacterLoginOptions;
}

const NO_SERVICE_CHARACTER: ServiceCharacterLoginOptions = {
  productCorporationId: null,
  publicUrl: 'http://localhost',
  corporationOf: () => Promise.reject(new Error('No product corporation')),
};

class UnavailableCharacterEsi implements CharacterEsi {
  client(): never {
    throw new ServiceUnavailableException('This server has no access to the game for characters.');
  }

  forgetToken(): void {}
}

const UNAVAILABLE_PRIVATE_MARKETS: PrivateMarkets = {
  read: () =>
    Promise.reject(new ServiceUnavailableException('This server does not read the markets of structures.')),
};

const UNAVAILABLE_PUBLIC_BOOKS: PublicMarketBooks = {
  typeBooks: () =>
    Promise.reject(new ServiceUnavailableException('This server does not read the public market books.')),
};

const NO_GAME_NAMES: GameNames = {
  typeName: () => null,
  system: () => null,
  station: () => null,
  regionName: () => null,
  jumps: (_, toSystemIds) => toSystemIds.map(() => null),
};

/** Login, sessions, the account and its characters. Needs the platform and the read models (READ_MODELS). */
@Module({})
export class AccountsModule {
  static forRoot(options: AccountsModuleOptions): DynamicModule {
    return {
      module: AccountsModule,
      // Global: every context's account-bound routes check sessions through SESSION_AUTHENTICATOR.
      global: true,
      imports: [AccountWriteModule],
      controllers: [
        LoginController,
        AccountController,
        BillingController,
        CharacterActionsController,
        CharacterOrdersController,
        DiscordWebhookController,
      ],
      providers: [
        { provide: LOGIN_SSO, useValue: options.loginSso },
        { provide: GRANT_CIPHER, useValue: options.tokenCipher },
        { provide: CHARACTER_ROLES_READER, useValue: options.rolesReader },
        {
          provide: LOGIN_RATE_LIMITER,
          inject: [CLOCK],
          useFactory: (clock: Clock) => new LoginRateLimiter(clock, options.loginAttemptsPerMinute),
        },
        AccountQueries,
        CharacterGrants,
        LoginAttempts,
        LoginService,
        SessionStore,
        { provide: SESSION_AUTHENTICATOR, useClass: CookieSessionAuthenticator },
        SyncGrantStore,
        AccountSyncRecords,
        {
          provide: CHARACTER_ESI,
          inject: [SyncGrantStore],
          useFactory: (grants: SyncGrantStore): CharacterEsi =>
            options.characterEsi ? options.characterEsi(grants) : new UnavailableCharacterEsi(),
        },
        { provide: GAME_NAMES, useValue: options.gameNames ?? NO_GAME_NAMES },
        options.privateMarkets
          ? { provide: PRIVATE_MARKETS, ...options.privateMarkets }
          : { provide: PRIVATE_MARKETS, useValue: UNAVAILABLE_PRIVATE_MARKETS },
        options.publicMarketBooks
          ? { provide: PUBLIC_MARKET_BOOKS, ...options.publicMarketBooks }
          : { provide: PUBLIC_MARKET_BOOKS, useValue: UNAVAILABLE_PUBLIC_BOOKS },
        CharacterEsiAccess,
        CharacterActions,
        {
          provide: DiscordWebhooks,
          inject: [READ_STORE, GRANT_CIPHER, CLOCK, LOGGER],
          useFactory: (readStore: ReadStore, cipher: TokenCipher, clock: Clock, logger: Logger) =>
            new DiscordWebhooks(
              readStore,
              cipher,
              clock,
              logger,
              options.discordWebhookOrigins ?? DEFAULT_DISCORD_WEBHOOK_ORIGINS,
            ),
        },
        {
          provide: MarketOrderRecorder,
          inject: [
            CommandBus,
            READ_MODELS,
            READ_STORE,
            DiscordWebhooks,
            PUBLIC_MARKET_BOOKS,
            GAME_NAMES,
            CLOCK,
            LOGGER,
          ],
          useFactory: (
            commands: CommandBus,
            readModels: ReadModels,
            readStore: ReadStore,
            webhooks: DiscordWebhooks,
            books: PublicMarketBooks,
            names: GameNames,
            clock: Clock,
            logger: Logger,
          ) =>
            new MarketOrderRecorder({
              commands,
              readModels,
              readStore,
              webhooks,
              books,
              typeName: (typeId) => names.typeName(typeId) ?? `Type ${typeId}`,
              clock,
              logger,
            }),
        },
        CharacterMarketOrdersService,
        {
          provide: ServiceCharacterGrant,
          inject: [READ_STORE, GRANT_CIPHER, CLOCK, LOGGER],
          useFactory: (readStore: ReadStore, cipher: TokenCipher, clock: Clock, logger: Logger) =>
            new ServiceCharacterGrant(readStore, cipher, clock, logger),
        },
        {
          provide: SERVICE_CHARACTER_LOGIN_OPTIONS,
          useValue: options.serviceCharacter ?? NO_SERVICE_CHARACTER,
        },
        ServiceCharacterLogin,
      ],
      exports: [
        CharacterActions,
        ServiceCharacterGrant,
        ServiceCharacterLogin,
        CHARACTER_ESI,
        AccountWriteModule,
        AccountQueries,
        CharacterGrants,
        SESSION_AUTHENTICATOR,
        SessionStore,
        SyncGrantStore,
        AccountSyncRecords,
      ],
    };
  }
}
