import { ConfigError } from '../config/platform-config';

export const DEFAULT_SSO_BASE_URL = 'https://login.eveonline.com';
export const DEFAULT_ESI_BASE_URL = 'https://esi.evetech.net';
const PRODUCT = 'Tradewise/0.1.0';

/** The application registered at developers.eveonline.com. */
export interface EveApplication {
  readonly clientId: string;
  /** Absent for a public client: the code exchange then proves itself with PKCE alone. */
  readonly clientSecret?: string;
  readonly callbackUrl: string;
}

export interface EveSsoConfig {
  /**
   * Set when `ESI_CLIENT_ID` and `ESI_CALLBACK_URL` are: the product talks to the SSO and ESI below. Unset: the
   * composition root runs the bundled ESI simulator and points the same clients at it.
   */
  readonly application?: EveApplication;
  readonly ssoBaseUrl: string;
  readonly esiBaseUrl: string;
  /** Sent on every request to the SSO and ESI, as CCP asks: the product and how to reach its operator. */
  readonly userAgent: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function optionalHttpUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? httpUrl(name, raw) : undefined;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// URL (got '${raw}')`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http:// or https:// URL (got '${raw}')`);
  }
  return raw.replace(/\/+$/, '');
}

export function buildUserAgent(contact: string): string {
  return `${PRODUCT} (+${contact})`;
}

export function loadEveSsoConfig(env: Env = process.env): EveSsoConfig {
  const clientId = env.ESI_CLIENT_ID?.trim() || undefined;
  const clientSecret = env.ESI_CLIENT_SECRET?.trim() || undefined;
  const callbackUrl = optionalHttpUrl(env, 'ESI_CALLBACK_URL');
  if (clientId === undefined && clientSecret !== undefined) {
    throw new ConfigError('ESI_CLIENT_ID is required when ESI_CLIENT_SECRET is set');
  }
  if (clientId === undefined && callbackUrl !== undefined) {
    throw new ConfigError('ESI_CLIENT_ID is required when ESI_CALLBACK_URL is set');
  }
  if (clientId !== undefined && callbackUrl === undefined) {
    throw new ConfigError('ESI_CALLBACK_URL is required when ESI_CLIENT_ID is set');
  }
  const application =
    clientId !== undefined && callbackUrl !== undefined
      ? { clientId, callbackUrl, ...(clientSecret !== undefined ? { clientSecret } : {}) }
      : undefined;
  const contact =
    env.ESI_CONTACT?.trim() || (callbackUrl ? new URL(callbackUrl).origin : 'bundled ESI simulator');
  return {
    application,
    ssoBaseUrl: optionalHttpUrl(env, 'SSO_BASE_URL') ?? DEFAULT_SSO_BASE_URL,
    esiBaseUrl: optionalHttpUrl(env, 'ESI_BASE_URL') ?? DEFAULT_ESI_BASE_URL,
    userAgent: buildUserAgent(contact),
  };
}
