import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@tradewise/platform';

/** Where `npm run build:web` (and `npm start`'s prestart) writes the client. */
export const DEFAULT_WEB_DIST_DIR = resolve(__dirname, '..', '..', '..', '..', 'web', 'dist');

export interface WebClientOptions {
  readonly distDir: string;
  /** Path prefixes the server answers itself (the API, health); everything else is the client's. */
  readonly serverPaths: readonly string[];
  readonly logger: Logger;
}

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts in the build's index.html (the landing
 * page's preload), so the policy allows exactly these and no other inline script.
 */
export function inlineScriptSources(distDir: string): string[] {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
}

/**
 * Serves the web client's production build at `/`: hashed files under /assets cached for a year, other files
 * for an hour, and index.html (never cached) for every other GET that is not a server path, so client routes such
 * as /market/34 load the app. Without a build, the API runs alone and the log says how to build the client.
 */
export function serveWebClient(app: NestExpressApplication, options: WebClientOptions): boolean {
  const index = join(options.distDir, 'index.html');
  if (!existsSync(index)) {
    options.logger.warn(
      { distDir: options.distDir },
      'No web client build: serving the API only (run npm run build:web, or npm start, which builds it)',
    );
    return false;
  }
  const isServerPath = (path: string) =>
    options.serverPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

  app.useStaticAssets(join(options.distDir, 'assets'), {
    prefix: '/assets',
    index: false,
    immutable: true,
    maxAge: ONE_YEAR_S * 1000,
  });
  // A hashed file that is not there is a 404, not the app: an old page asking for a replaced chunk must fail.
  app.use('/assets', (_request: Request, response: Response) => {
    response.status(404).type('text/plain').send('Not found');
  });
  app.useStaticAssets(options.distDir, {
    index: false,
    maxAge: 3600 * 1000,
    setHeaders: (response, path) => {
      if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isServerPath(request.path)) {
      next();
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
