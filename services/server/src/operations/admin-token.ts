import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { ADMIN_TOKEN_FILE, OWNER_ONLY_FILE, ensurePrivateDir } from '@tradewise/platform';

/** The operator token: ADMIN_TOKEN if set, else a random one kept in DATA_DIR, readable by its owner only. */
export function loadAdminToken(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv && fromEnv.trim().length > 0) return fromEnv.trim();
  const path = join(dataDir, ADMIN_TOKEN_FILE);
  ensurePrivateDir(dataDir);
  if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('hex'), { mode: OWNER_ONLY_FILE });
  chmodSync(path, OWNER_ONLY_FILE);
  return readFileSync(path, 'utf8').trim();
}

export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(@Inject(ADMIN_TOKEN) private readonly token: string) {}

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().header('authorization') ?? '';
    const offered = Buffer.from(header.replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(this.token);
    if (offered.length !== expected.length || !timingSafeEqual(offered, expected)) {
      throw new UnauthorizedException('An operator token is required (Authorization: Bearer <token>).');
    }
    return true;
  }
}
