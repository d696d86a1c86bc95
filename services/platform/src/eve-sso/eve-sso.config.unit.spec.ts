import { ConfigError } from '../config/platform-config';
import { loadEveSsoConfig } from './eve-sso.config';

describe('loadEveSsoConfig', () => {
  const application = {
    ESI_CLIENT_ID: 'client-id',
    ESI_CLIENT_SECRET: 'secret',
    ESI_CALLBACK_URL: 'https://tradewise.example.com/api/v1/login/callback',
  };

  it('without credentials: no application (the bundled simulator is used), EVE defaults', () => {
    expect(loadEveSsoConfig({})).toEqual({
      application: undefined,
      ssoBaseUrl: 'https://login.eveonline.com',
      esiBaseUrl: 'https://esi.evetech.net',
      userAgent: 'Tradewise/0.1.0 (+bundled ESI simulator)',
    });
  });

  it('with credentials: the application, and the callback origin as the contact', () => {
    expect(loadEveSsoConfig(application)).toEqual({
      application: {
        clientId: 'client-id',
        clientSecret: 'secret',
        callbackUrl: 'https://tradewise.example.com/api/v1/login/callback',
      },
      ssoBaseUrl: 'https://login.eveonline.com',
      esiBaseUrl: 'https://esi.evetech.net',
      userAgent: 'Tradewise/0.1.0 (+https://tradewise.example.com)',
    });
  });

  it('allows a public client (PKCE, no secret) and an explicit contact and base URLs', () => {
    const config = loadEveSsoConfig({
      ESI_CLIENT_ID: 'client-id',
      ESI_CALLBACK_URL: 'http://localhost:3000/api/v1/login/callback',
      ESI_CONTACT: 'ops@example.com',
      SSO_BASE_URL: 'http://127.0.0.1:8181/',
      ESI_BASE_URL: 'http://127.0.0.1:8181',
    });
    expect(config.application).toEqual({
      clientId: 'client-id',
      callbackUrl: 'http://localhost:3000/api/v1/login/callback',
    });
    expect(config.ssoBaseUrl).toBe('http://127.0.0.1:8181');
    expect(config.userAgent).toBe('Tradewise/0.1.0 (+ops@example.com)');
  });

  it.each([
    [{ ESI_CLIENT_ID: 'client-id' }, 'ESI_CALLBACK_URL is required when ESI_CLIENT_ID is set'],
    [{ ESI_CLIENT_SECRET: 'secret' }, 'ESI_CLIENT_ID is required when ESI_CLIENT_SECRET is set'],
    [{ ESI_CALLBACK_URL: 'https://x.example/cb' }, 'ESI_CLIENT_ID is required when ESI_CALLBACK_URL is set'],
    [{ ...application, ESI_CALLBACK_URL: 'ftp://x.example/cb' }, 'ESI_CALLBACK_URL must be an http'],
    [{ SSO_BASE_URL: 'login.eveonline.com' }, 'SSO_BASE_URL must be an http'],
    [{ ESI_BASE_URL: 'not a url' }, 'ESI_BASE_URL must be an http'],
  ])('names the variable at fault: %j', (env, message) => {
    expect(() => loadEveSsoConfig(env)).toThrow(ConfigError);
    expect(() => loadEveSsoConfig(env)).toThrow(message);
  });
});
