import { UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { StaffAccessGuard } from './staff-access.guard';
import { StaffAccessLogInterceptor } from './staff-access-log.interceptor';

/**
 * Every staff console controller: the staff guard, the access log, and the answers the guard gives documented in
 * the API document, in one place so no controller forgets one.
 */
export const StaffConsole = (): ClassDecorator =>
  applyDecorators(
    ApiTags('Staff'),
    ApiCookieAuth('tw_session'),
    ApiUnauthorizedResponse({ description: 'Not logged in' }),
    ApiForbiddenResponse({
      description:
        'Not support staff or an auditor; an auditor asking to change something; or a change without the CSRF token',
    }),
    UseGuards(StaffAccessGuard),
    UseInterceptors(StaffAccessLogInterceptor),
  );
