import { EveSsoClient, SystemClock } from '@tradewise/platform';
import { PerOriginLoginSso } from './login-sso';

const ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'] as const;

function simulatorSso(): PerOriginLoginSso {
  return new PerOriginLoginSso(
    [...ORIGINS],
    (origin) =>
      new EveSsoClient({
        ssoBaseUrl: 'http://127.0.0.1:3000/esi-sim',
        clientId: 'demo',
        callbackUrl: `${origin}/api/v1/login/callback`,
        userAgent: 'test',
        clock: new SystemClock(),
        endpoints: { authorize: `${origin}/esi-sim/v2/oauth/authorize` },
      }),
  );
}

describe('PerOriginLoginSso', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://LOCALHOST:3000', 'http://localhost:3000'],
    ['http://evil.example', 'http://localhost:3000'],
    ['http://evil.example@127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['https://localhost:3000', 'http://localhost:3000'],
    ['http://localhost:4000', 'http://localhost:3000'],
    ['not a url', 'http://localhost:3000'],
  ])('given a login asked for at %s, then it runs at %s', (asked, origin) => {
    expect(simulatorSso().loginOrigin(asked)).toBe(origin);
  });

  it('given a foreign origin, then the SSO page and the callback are still the configured ones', () => {
    const url = new URL(simulatorSso().authorizationRequest([], 'http://evil.example').url);
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/v1/login/callback');
  });
});
