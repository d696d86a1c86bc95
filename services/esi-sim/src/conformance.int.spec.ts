import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';
import { z } from 'zod';
import * as esi from '@tradewise/contracts';
import type { RunningEsiSimulator } from './esi-simulator';
import { ESI_OPERATIONS, type EsiOperation } from './http/esi-operations';
import { ALL_ROUTE_SCOPES, esiFetch, startTestSimulator, TEST_NOW } from './testing/test-simulator';
import type { SimulationClock } from './world/simulation-clock';

// Generating a world takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

/**
 * Every route the simulator serves, called with valid credentials and checked against ESI's own OpenAPI
 * document (services/esi-sim/spec/esi-openapi.yaml, a copy of shared/facts/esi-openapi.yaml, version
 * 2026-08-18): the route exists there with the same scope, roles, cache time, rate-limit group and
 * compatibility date; the answer has the documented status, body schema (no undocumented fields) and headers.
 */

interface OpenApiOperation {
  readonly operationId: string;
  readonly security?: readonly { readonly OAuth2: readonly string[] }[];
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  readonly 'x-cache-age'?: number;
  readonly 'x-rate-limit'?: {
    readonly group: string;
    readonly 'max-tokens': number;
    readonly 'window-size': string;
  };
  readonly 'x-required-roles'?: readonly string[];
  readonly 'x-compatibility-date': string;
}

interface OpenApiResponse {
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly content?: { readonly 'application/json': { readonly schema: object } };
}

interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, object>> };
}

/** The shared zod schemas (contracts/src/esi) must accept what the document accepts. */
const CONTRACT_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  GetCharactersCharacterIdWallet: esi.esiWalletBalanceSchema,
  GetCharactersCharacterIdWalletJournal: z.array(esi.esiWalletJournalEntrySchema),
  GetCharactersCharacterIdWalletTransactions: z.array(esi.esiWalletTransactionSchema),
  GetCharactersCharacterIdOrders: z.array(esi.esiCharacterOrderSchema),
  GetCharactersCharacterIdOrdersHistory: z.array(esi.esiCharacterOrderHistorySchema),
  GetCorporationsCorporationIdWallets: z.array(esi.esiCorporationWalletSchema),
  GetCorporationsCorporationIdWalletsDivisionJournal: z.array(esi.esiWalletJournalEntrySchema),
  GetCorporationsCorporationIdWalletsDivisionTransactions: z.array(esi.esiCorporationWalletTransactionSchema),
  GetCharactersCharacterIdContracts: z.array(esi.esiContractSchema),
  GetCharactersCharacterIdContractsContractIdItems: z.array(esi.esiContractItemSchema),
  GetCharactersCharacterIdIndustryJobs: z.array(esi.esiCharacterIndustryJobSchema),
  GetCorporationsCorporationIdIndustryJobs: z.array(esi.esiCorporationIndustryJobSchema),
  GetCharactersCharacterIdRoles: esi.esiCharacterRolesSchema,
  GetCharactersCharacterIdLocation: esi.esiCharacterLocationSchema,
  GetCharactersCharacterIdBlueprints: z.array(esi.esiBlueprintSchema),
  GetMarketsRegionIdOrders: z.array(esi.esiRegionOrderSchema),
  GetMarketsRegionIdHistory: z.array(esi.esiMarketHistoryDaySchema),
  GetMarketsPrices: z.array(esi.esiMarketPriceSchema),
  GetIndustrySystems: z.array(esi.esiIndustrySystemSchema),
  GetMarketsStructuresStructureId: z.array(esi.esiStructureOrderSchema),
  PostUniverseNames: z.array(esi.esiNameSchema),
  PostUniverseIds: esi.esiIdsSchema,
  GetUniverseStructuresStructureId: esi.esiStructureSchema,
  PostRoute: esi.esiRouteSchema,
  GetCharactersCharacterIdSearch: esi.esiSearchSchema,
  GetStatus: esi.esiStatusSchema,
  GetCharactersDetail: esi.esiCharacterSchema,
  GetCorporationsCorporationId: esi.esiCorporationSchema,
  GetCorporationsCorporationIdOrders: z.array(esi.esiCorporationOrderSchema),
  GetCorporationsCorporationIdOrdersHistory: z.array(esi.esiCorporationOrderHistorySchema),
  GetCharactersCharacterIdSkills: esi.esiSkillsSchema,
  GetCharactersCharacterIdStandings: z.array(esi.esiStandingSchema),
};

const SPEC_PATH = process.env['ESI_OPENAPI'] ?? join(__dirname, '..', 'spec', 'esi-openapi.yaml');
const COMPONENTS_ID = 'esi-openapi';

const MIRA = 2119000013; // Director of Forge Freight & Fabrication: every corporation role
const DAX = 2119000012; // runs personal manufacturing jobs, owns blueprints
const LENA = 2119000022; // sells and buys with contracts
const FORGE = 10000002;
const JITA = 30000142;
const AMARR = 30002187;
const TRITANIUM = 34;
const FFAB = 98770002;

interface RouteCall {
  readonly operationId: string;
  readonly path: string;
  readonly characterId?: number;
  readonly body?: unknown;
  /** Asked at this instant instead of the test's, when only then the answer has something to check. */
  readonly atMs?: number;
}

describe('conformance with the ESI OpenAPI document', () => {
  let simulator: RunningEsiSimulator;
  let spec: OpenApiDocument;
  let ajv: Ajv;
  const tokens = new Map<number, string>();
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    spec = yaml.load(readFileSync(SPEC_PATH, 'utf8'), { schema: yaml.CORE_SCHEMA }) as OpenApiDocument;
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('int32', {
      type: 'number',
      validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
    });
    ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
    ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
    ajv.addSchema({ $id: COMPONENTS_ID, components: { schemas: closed(spec.components.schemas) } });
    simulator = await startTestSimulator();
    for (const characterId of [MIRA, DAX, LENA]) {
      tokens.set(characterId, simulator.issueTokens(characterId, ALL_ROUTE_SCOPES).access_token);
    }
  });

  afterAll(async () => {
    await simulator.close();
  });

  const specOperation = (operation: EsiOperation): OpenApiOperation | undefined =>
    spec.paths[operation.path]?.[operation.method.toLowerCase()];

  const servedOperations = (): EsiOperation[] => ESI_OPERATIONS.filter((operation) => !operation.legacyOnly);

  it('serves every route of esi.md §1 and no route the document lacks', () => {
    const required = [
      'GetCharactersCharacterIdWallet',
      'GetCharactersCharacterIdWalletJournal',
      'GetCharactersCharacterIdWalletTransactions',
      'GetCharactersCharacterIdOrders',
      'GetCharactersCharacterIdOrdersHistory',
      'GetCorporationsCorporationIdWallets',
      'GetCorporationsCorporationIdWalletsDivisionJournal',
      'GetCorporationsCorporationIdWalletsDivisionTransactions',
      'GetCharactersCharacterIdContracts',
      'GetCharactersCharacterIdContractsContractIdItems',
      'GetCharactersCharacterIdIndustryJobs',
      'GetCorporationsCorporationIdIndustryJobs',
      'GetCharactersCharacterIdRoles',
      'GetCharactersCharacterIdLocation',
      'GetCharactersCharacterIdBlueprints',
      'GetMarketsRegionIdOrders',
      'GetMarketsRegionIdHistory',
      'GetMarketsPrices',
      'GetIndustrySystems',
      'GetMarketsStructuresStructureId',
      'PostUniverseNames',
      'PostUniverseIds',
      'GetUniverseStructures',
      'GetUniverseStructuresStructureId',
      'PostRoute',
      'PostUiOpenwindowMarketdetails',
      'PostUiAutopilotWaypoint',
      'GetCharactersCharacterIdSearch',
      'GetStatus',
    ];
    const served = new Set(servedOperations().map((operation) => operation.operationId));
    expect(required.filter((operationId) => !served.has(operationId))).toEqual([]);
    for (const operation of servedOperations()) {
      expect({ path: operation.path, operationId: specOperation(operation)?.operationId }).toEqual({
        path: operation.path,
        operationId: operation.operationId,
      });
    }
  });

  it('declares the scope, roles, cache time, rate limit and compatibility date the document gives each route', () => {
    for (const operation of servedOperations()) {
      const documented = specOperation(operation)!;
      const rateLimit = documented['x-rate-limit'];
      // Routes without x-cache-age: POSTs are not cached, market history expires daily at 11:05.
      const cache = documented['x-cache-age'] ?? (operation.method === 'POST' ? 'none' : 'daily');
      expect({
        operationId: operation.operationId,
        scope: operation.scope,
        roles: operation.roles,
        cache: operation.cache,
        rateLimit: operation.rateLimit,
        compatibilityDate: operation.compatibilityDate,
      }).toEqual({
        operationId: operation.operationId,
        scope: documented.security?.[0]?.OAuth2[0],
        roles: documented['x-required-roles'],
        cache,
        rateLimit: rateLimit && {
          group: rateLimit.group,
          maxTokens: rateLimit['max-tokens'],
          windowSeconds: 900,
        },
        compatibilityDate: documented['x-compatibility-date'].slice(0, 10),
      });
    }
  });

  async function routeCalls(): Promise<RouteCall[]> {
    const contracts = (await (
      await esiFetch(simulator, `/characters/${LENA}/contracts`, { token: tokens.get(LENA) })
    ).json()) as {
      contract_id: number;
    }[];
    expect(contracts.length).toBeGreaterThan(0);
    const structureId = simulator.world.structures.find((structure) => structure.isPublic)!.structureId;
    return [
      {
        operationId: 'GetCharactersCharacterIdWallet',
        path: `/characters/${MIRA}/wallet`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCharactersCharacterIdWalletJournal',
        path: `/characters/${MIRA}/wallet/journal`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCharactersCharacterIdWalletTransactions',
        path: `/characters/${MIRA}/wallet/transactions`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCharactersCharacterIdOrders',
        path: `/characters/${MIRA}/orders`,
        characterId: MIRA,
        atMs: firstHourWith((atMs) => simulator.world.characterOrders(MIRA, atMs).length > 0),
      },
      {
        operationId: 'GetCharactersCharacterIdOrdersHistory',
        path: `/characters/${MIRA}/orders/history`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCorporationsCorporationIdWallets',
        path: `/corporations/${FFAB}/wallets`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCorporationsCorporationIdWalletsDivisionJournal',
        path: `/corporations/${FFAB}/wallets/1/journal`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCorporationsCorporationIdWalletsDivisionTransactions',
        path: `/corporations/${FFAB}/wallets/1/transactions`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCharactersCharacterIdContracts',
        path: `/characters/${LENA}/contracts`,
        characterId: LENA,
      },
      {
        operationId: 'GetCharactersCharacterIdContractsContractIdItems',
        path: `/characters/${LENA}/contracts/${contracts[0]!.contract_id}/items`,
        characterId: LENA,
      },
      {
        operationId: 'GetCharactersCharacterIdIndustryJobs',
        path: `/characters/${DAX}/industry/jobs?include_completed=true`,
        characterId: DAX,
      },
      {
        operationId: 'GetCorporationsCorporationIdIndustryJobs',
        path: `/corporations/${FFAB}/industry/jobs?include_completed=true`,
        characterId: MIRA,
      },
      { operationId: 'GetCharactersCharacterIdRoles', path: `/characters/${MIRA}/roles`, characterId: MIRA },
      {
        operationId: 'GetCharactersCharacterIdLocation',
        path: `/characters/${MIRA}/location`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCharactersCharacterIdBlueprints',
        path: `/characters/${DAX}/blueprints`,
        characterId: DAX,
      },
      { operationId: 'GetMarketsRegionIdOrders', path: `/markets/${FORGE}/orders?order_type=all&page=1` },
      { operationId: 'GetMarketsRegionIdHistory', path: `/markets/${FORGE}/history?type_id=${TRITANIUM}` },
      { operationId: 'GetMarketsPrices', path: '/markets/prices' },
      { operationId: 'GetIndustrySystems', path: '/industry/systems' },
      {
        operationId: 'GetMarketsStructuresStructureId',
        path: `/markets/structures/${structureId}`,
        characterId: MIRA,
      },
      {
        operationId: 'PostUniverseNames',
        path: '/universe/names',
        body: [MIRA, FFAB, TRITANIUM, FORGE, JITA, 60003760, 500001, 20000020],
      },
      {
        operationId: 'PostUniverseIds',
        path: '/universe/ids',
        body: ['Mira Soltan', 'Tritanium', 'Jita', 'The Forge', 'Caldari State'],
      },
      { operationId: 'GetUniverseStructures', path: '/universe/structures?filter=market' },
      {
        operationId: 'GetUniverseStructuresStructureId',
        path: `/universe/structures/${structureId}`,
        characterId: MIRA,
      },
      {
        operationId: 'PostRoute',
        path: `/route/${JITA}/${AMARR}`,
        body: { preference: 'Safer', security_penalty: 50 },
      },
      {
        operationId: 'PostUiOpenwindowMarketdetails',
        path: `/ui/openwindow/marketdetails?type_id=${TRITANIUM}`,
        characterId: MIRA,
        body: null,
      },
      {
        operationId: 'PostUiAutopilotWaypoint',
        path: `/ui/autopilot/waypoint?destination_id=${JITA}&add_to_beginning=false&clear_other_waypoints=true`,
        characterId: MIRA,
        body: null,
      },
      {
        operationId: 'GetCharactersCharacterIdSearch',
        path: `/characters/${MIRA}/search?categories=inventory_type&categories=solar_system&search=jit`,
        characterId: MIRA,
      },
      { operationId: 'GetStatus', path: '/status' },
      { operationId: 'GetCharactersDetail', path: `/characters/${MIRA}` },
      { operationId: 'GetCorporationsCorporationId', path: `/corporations/${FFAB}` },
      {
        operationId: 'GetCorporationsCorporationIdOrders',
        path: `/corporations/${FFAB}/orders`,
        characterId: MIRA,
        atMs: firstHourWith((atMs) => simulator.world.corporationOrders(FFAB, atMs).length > 0),
      },
      {
        operationId: 'GetCorporationsCorporationIdOrdersHistory',
        path: `/corporations/${FFAB}/orders/history`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCorporationsCorporationIdContracts',
        path: `/corporations/${FFAB}/contracts`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCorporationsCorporationIdBlueprints',
        path: `/corporations/${FFAB}/blueprints`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCharactersCharacterIdSkills',
        path: `/characters/${MIRA}/skills`,
        characterId: MIRA,
      },
      {
        operationId: 'GetCharactersCharacterIdStandings',
        path: `/characters/${MIRA}/standings`,
        characterId: MIRA,
      },
      { operationId: 'GetMetaCompatibilityDates', path: '/meta/compatibility-dates' },
    ];
  }

  it('answers every route with the documented status, body and headers', async () => {
    const calls = await routeCalls();
    expect(new Set(calls.map((call) => call.operationId))).toEqual(
      new Set(servedOperations().map((operation) => operation.operationId)),
    );
    const problems: string[] = [];
    for (const call of calls) {
      const operation = ESI_OPERATIONS.find(
        (candidate) => candidate.operationId === call.operationId && !candidate.legacyOnly,
      )!;
      const documented = specOperation(operation)!;
      const clock = simulator.clock as SimulationClock;
      if (call.atMs !== undefined) clock.set(new Date(call.atMs));
      const token =
        call.characterId === undefined
          ? undefined
          : call.atMs === undefined
            ? tokens.get(call.characterId)
            : simulator.issueTokens(call.characterId, ALL_ROUTE_SCOPES).access_token;
      const response = await esiFetch(simulator, call.path, {
        method: operation.method,
        token,
        body: operation.method === 'POST' && call.body !== null ? call.body : undefined,
      });
      if (call.atMs !== undefined) clock.set(new Date(TEST_NOW));
      const [status, answer] = Object.entries(documented.responses).find(([code]) => code !== 'default')!;
      if (response.status !== Number(status)) {
        problems.push(
          `${call.operationId}: status ${response.status} (${await response.text()}), documented ${status}`,
        );
        continue;
      }
      for (const header of Object.keys(answer.headers ?? {})) {
        if (!response.headers.has(header)) problems.push(`${call.operationId}: no ${header} header`);
      }
      if (
        answer.headers?.['X-Pages'] !== undefined &&
        !/^[1-9]\d*$/.test(response.headers.get('x-pages') ?? '')
      ) {
        problems.push(`${call.operationId}: X-Pages is ${response.headers.get('x-pages')}`);
      }
      if (response.headers.get('x-compatibility-date') !== operation.compatibilityDate) {
        problems.push(
          `${call.operationId}: X-Compatibility-Date ${response.headers.get('x-compatibility-date')}`,
        );
      }
      if (!answer.content) {
        if ((await response.text()) !== '')
          problems.push(`${call.operationId}: a body where none is documented`);
        continue;
      }
      const body: unknown = await response.json();
      if (Array.isArray(body) && body.length === 0)
        problems.push(`${call.operationId}: an empty list proves nothing`);
      const validate = validatorFor(
        `${call.operationId}:${status}`,
        answer.content['application/json'].schema,
      );
      if (!validate(body))
        problems.push(`${call.operationId}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
      const contract = CONTRACT_SCHEMAS[call.operationId]?.safeParse(body);
      if (contract && !contract.success)
        problems.push(`${call.operationId}: contracts schema: ${contract.error.message}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('answers errors with the documented Error body', async () => {
    const errorSchema =
      spec.paths['/status']!['get']!.responses['default']!.content!['application/json'].schema;
    const validate = validatorFor('Error', errorSchema);
    const answers = [
      await esiFetch(simulator, `/characters/${MIRA}/wallet`),
      await esiFetch(simulator, `/characters/${MIRA}/wallet/journal?page=99`, { token: tokens.get(MIRA) }),
      await esiFetch(simulator, `/markets/${FORGE}/history?type_id=1`),
      await esiFetch(simulator, '/universe/names', { method: 'POST', body: [123] }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      const body: unknown = await answer.json();
      expect({ valid: validate(body), errors: validate.errors ?? null }).toEqual({
        valid: true,
        errors: null,
      });
    }
  });

  function validatorFor(key: string, schema: object): ValidateFunction {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(pointAtComponents(closed(schema)));
      validators.set(key, validate);
    }
    return validate;
  }
});

/** The schema with `additionalProperties: false` on every object, so an undocumented field is an error. */
function closed<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(closed) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = key === 'example' ? value : closed(value);
  if (copy['properties'] !== undefined && copy['additionalProperties'] === undefined)
    copy['additionalProperties'] = false;
  return copy as T;
}

/** Rewrites `#/components/...` references to the components document registered with Ajv. */
function pointAtComponents<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(pointAtComponents) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === '$ref' && typeof value === 'string' ? `${COMPONENTS_ID}${value}` : pointAtComponents(value);
  }
  return copy as T;
}

/** The first whole hour from the test's instant (within two days) at which the world has what `has` looks for. */
function firstHourWith(has: (atMs: number) => boolean): number | undefined {
  const fromMs = Date.parse(TEST_NOW);
  for (let hour = 0; hour < 48; hour++) {
    if (has(fromMs + hour * 3_600_000)) return hour === 0 ? undefined : fromMs + hour * 3_600_000;
  }
  return undefined;
}
