/**
 * `npm run codegen`: writes `contracts/openapi.json` from the Nest app's routes (@nestjs/swagger) and the zod
 * schemas of `@tradewise/contracts`, then generates the web client's RTK Query endpoints from it into
 * `web/src/shared/api/generated/`. Nothing listens: the app is composed in-process with the api role on
 * throw-away embedded stores, which is enough for Nest to know every route.
 */
import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import { z } from 'zod';
import * as contracts from '@tradewise/contracts';
import type { AccountsModuleOptions } from '@tradewise/accounts';
import type { PublicEsi, StaticData } from '@tradewise/market';
import { SystemClock, createAdapters, createLogger, loadPlatformConfig } from '@tradewise/platform';
import { AppModule } from '../services/server/src/app.module';
import { API_PREFIX } from '../services/server/src/bootstrap';

const ROOT = resolve(__dirname, '..');
const OPENAPI_FILE = join(ROOT, 'contracts/openapi.json');
const GENERATED_DIR = join(ROOT, 'web/src/shared/api/generated');
const SCHEMA_REF = '#/components/schemas/';

/** Controllers are only inspected, never called, so the static dataset is not loaded (an empty stand-in). */
const unloadedStaticData = Object.freeze({}) as StaticData;
/** Likewise no login runs: the SSO, roles reader and cipher are never called. */
const uncalledAccounts = Object.freeze({
  loginSso: Object.freeze({}),
  rolesReader: Object.freeze({}),
  tokenCipher: Object.freeze({}),
}) as AccountsModuleOptions;
const uncalledPublicEsi: PublicEsi = Object.freeze({
  client: () => {
    throw new Error('codegen calls no ESI route');
  },
});

async function describeRoutes(): Promise<OpenAPIObject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-codegen-'));
  try {
    const config = loadPlatformConfig({ DATA_DIR: dataDir, ROLES: 'api', LOG_LEVEL: 'silent' });
    const logger = createLogger('silent');
    const adapters = await createAdapters(config, contracts.eventCatalogue, new SystemClock());
    const app = await NestFactory.create(
      AppModule.forRoot({
        config,
        catalogue: contracts.eventCatalogue,
        adapters,
        logger,
        projections: [],
        adminToken: 'codegen',
        staticData: unloadedStaticData,
        accounts: uncalledAccounts,
        publicEsi: uncalledPublicEsi,
      }),
      { logger: false, abortOnError: false },
    );
    try {
      app.setGlobalPrefix(API_PREFIX, { exclude: ['healthz', 'readyz'] });
      const info = new DocumentBuilder()
        .setTitle('Tradewise API')
        .setDescription('The HTTP API of Tradewise. Market and static data reads are public.')
        .setVersion('1')
        .build();
      return SwaggerModule.createDocument(app, info, { operationIdFactory: (_controller, method) => method });
    } finally {
      await app.close();
      await adapters.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every zod schema exported by contracts, as OpenAPI components named after it (`marketRegionSchema` -> MarketRegion). */
function contractSchemas(): Record<string, object> {
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(contracts)) {
    if (name.endsWith('Schema') && value instanceof z.ZodType) {
      registry.add(value, { id: name[0]!.toUpperCase() + name.slice(1, -'Schema'.length) });
    }
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'openapi-3.0',
    unrepresentable: 'any',
    uri: (id) => `${SCHEMA_REF}${id}`,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema) as object]));
}

/** Drops what only adds noise to the document: `$id`, and the safe-integer bounds zod puts on every integer. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(
    ([key, child]) =>
      key !== '$id' &&
      !(key === 'minimum' && child === Number.MIN_SAFE_INTEGER) &&
      !(key === 'maximum' && child === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(entries.map(([key, child]) => [key, tidy(child)]));
}

function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((child) => referencedSchemas(child, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
        found.add(child.slice(SCHEMA_REF.length));
      } else referencedSchemas(child, found);
    }
  }
  return found;
}

/** Adds the contract schemas the routes refer to (and those they refer to in turn); fails on a dangling one. */
function withComponents(document: OpenAPIObject): OpenAPIObject {
  const available = contractSchemas();
  const components: Record<string, object> = { ...(document.components?.schemas ?? {}) };
  const pending = [...referencedSchemas(document.paths)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (components[name]) continue;
    const schema = available[name];
    if (!schema)
      throw new Error(`codegen: a route refers to schema '${name}', which contracts does not export`);
    components[name] = schema;
    pending.push(...referencedSchemas(schema));
  }
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  return { ...document, components: { ...document.components, schemas: sorted } };
}

function assertUniqueOperationIds(document: OpenAPIObject): void {
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [verb, operation] of Object.entries(item as Record<string, { operationId?: string }>)) {
      const id = operation?.operationId;
      if (!id) continue;
      const where = `${verb.toUpperCase()} ${path}`;
      if (seen.has(id)) {
        throw new Error(
          `codegen: ${where} and ${seen.get(id)} are both named '${id}' (the controller method name); ` +
            'rename one or give it @ApiOperation({ operationId })',
        );
      }
      seen.set(id, where);
    }
  }
}

async function main(): Promise<void> {
  const document = withComponents(await describeRoutes());
  assertUniqueOperationIds(document);
  const json = `${JSON.stringify(document, null, 2)}\n`;
  writeFileSync(OPENAPI_FILE, json);
  mkdirSync(GENERATED_DIR, { recursive: true });
  // The /docs page reads the same document; the web app may import nothing outside web/.
  writeFileSync(join(GENERATED_DIR, 'openapi.json'), json);
  await generateEndpoints({
    schemaFile: OPENAPI_FILE,
    // A path starting with '.' is taken relative to the working directory and imported relatively.
    apiFile: `./${relative(process.cwd(), join(GENERATED_DIR, '..', 'base-api.ts'))}`,
    apiImport: 'baseApi',
    outputFile: join(GENERATED_DIR, 'tradewise-api.ts'),
    exportName: 'tradewiseApi',
    hooks: { queries: true, lazyQueries: true, mutations: true },
    useUnknown: true,
    prettierConfigFile: join(ROOT, '.prettierrc.json'),
  });
  process.stdout.write(
    `codegen: wrote ${OPENAPI_FILE} (${Object.keys(document.paths).length} paths) and ${GENERATED_DIR}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
