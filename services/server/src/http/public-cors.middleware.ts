import type { NextFunction, Request, Response } from 'express';

const PREFLIGHT_MAX_AGE_S = 24 * 3600;

/**
 * Browser tools (market browsers, spreadsheets in a page) read the public market and static data from other
 * origins: those reads answer any origin with `Access-Control-Allow-Origin: *`, and their preflight `OPTIONS`
 * answers 204. Never with credentials, and never on account routes: a page elsewhere must not read what a
 * session cookie opens, so everything outside `publicReadPaths` gets no CORS header and its OPTIONS goes on
 * (to the 405 of a known path). Only GET and HEAD are offered: the public writes (appraisals, bulk statistics)
 * stay same-origin.
 */
export function publicCors(publicReadPaths: readonly RegExp[]) {
  const isPublicRead = (path: string) => publicReadPaths.some((pattern) => pattern.test(path));
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!isPublicRead(request.path)) return next();
    if (request.method === 'GET' || request.method === 'HEAD') {
      response.setHeader('Access-Control-Allow-Origin', '*');
      return next();
    }
    if (request.method !== 'OPTIONS') return next();
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
    // Without credentials `*` is honoured: any header a script adds (If-None-Match, X-Requested-With) may come.
    response.setHeader('Access-Control-Allow-Headers', '*');
    response.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
    response.setHeader('Allow', 'GET, HEAD, OPTIONS');
    response.status(204).end();
  };
}
