import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { TradeRulesQueries } from '@tradewise/ledger';
import { StaffAccessGuard } from './staff-access.guard';
import { StaffAccessLogInterceptor } from './staff-access-log.interceptor';
import { AUDIT_SIGNING_KEY, EventLogController } from './event-log.controller';
import { StaffAccountsController } from './staff-accounts.controller';
import { StaffBalanceEntries } from './staff-balance-entries';
import { StaffProjectionsController } from './staff-projections.controller';
import { StaffRebuildsController } from './staff-rebuilds.controller';
import { StaffRulesController } from './staff-rules.controller';

/**
 * The staff console's API (`/api/v1/staff/...`): every controller here uses {@link StaffAccessGuard} and the
 * {@link StaffAccessLogInterceptor}. Served with the api role, which provides the session authenticator; the
 * projection routes answer 503 in a process without the projections role.
 */
@Module({})
export class StaffModule {
  static forRoot(options: { readonly auditSigningKey: Buffer }): DynamicModule {
    const controllers: Type[] = [
      StaffProjectionsController,
      StaffAccountsController,
      StaffRulesController,
      StaffRebuildsController,
      EventLogController,
    ];
    return {
      module: StaffModule,
      controllers,
      providers: [
        StaffAccessGuard,
        StaffAccessLogInterceptor,
        StaffBalanceEntries,
        TradeRulesQueries,
        { provide: AUDIT_SIGNING_KEY, useValue: options.auditSigningKey },
      ],
      exports: [StaffBalanceEntries],
    };
  }
}
