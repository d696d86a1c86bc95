import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { StaffAccessGuard } from './staff-access.guard';
import { StaffAccessLogInterceptor } from './staff-access-log.interceptor';
import { StaffProjectionsController } from './staff-projections.controller';

/**
 * The staff console's API (`/api/v1/staff/...`): every controller here uses {@link StaffAccessGuard} and the
 * {@link StaffAccessLogInterceptor}. Served with the api role, which provides the session authenticator; the
 * projection routes answer 503 in a process without the projections role.
 */
@Module({})
export class StaffModule {
  static forRoot(): DynamicModule {
    const controllers: Type[] = [StaffProjectionsController];
    return {
      module: StaffModule,
      controllers,
      providers: [StaffAccessGuard, StaffAccessLogInterceptor],
    };
  }
}
