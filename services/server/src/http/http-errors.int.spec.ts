import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../bootstrap';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('HTTP errors', () => {
  jest.setTimeout(60_000);
  let dataDir: string;
  let server: RunningServer;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-http-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    adminHeaders = {
      authorization: `Bearer ${readFileSync(join(dataDir, 'admin.token'), 'utf8').trim()}`,
      'content-type': 'application/json',
    };
  });

  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function post(body: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${server.url}/api/v1/admin/projections/event-log-summary/rebuild`, {
      method: 'POST',
      headers: adminHeaders,
      body,
    });
    return { status: response.status, body: await response.json() };
  }

  it('answers a body that is not JSON with a 400 the UI can show', async () => {
    expect(await post('{bad')).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers a body over the limit with a 413', async () => {
    expect(await post(JSON.stringify({ padding: 'x'.repeat(3 * 1024 * 1024) }))).toEqual({
      status: 413,
      body: { statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large.' },
    });
  });

  it('answers unknown routes and missing tokens in the same shape, with the correlation id echoed', async () => {
    const missing = await fetch(`${server.url}/api/v1/nothing-here`, {
      headers: { 'x-correlation-id': 'req-77' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-correlation-id')).toBe('req-77');
    expect(await missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Cannot GET /api/v1/nothing-here',
    });
    const unauthorised = await fetch(`${server.url}/api/v1/admin/projections`);
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'An operator token is required (Authorization: Bearer <token>).',
    });
  });

  it('answers a method a known path does not serve with 405 and the methods it does, in the same shape', async () => {
    const trace = await fetch(`${server.url}/api/v1/account/characters/2119000013`, { method: 'PUT' });
    expect(trace.status).toBe(405);
    expect(trace.headers.get('allow')).toBe('DELETE, PATCH');
    expect(await trace.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: '/api/v1/account/characters/2119000013 does not answer PUT; it answers DELETE, PATCH.',
    });
    const health = await fetch(`${server.url}/healthz`, { method: 'POST' });
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toBe('GET, HEAD');
    // A path no route serves stays a 404, whatever the method.
    expect((await fetch(`${server.url}/api/v1/nothing-here`, { method: 'DELETE' })).status).toBe(404);
  });
});
