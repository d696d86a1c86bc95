import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { AccountWriteModule, type AccountsModuleOptions } from '@tradewise/accounts';
import type { EventCatalogue, StaticDataFreshness } from '@tradewise/contracts';
import { LedgerWriteModule } from '@tradewise/ledger';
import type { PublicEsi, StaticData } from '@tradewise/market';
import { PlatformModule, type Logger, type PlatformAdapters, type PlatformConfig } from '@tradewise/platform';
import { ProjectionsModule, ReadModelsModule, type AnyProjection } from '@tradewise/projections';
import { apiContexts } from './composition/contexts';
import { AdminAccountsController } from './operations/admin-accounts.controller';
import { AdminController, AdminRebuildReportsController } from './operations/admin.controller';
import { AdminRulesController } from './operations/admin-rules.controller';
import { RebuildReportsService } from './operations/rebuild-reports.service';
import { AdminServiceCharacterController } from './operations/admin-service-character.controller';
import { ADMIN_TOKEN } from './operations/admin-token';
import { HealthController, STATIC_DATA_FRESHNESS } from './operations/health.controller';
import { StaffModule } from './staff/staff.module';

export interface AppModuleOptions {
  readonly config: PlatformConfig;
  readonly catalogue: EventCatalogue;
  readonly adapters: PlatformAdapters;
  readonly logger: Logger;
  readonly projections: readonly AnyProjection[];
  readonly adminToken: string;
  /** The HMAC key of the signed stream-head digests (`loadAuditSigningKey`), for the staff console's verify. */
  readonly auditSigningKey: Buffer;
  /** Loaded for processes that serve the API. */
  readonly staticData: StaticData | undefined;
  /** The served SDE build beside the newest one known, for /readyz; with the static data. */
  readonly staticDataFreshness?: (() => StaticDataFreshness) | undefined;
  /** Login and accounts, for processes that serve the API. */
  readonly accounts: AccountsModuleOptions | undefined;
  /** ESI's public routes (market data, prices, cost indices), for processes that serve the API. */
  readonly publicEsi: PublicEsi | undefined;
}

/** The composition root: it chooses the adapters and, by the process's roles, which contexts run. */
@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    const { config } = options;
    const runsProjections = config.roles.includes('projections');
    const servesApi = config.roles.includes('api');
    const syncs = config.roles.includes('sync');
    const providers: Provider[] = [
      { provide: ADMIN_TOKEN, useValue: options.adminToken },
      ...(servesApi && runsProjections ? [RebuildReportsService] : []),
      ...(options.staticDataFreshness
        ? [{ provide: STATIC_DATA_FRESHNESS, useValue: options.staticDataFreshness }]
        : []),
    ];
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          config,
          catalogue: options.catalogue,
          logger: options.logger,
          clock: options.adapters.clock,
          adapters: options.adapters,
        }),
        ...(runsProjections ? [ProjectionsModule.forRoot(options.projections)] : []),
        // The sync role changes accounts and records final order fee matches through the CommandBus too, with or
        // without the api role.
        ...(servesApi || syncs ? [AccountWriteModule, LedgerWriteModule] : []),
        ...(servesApi
          ? [
              ReadModelsModule.forRoot(),
              ...apiContexts(options),
              StaffModule.forRoot({ auditSigningKey: options.auditSigningKey }),
            ]
          : []),
      ],
      controllers: [
        HealthController,
        ...(servesApi
          ? [AdminAccountsController, AdminServiceCharacterController, AdminRulesController]
          : []),
        ...(servesApi && runsProjections ? [AdminController, AdminRebuildReportsController] : []),
      ],
      providers,
    };
  }
}
