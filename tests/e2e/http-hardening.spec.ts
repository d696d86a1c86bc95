import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const ARIA = 2119000011;
const PRELOAD = "if (location.pathname === '/') document.title = 'preloaded';";
const INDEX = `<!doctype html><title>Tradewise</title><script>${PRELOAD}</script><script type="module" src="/assets/app-AbC123.js"></script><div id="root"></div>`;

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
}

/** A request with the Host header a client chose (fetch does not let a caller set it). */
function rawGet(url: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const call = httpRequest(
      { host: target.hostname, port: target.port, path, method: 'GET', headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const name of readdirSync(dir)) modes[name] = (statSync(join(dir, name)).mode & 0o777).toString(8);
  return modes;
}

describe('HTTP hardening: redirects from configuration, security headers, private data files', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let webDir: string;
  let port: number;
  let server: RunningServer;

  const start = () =>
    startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent' },
      webDistDir: webDir,
    });

  beforeAll(async () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'tw-hardening-')), 'data');
    webDir = mkdtempSync(join(tmpdir(), 'tw-hardening-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), INDEX);
    writeFileSync(join(webDir, 'assets', 'app-AbC123.js'), 'console.log("app")');
    writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    port = await freePort();
    server = await start();
    // A login writes sessions, grants and events, so every store's files (and their WAL) are there.
    expect((await new ProductClient(server.url).authorize(ARIA)).location).toBe('/index');
  });

  afterAll(async () => {
    await server?.close();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  });

  describe('login redirects are built from PUBLIC_URL, never from the Host header', () => {
    it('sends a login asked for at a foreign host to the configured address, not to that host', async () => {
      const start = await rawGet(server.url, '/api/v1/login/redirect', { host: 'evil.example' });
      expect(start.status).toBe(302);
      expect(start.headers.location).toBe(`http://localhost:${port}/api/v1/login/redirect`);
      expect(JSON.stringify(start.headers)).not.toContain('evil.example');
      // No login state is bound to the foreign host: the login starts where the SSO will return.
      expect(start.headers['set-cookie']).toBeUndefined();
    });

    it('also for a Host with a path, userinfo or forwarded look-alikes', async () => {
      for (const host of ['evil.example:3000', `evil.example@localhost:${port}`, 'evil.example/x']) {
        const answer = await rawGet(server.url, '/api/v1/login/redirect', {
          host,
          'x-forwarded-host': 'evil.example',
        });
        expect(JSON.stringify(answer.headers)).not.toContain('evil.example');
      }
    });

    it('starts the login at the configured address with its SSO page and callback there', async () => {
      const start = await rawGet(server.url, '/api/v1/login/redirect', { host: `localhost:${port}` });
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.location as string);
      expect(authorize.origin).toBe(`http://localhost:${port}`);
      expect(authorize.pathname).toBe('/esi-sim/v2/oauth/authorize');
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `http://localhost:${port}/api/v1/login/callback`,
      );
      expect(start.headers['set-cookie']).toEqual([expect.stringMatching(/^tw_login=/)]);
    });

    it('lets a player who typed 127.0.0.1 for the default localhost log in on that host', async () => {
      const start = await rawGet(server.url, '/api/v1/login/redirect', { host: `127.0.0.1:${port}` });
      const authorize = new URL(start.headers.location as string);
      expect(authorize.origin).toBe(`http://127.0.0.1:${port}`);
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `http://127.0.0.1:${port}/api/v1/login/callback`,
      );
    });
  });

  describe('security headers', () => {
    const preloadHash = `'sha256-${createHash('sha256').update(PRELOAD).digest('base64')}'`;

    function expectHardened(
      headers: Headers,
      what: string,
      opener: string | null = 'same-origin-allow-popups',
    ): void {
      const csp = headers.get('content-security-policy') ?? '';
      expect({ what, csp }).toEqual({ what, csp: expect.stringContaining("default-src 'self'") });
      for (const directive of [
        `script-src 'self' ${preloadHash}`,
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https://images.evetech.net",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect({ what, csp }).toEqual({ what, csp: expect.stringContaining(directive) });
      }
      expect({
        what,
        nosniff: headers.get('x-content-type-options'),
        referrer: headers.get('referrer-policy'),
        frame: headers.get('x-frame-options'),
        opener: headers.get('cross-origin-opener-policy'),
        resource: headers.get('cross-origin-resource-policy'),
        hsts: headers.get('strict-transport-security'),
        poweredBy: headers.get('x-powered-by'),
      }).toEqual({
        what,
        nosniff: 'nosniff',
        referrer: 'same-origin',
        frame: 'DENY',
        opener,
        resource: 'same-origin',
        hsts: 'max-age=15552000',
        poweredBy: null,
      });
    }

    it.each([
      ['the web client', '/', 200],
      ['a client route', '/market/34', 200],
      ['a hashed asset', '/assets/app-AbC123.js', 200],
      ['a missing asset', '/assets/app-Old999.js', 404],
      ['another file', '/favicon.svg', 200],
      ['liveness', '/healthz', 200],
      ['readiness', '/readyz', 200],
      ['a public API read', '/api/v1/market/regions', 200],
      ['an API route without a session', '/api/v1/account', 401],
      ['an unknown API route', '/api/v1/no/such/route', 404],
      ['an invalid API request', '/api/v1/market/types/not-a-number', 400],
    ])('on %s (%s)', async (what, path, status) => {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect({ what, status: response.status }).toEqual({ what, status });
      expectHardened(response.headers, what);
    });

    it('on a body the API cannot parse', async () => {
      const response = await fetch(`${server.url}/api/v1/market/appraisals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{bad',
      });
      expect(response.status).toBe(400);
      expectHardened(response.headers, 'a body parser error');
    });

    it("without an opener policy on the add-character popup's round trip, so the popup keeps its opener", async () => {
      const client = new ProductClient(server.url);
      await client.authorize(ARIA);
      const start = await client.get('/api/v1/account/addCharacter');
      expect(start.status).toBe(302);
      expectHardened(start.headers, 'the add-character start', null);
      const ssoPage = await fetch(start.headers.get('location')!);
      expect(ssoPage.status).toBe(200);
      expectHardened(ssoPage.headers, "the simulator's login page", null);
      for (const path of [
        '/esi-sim/oauth/jwks',
        '/api/v1/login/callback?error=access_denied',
        '/addCharacterComplete',
      ]) {
        const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
        expectHardened(response.headers, path, null);
      }
    });
  });

  describe('data files', () => {
    it('are readable by their owner only, in a directory only the owner can enter', () => {
      const modes = modesUnder(dataDir);
      expect(Object.keys(modes)).toEqual(
        expect.arrayContaining([
          '.',
          'events.sqlite',
          'events.sqlite-wal',
          'events.sqlite-shm',
          'read-store.sqlite',
          'read-store.sqlite-wal',
          'bus.sqlite',
          'bus.sqlite-wal',
          'admin.token',
          'token.key',
          'server.lock',
        ]),
      );
      for (const [name, mode] of Object.entries(modes)) {
        expect({ name, mode }).toEqual({ name, mode: name === '.' ? '700' : '600' });
      }
    });

    it('are made private at start when an older version left them open', async () => {
      await server.close();
      chmodSync(dataDir, 0o755);
      for (const name of readdirSync(dataDir)) {
        // A key others could read may have leaked: start-up refuses it rather than hide that (unit-tested).
        if (name !== 'token.key') chmodSync(join(dataDir, name), 0o644);
      }
      server = await start();
      for (const [name, mode] of Object.entries(modesUnder(dataDir))) {
        expect({ name, mode }).toEqual({ name, mode: name === '.' ? '700' : '600' });
      }
    });
  });
});
