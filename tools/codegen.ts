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
        auditSigningKey: Buffer.alloc(32),
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

/**
 * Every zod schema exported by contracts, as OpenAPI components named after it (`marketRegionSchema` ->
 * MarketRegion). `io: 'input'` describes what the server accepts (a field with a default is optional, an object
 * that is not strict takes other properties); 'output' what it answers.
 */
function contractSchemas(io: 'input' | 'output'): Record<string, object> {
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(contracts)) {
    if (name.endsWith('Schema') && value instanceof z.ZodType) {
      registry.add(value, { id: name[0]!.toUpperCase() + name.slice(1, -'Schema'.length) });
    }
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    uri: (id) => `${SCHEMA_REF}${id}`,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema) as object]));
}

/**
 * Drops `$id`, which only adds noise. The safe-integer bounds zod puts on every integer stay: the server refuses
 * an integer beyond them, so the document says so.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([key]) => key !== '$id');
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

/** The schemas the operations' requests (body, parameters) or answers refer to, directly. */
function operationSchemas(document: OpenAPIObject, part: 'request' | 'response'): Set<string> {
  const found = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item as Record<string, Record<string, unknown> | undefined>)) {
      if (operation === null || typeof operation !== 'object') continue;
      referencedSchemas(
        part === 'request' ? [operation.requestBody, operation.parameters] : operation.responses,
        found,
      );
    }
  }
  return found;
}

/** The names and every schema they refer to in turn, in one set of descriptions. */
function closure(names: Set<string>, schemas: Record<string, object>): Set<string> {
  const found = new Set<string>();
  const pending = [...names];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    if (schemas[name]) pending.push(...referencedSchemas(schemas[name]));
  }
  return found;
}

/**
 * Adds the contract schemas the routes refer to (and those they refer to in turn); fails on a dangling one. A
 * schema only requests use is described as the server reads it; one an answer uses too, as the server answers.
 */
function withComponents(document: OpenAPIObject): OpenAPIObject {
  const answers = contractSchemas('output');
  const requests = contractSchemas('input');
  const answered = closure(operationSchemas(document, 'response'), answers);
  const read = closure(operationSchemas(document, 'request'), requests);
  const components: Record<string, object> = { ...(document.components?.schemas ?? {}) };
  const pending = [...referencedSchemas(document.paths)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (components[name]) continue;
    const schema = read.has(name) && !answered.has(name) ? requests[name] : answers[name];
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
