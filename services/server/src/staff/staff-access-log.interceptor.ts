import { randomUUID } from 'node:crypto';
import {
  HttpException,
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, catchError, type Observable } from 'rxjs';
import { staffAccessStream, staffConsoleRequest, type StaffConsoleRequest } from '@tradewise/contracts';
import { CLOCK, EVENT_STORE, currentCorrelationId, type Clock, type EventStore } from '@tradewise/platform';
import { staffOf } from './staff-access.guard';

/**
 * The staff console's access log: every request a staff member or an auditor makes, read or action, is recorded on
 * their `staffaccess-<characterId>` stream with the status it got, before the answer leaves. What an action changed
 * is recorded by its own events (or its rebuild report), with the same actor.
 */
interface StaffRequest {
  readonly method: string;
  readonly originalUrl: string;
}

@Injectable()
export class StaffAccessLogInterceptor implements NestInterceptor {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<StaffRequest>();
    return next.handle().pipe(
      mergeMap((answer) =>
        from(this.record(request, this.successStatus(context, request)).then(() => answer)),
      ),
      catchError((error: unknown) =>
        from(
          this.record(request, error instanceof HttpException ? error.getStatus() : 500).then(() => {
            throw error;
          }),
        ),
      ),
    );
  }

  /** As Nest answers a handler that returned: its @HttpCode, else 201 for a POST and 200 for the rest. */
  private successStatus(context: ExecutionContext, request: StaffRequest): number {
    const declared = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler());
    return declared ?? (request.method === 'POST' ? 201 : 200);
  }

  private async record(request: StaffRequest, status: number): Promise<void> {
    const staff = staffOf(request);
    if (!staff) return;
    const data: StaffConsoleRequest = {
      characterId: staff.characterId,
      characterName: staff.characterName,
      role: staff.role,
      method: request.method as StaffConsoleRequest['method'],
      path: request.originalUrl,
      status,
      at: this.clock.now().toISOString(),
    };
    const correlationId = currentCorrelationId() ?? randomUUID();
    await this.events.append(
      staffAccessStream(staff.characterId),
      [
        {
          id: randomUUID(),
          type: staffConsoleRequest.type,
          data,
          metadata: { $correlationId: correlationId, $causationId: correlationId, actor: staff.actor },
        },
      ],
      { expectedRevision: 'any' },
    );
  }
}
