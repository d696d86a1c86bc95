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

/**
 * A console page that refreshes itself (Read models, every 5 s) asks the same thing again and again: the same read
 * by the same person with the same answer within this window is logged once, so the log says what was looked at
 * without a line per refresh. Actions are always logged.
 */
const REPEATED_READ_WINDOW_MS = 5 * 60_000;

@Injectable()
export class StaffAccessLogInterceptor implements NestInterceptor {
  /** When each (person, read, status) was last logged by this process; old entries are dropped as it grows. */
  private readonly lastLogged = new Map<string, number>();

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
    const readKey = this.readKey(staff.characterId, request, status);
    if (readKey !== null && this.loggedLately(readKey)) return;
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
    if (readKey !== null) this.noteLogged(readKey);
  }

  /** The key a repeated read is known by; null for an action, which is always logged. */
  private readKey(characterId: number, request: StaffRequest, status: number): string | null {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    return `${characterId} ${request.method} ${request.originalUrl} ${status}`;
  }

  private loggedLately(readKey: string): boolean {
    const last = this.lastLogged.get(readKey);
    return last !== undefined && this.clock.now().getTime() - last < REPEATED_READ_WINDOW_MS;
  }

  private noteLogged(readKey: string): void {
    const now = this.clock.now().getTime();
    if (this.lastLogged.size > 10_000) {
      for (const [key, at] of this.lastLogged)
        if (now - at >= REPEATED_READ_WINDOW_MS) this.lastLogged.delete(key);
    }
    this.lastLogged.set(readKey, now);
  }
}
