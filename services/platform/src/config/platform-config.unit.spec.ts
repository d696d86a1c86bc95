import { resolve } from 'node:path';
import { ConfigError, loadPlatformConfig } from './platform-config';

describe('loadPlatformConfig', () => {
  it('given no variables, then it runs every role on the embedded adapters on port 3000', () => {
    expect(loadPlatformConfig({})).toEqual({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      roles: ['api', 'sync', 'projections'],
      dataDir: resolve('./data'),
      logLevel: 'info',
      eventStore: { kind: 'sqlite', path: resolve('./data/events.sqlite') },
      readStore: { kind: 'embedded' },
      bus: { kind: 'inprocess' },
      discordWebhookOrigins: [
        'https://discord.com',
        'https://discordapp.com',
        'https://ptb.discord.com',
        'https://canary.discord.com',
      ],
      staff: { staffCharacterIds: [], auditorCharacterIds: [] },
      auditDigestIntervalMinutes: 60,
    });
  });

  it('given AUDIT_DIGEST_INTERVAL_MINUTES, then digests are signed that often, none at 0, and a bad value is refused', () => {
    expect(loadPlatformConfig({ AUDIT_DIGEST_INTERVAL_MINUTES: '15' }).auditDigestIntervalMinutes).toBe(15);
    expect(loadPlatformConfig({ AUDIT_DIGEST_INTERVAL_MINUTES: '0' }).auditDigestIntervalMinutes).toBe(0);
    expect(() => loadPlatformConfig({ AUDIT_DIGEST_INTERVAL_MINUTES: 'hourly' })).toThrow(
      "AUDIT_DIGEST_INTERVAL_MINUTES must be a whole number from 0 to 1440 (got 'hourly')",
    );
  });

  it('given STAFF_CHARACTER_IDS and AUDITOR_CHARACTER_IDS, then those characters are staff and auditors, and a character in both is refused', () => {
    expect(
      loadPlatformConfig({ STAFF_CHARACTER_IDS: '90000001, 90000002', AUDITOR_CHARACTER_IDS: '90000003' })
        .staff,
    ).toEqual({ staffCharacterIds: [90000001, 90000002], auditorCharacterIds: [90000003] });
    expect(() =>
      loadPlatformConfig({ STAFF_CHARACTER_IDS: '90000001', AUDITOR_CHARACTER_IDS: '90000001' }),
    ).toThrow('Character 90000001 is in both STAFF_CHARACTER_IDS and AUDITOR_CHARACTER_IDS');
    expect(() => loadPlatformConfig({ STAFF_CHARACTER_IDS: 'pilot' })).toThrow(
      "STAFF_CHARACTER_IDS must be comma-separated character ids such as 90000001 (got 'pilot')",
    );
  });

  it('given DISCORD_WEBHOOK_ORIGINS, then order alerts may go to those origins only, and a path is refused', () => {
    expect(
      loadPlatformConfig({ DISCORD_WEBHOOK_ORIGINS: 'https://discord.com, http://127.0.0.1:9000' })
        .discordWebhookOrigins,
    ).toEqual(['https://discord.com', 'http://127.0.0.1:9000']);
    expect(() => loadPlatformConfig({ DISCORD_WEBHOOK_ORIGINS: 'https://discord.com/api' })).toThrow(
      "DISCORD_WEBHOOK_ORIGINS must be comma-separated origins such as https://discord.com (got 'https://discord.com/api')",
    );
  });

  it('given server adapters and their addresses, then it configures them', () => {
    const config = loadPlatformConfig({
      ROLES: 'api, projections',
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      READ_STORE: 'mongodb',
      MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
      BUS: 'kafka',
      KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092',
    });
    expect(config.roles).toEqual(['api', 'projections']);
    expect(config.eventStore).toEqual({ kind: 'eventstoredb', url: 'esdb://eventstore:2113?tls=false' });
    expect(config.readStore).toEqual({
      kind: 'mongodb',
      url: 'mongodb://mongo:27017/?replicaSet=rs0',
      database: 'tradewise',
    });
    expect(config.bus).toEqual({
      kind: 'kafka',
      brokers: ['kafka-1:9092', 'kafka-2:9092'],
      clientId: 'tradewise',
      topicPrefix: '',
    });
  });

  it('given EVENT_STORE_PATH, then the SQLite event store is that file, wherever DATA_DIR is', () => {
    expect(
      loadPlatformConfig({ DATA_DIR: '/srv/sync-1', EVENT_STORE_PATH: 'shared/events.sqlite' }),
    ).toMatchObject({
      dataDir: '/srv/sync-1',
      eventStore: { kind: 'sqlite', path: resolve('shared/events.sqlite') },
    });
    expect(loadPlatformConfig({ DATA_DIR: '/srv/sync-1' }).eventStore).toEqual({
      kind: 'sqlite',
      path: '/srv/sync-1/events.sqlite',
    });
  });

  it('given PUBLIC_URL, then players are sent to its origin; without it, to localhost on PORT', () => {
    expect(loadPlatformConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadPlatformConfig({ PUBLIC_URL: 'https://Tradewise.example.com/' }).publicUrl).toBe(
      'https://tradewise.example.com',
    );
    expect(loadPlatformConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl).toBe(
      'http://127.0.0.1:3000',
    );
  });

  it.each([
    'tradewise.example.com',
    'ftp://tradewise.example.com',
    'https://example.com/tradewise',
    'https://example.com/?a',
    'https://user@example.com',
  ])('given PUBLIC_URL %s, then it stops with a message naming the variable', (value) => {
    expect(() => loadPlatformConfig({ PUBLIC_URL: value })).toThrow(
      new ConfigError(
        `PUBLIC_URL must be an http:// or https:// origin without a path, such as https://tradewise.example.com (got '${value}')`,
      ),
    );
  });

  it.each([
    [{ EVENT_STORE: 'postgres' }, "EVENT_STORE must be one of sqlite, eventstoredb (got 'postgres')"],
    [{ EVENT_STORE: 'eventstoredb' }, 'EVENTSTORE_URL is required when EVENT_STORE=eventstoredb'],
    [
      { EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'http://x' },
      "EVENTSTORE_URL must start with esdb:// or kurrentdb:// or esdb+discover:// or kurrentdb+discover:// (got 'http://x')",
    ],
    [
      {
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_URL: 'esdb://eventstore:2113',
        EVENT_STORE_PATH: '/srv/events.sqlite',
      },
      "EVENT_STORE_PATH names the SQLite event store's file: it goes with EVENT_STORE=sqlite, not eventstoredb",
    ],
    [{ READ_STORE: 'mongo' }, "READ_STORE must be one of embedded, mongodb (got 'mongo')"],
    [
      { READ_STORE: 'mongodb', MONGODB_URL: 'localhost:27017' },
      "MONGODB_URL must start with mongodb:// or mongodb+srv:// (got 'localhost:27017')",
    ],
    [{ BUS: 'rabbit' }, "BUS must be one of inprocess, kafka (got 'rabbit')"],
    [{ BUS: 'kafka' }, 'KAFKA_BROKERS is required when BUS=kafka'],
    [{ PORT: '70000' }, "PORT must be a whole number from 1 to 65535 (got '70000')"],
    [{ ROLES: ',' }, "ROLES must be a comma-separated list of api, sync, projections (got ',')"],
    [
      { LOG_LEVEL: 'verbose' },
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got 'verbose')",
    ],
  ])('given %j, then it stops with a message naming the variable', (env, message) => {
    expect(() => loadPlatformConfig(env)).toThrow(new ConfigError(message));
  });

  it('given PRODUCT_CORPORATION_ID, then deposits are read for that corporation, or for none', () => {
    expect(loadPlatformConfig({}).productCorporationId).toBeUndefined();
    expect(loadPlatformConfig({ PRODUCT_CORPORATION_ID: ' 98770001 ' }).productCorporationId).toBe(98770001);
    expect(loadPlatformConfig({ PRODUCT_CORPORATION_ID: 'none' }).productCorporationId).toBe('none');
    for (const bad of ['98x', '-1', '12', '1.5', '99999999999']) {
      expect(() => loadPlatformConfig({ PRODUCT_CORPORATION_ID: bad })).toThrow(
        new ConfigError(
          `PRODUCT_CORPORATION_ID must be a corporation id such as 98770001, or none (got '${bad}')`,
        ),
      );
    }
  });
});
