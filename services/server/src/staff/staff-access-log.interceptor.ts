import { randomUUID } from 'node:crypto';
import {
  HttpException,
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { from, mergeMap, catchError, type Observable } from 'rxjs';
import { staffAccessStream, staffConsoleRead, type StaffConsoleRead } from '@tradewise/contracts';
import { CLOCK, EVENT_STORE, currentCorrelationId, type Clock, type EventStore } from '@tradewise/platform';
import { staffOf } from './staff-access.guard';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The staff console's access log: every read a staff member or an auditor makes is recorded on their
 * `staffaccess-<characterId>` stream, answered or refused, before the answer leaves. Writes are recorded by the
 * events they cause, with the same actor.
 */
@Injectable()
export class StaffAccessLogInterceptor implements NestInterceptor {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ method: string; originalUrl: string }>();
    if (!READ_METHODS.has(request.method)) return next.handle();
    return next.handle().pipe(
      mergeMap((answer) => from(this.record(request, 200).then(() => answer))),
      catchError((error: unknown) =>
        from(
          this.record(request, error instanceof HttpException ? error.getStatus() : 500).then(() => {
            throw error;
          }),
        ),
      ),
    );
  }

  private async record(request: { originalUrl: string }, status: number): Promise<void> {
    const staff = staffOf(request);
    if (!staff) return;
    const data: StaffConsoleRead = {
      characterId: staff.characterId,
      characterName: staff.characterName,
      role: staff.role,
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
          type: staffConsoleRead.type,
          data,
          metadata: { $correlationId: correlationId, $causationId: correlationId, actor: staff.actor },
        },
      ],
      { expectedRevision: 'any' },
    );
  }
}
