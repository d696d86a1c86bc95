import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createEsiSimulator } from './esi-simulator';
import { DEMO_SSO_CLIENT } from './sso/sso-authority';
import { testUniverse } from './universe/test-universe';
import { TEST_NOW } from './testing/test-simulator';

// Generating a world takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

const MIRA = 2119000013;
const WALLET = 'esi-wallet.read_character_wallet.v1';

describe('the simulator mounted under a path of another server', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const simulator = createEsiSimulator({
      universe: testUniverse(),
      seed: 'test',
      now: TEST_NOW,
      frozen: true,
    });
    const app = express();
    // Body parsers ahead of the mount, as Nest registers them for the whole application.
    app.use(express.json());
    app.use(express.urlencoded({ extended: false }));
    app.use('/esi-sim', simulator.handler);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/esi-sim`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('publishes SSO endpoints under the mount path and reads bodies the parsers already read', async () => {
    const discovery = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as {
      authorization_endpoint: string;
      token_endpoint: string;
    };
    expect(discovery.token_endpoint).toBe(`${base}/v2/oauth/token`);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: DEMO_SSO_CLIENT.clientId,
      redirect_uri: 'http://localhost:3000/callback',
      scope: WALLET,
      state: 's',
    });
    const approval = new URLSearchParams(query);
    approval.set('character_id', String(MIRA));
    approval.append('granted_scope', WALLET);
    const redirect = await fetch(discovery.authorization_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: approval.toString(),
      redirect: 'manual',
    });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    const tokens = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${DEMO_SSO_CLIENT.clientId}:${DEMO_SSO_CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
    });
    expect(tokens.status).toBe(200);
    const { access_token: token } = (await tokens.json()) as { access_token: string };
    const wallet = await fetch(`${base}/characters/${MIRA}/wallet`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(wallet.status).toBe(200);
    const names = await fetch(`${base}/universe/names`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([MIRA]),
    });
    expect(await names.json()).toEqual([{ id: MIRA, name: 'Mira Soltan', category: 'character' }]);
  });
});
