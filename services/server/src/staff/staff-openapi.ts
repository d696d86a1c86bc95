import { applyDecorators } from '@nestjs/common';
import { ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

/** References to the contract schemas the staff routes answer with (the codegen adds them as components). */
export const staffOne = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
export const staffListOf = (schema: string) => ({ type: 'array', items: staffOne(schema) });

/** Every staff route answers 401 without a session and 403 to a player (and to an auditor asking to change). */
export const StaffAccessResponses = (): ClassDecorator & MethodDecorator =>
  applyDecorators(
    ApiUnauthorizedResponse({ description: 'Not logged in' }),
    ApiForbiddenResponse({
      description: 'Not support staff or an auditor, or an auditor asking to change something',
    }),
  );
