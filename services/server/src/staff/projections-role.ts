import { ServiceUnavailableException, type Type } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';

/**
 * A service of the projections role (its runner, its rebuilds), for staff routes served by the api role: the
 * console asks a process that runs both; any other answers 503.
 */
export function fromProjectionsRole<T>(modules: ModuleRef, token: symbol | Type<T>): T {
  let found: T | undefined;
  try {
    found = modules.get<T>(token, { strict: false });
  } catch {
    found = undefined;
  }
  if (!found) {
    throw new ServiceUnavailableException(
      'This server does not run the projections role: open the staff console on one that does.',
    );
  }
  return found;
}
