import {
  ForbiddenException,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { StaffRoleName } from '@tradewise/contracts';
import {
  SESSION_AUTHENTICATOR,
  StaffRoles,
  type SessionAuthenticator,
  type SessionRequest,
} from '@tradewise/platform';

/** Who is at the staff console: the logged-in character, its role, and the actor its actions are recorded with. */
export interface StaffIdentity {
  readonly characterId: number;
  readonly characterName: string;
  readonly role: StaffRoleName;
  readonly actor: `${StaffRoleName}:${number}`;
}

type RequestWithStaff = SessionRequest & { tradewiseStaff?: StaffIdentity };

const READ_METHODS = new Set(['GET', 'HEAD']);
const AUDITORS_MAY = Symbol('AUDITORS_MAY');

/**
 * Marks a staff route that is not a GET but changes nothing (a verification run, an export request), so auditors
 * may call it too.
 */
export const AuditorsMay = (): MethodDecorator => SetMetadata(AUDITORS_MAY, true);

/**
 * Guards every staff console route: a live session (401), CSRF-checked writes (403), and a character the operator
 * named: staff read and write, auditors only read (403 otherwise). Reads and writes are told apart by the HTTP
 * method, so no route can forget to say which it is.
 */
@Injectable()
export class StaffAccessGuard implements CanActivate {
  constructor(
    @Inject(SESSION_AUTHENTICATOR) private readonly authenticator: SessionAuthenticator,
    @Inject(StaffRoles) private readonly roles: StaffRoles,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithStaff>();
    const session = await this.authenticator.authenticate(request);
    const role = this.roles.roleOf(session.characterId);
    if (role === null) {
      throw new ForbiddenException('The staff console is for Tradewise support staff and auditors.');
    }
    const auditorsMay =
      READ_METHODS.has(request.method) || this.reflector.get<boolean>(AUDITORS_MAY, context.getHandler());
    if (role === 'auditor' && !auditorsMay) {
      throw new ForbiddenException('Auditors can read, not change: ask support staff to do this.');
    }
    request.tradewiseStaff = {
      characterId: session.characterId,
      characterName: session.characterName,
      role,
      actor: `${role}:${session.characterId}`,
    };
    return true;
  }
}

/** The staff member or auditor the {@link StaffAccessGuard} admitted. */
export const CurrentStaff = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffIdentity => {
    const staff = context.switchToHttp().getRequest<RequestWithStaff>().tradewiseStaff;
    if (!staff) throw new UnauthorizedException('You are not logged in.');
    return staff;
  },
);

/** The identity on a request the guard admitted (for the access log). */
export function staffOf(request: unknown): StaffIdentity | undefined {
  return (request as RequestWithStaff).tradewiseStaff;
}
