import type { Clock } from '@tradewise/platform';
import type { Response } from 'express';

const AN_HOUR_S = 3600;

/**
 * Static data changes only with a new SDE, at a restart: clients may keep an answer an hour. Said twice, as
 * `Cache-Control` for caches and `Expires` for the incumbent's clients, which read that header.
 */
export function cacheForAnHour(response: Response, clock: Clock): void {
  response.setHeader('Cache-Control', `public, max-age=${AN_HOUR_S}`);
  response.setHeader('Expires', new Date(clock.now().getTime() + AN_HOUR_S * 1000).toUTCString());
}
