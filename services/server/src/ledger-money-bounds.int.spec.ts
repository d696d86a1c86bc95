import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, Module, UnauthorizedException, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import fc from 'fast-check';
import request from 'supertest';
import {
  MAX_ISK,
  MAX_ISK_CENTS,
  MAX_QUANTITY,
  MAX_TYPE_ID,
  accountStream,
  eventCatalogue,
  walletTransactionsStream,
  type BrokerFeeOverrideDto,
  type TradeProfitsPage,
  type UnprocessedTransactionDto,
  type WalletTransactionsPage,
  type WarehouseEntryDto,
} from '@tradewise/contracts';
import { LedgerModule, type LedgerTypeNames } from '@tradewise/ledger';
import {
  EVENT_STORE,
  PlatformModule,
  SESSION_AUTHENTICATOR,
  SystemClock,
  createAdapters,
  createLogger,
  loadPlatformConfig,
  type EventStore,
  type EventToAppend,
  type SessionAuthenticator,
} from '@tradewise/platform';
import {
  ProjectionsModule,
  ReadModelsModule,
  accountsProjection,
  tradeLedgerProjection,
} from '@tradewise/projections';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { bodyParserErrors } from './http/body-parser-errors.middleware';

const ACCOUNT = '6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const CHARACTER = 90_000_001;
const JITA = 60_003_760;
const TYPES = new Map([
  [34, 'Tritanium'],
  [35, 'Pyerite'],
  [36, 'Mexallon'],
  [37, 'Isogen'],
  [38, 'Nocxium'],
  [39, 'Zydrine'],
]);
/** Warehouse entries go to Tritanium; the other types hold the wallet's fills and never meet them. */
const WAREHOUSE_TYPE = 34;
const CONSUMED_BUY = 7_000_000_001;
const MARKED_SALE = 7_000_000_002;
const ROW_BUY = 7_000_000_003;
const ROW_SALE = 7_000_000_004;
const ROW_ID = `${ROW_SALE}-0`;
/** The issue's finding: a sale of 362 units waiting for a cost. */
const FINDING_TYPE = 39;
const FINDING_SALE = 7_000_000_005;
/** Pending sales for custom prices, of every size a fill can have. */
const PENDING_SIZES = [1, 362, 10_000, 1_000_000, MAX_QUANTITY];
const PENDING_SALES = 150;

const typeNames: LedgerTypeNames = {
  typeName: (typeId) => TYPES.get(typeId) ?? `Type ${typeId}`,
  // The bounds are what this suite fuzzes: every type id within them names an item here.
  isKnown: () => true,
  typeIdByName: (name) =>
    [...TYPES].find(([, typeName]) => typeName.toLowerCase() === name.toLowerCase())?.[0],
};

/** Sessions by header, standing in for the accounts context's cookie sessions (the e2e tests use the real ones). */
const headerSessions: SessionAuthenticator = {
  async authenticate(incoming) {
    const accountId = incoming.headers['x-test-account'];
    if (typeof accountId !== 'string') throw new UnauthorizedException('You are not logged in.');
    return { accountId, characterId: CHARACTER, characterName: 'Pilot', csrfToken: 'c', token: 't' };
  },
};

@Global()
@Module({
  providers: [{ provide: SESSION_AUTHENTICATOR, useValue: headerSessions }],
  exports: [SESSION_AUTHENTICATOR],
})
class HeaderSessionsModule {}

/**
 * What a client can put where the API expects a number: JSON numbers written every way (exponents, -0, more
 * digits than a double holds, beyond the bounds, sub-cent), other JSON values, and text that is not JSON at all.
 */
const numberToken: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '-0.0',
    '1',
    '-1',
    '0.01',
    '12.34',
    '-0.01',
    '0.001',
    '0.005',
    '1.5',
    '1e-7',
    '5e-324',
    '1e2',
    '1E+2',
    '300000000000',
    '9e13',
    '90071992547409.9',
    '9999999999999.99',
    '10000000000000',
    '1e13',
    '10000000000000.01',
    '1e15',
    '1E+15',
    '1e300',
    '1e400',
    '-1e400',
    '2147483647',
    '2147483648',
    '9007199254740991',
    '9007199254740993',
    '123456789012345678901234567890',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 0, max: 1_000_000_000_000 }).map((cents) => String(cents / 100)),
  fc.integer({ min: 0, max: MAX_QUANTITY }).map(String),
  fc.constantFrom('"12.34"', '"NaN"', '"1e15"', 'null', 'true', '[]', '{}', '[1]'),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '.5', '01', '1.', '0x10', '+1'),
);

/** What JSON.parse makes of a token; `undefined` when the body is not JSON (the parser refuses it with a 400). */
function parsed(token: string): unknown {
  try {
    return JSON.parse(token) as unknown;
  } catch {
    return undefined;
  }
}

function wholeCents(value: unknown, min: number, max: number): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    Math.round(value * 100) / 100 === value
  );
}

function wholeNumber(value: unknown, min: number, max: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
}

const fitsLine = (isk: number, units: number) =>
  BigInt(Math.round(isk * 100)) * BigInt(units) <= BigInt(MAX_ISK_CENTS);

describe('ledger API: money and quantities at the edge (issue #30)', () => {
  jest.setTimeout(240_000);
  let dir: string;
  let app: INestApplication;
  let eventStore: EventStore;
  let pending: { id: number; quantity: number }[];

  const send = (method: 'post' | 'patch', path: string, body: string) => {
    const server = request(app.getHttpServer());
    return (method === 'post' ? server.post(`/api/v1${path}`) : server.patch(`/api/v1${path}`))
      .set('x-test-account', ACCOUNT)
      .set('content-type', 'application/json')
      .send(body);
  };
  const get = async <T>(path: string): Promise<T> => {
    const response = await request(app.getHttpServer()).get(`/api/v1${path}`).set('x-test-account', ACCOUNT);
    expect(response.status).toBe(200);
    return response.body as T;
  };
  /** An answer of the edge: never a 5xx; a 400 says what is wrong. */
  const expectNoServerError = (response: request.Response) => {
    expect(response.status).toBeLessThan(500);
    if (response.status === 400) expect((response.body as { message: string }).message).toMatch(/\w/);
  };

  function walletTransaction(
    transactionId: number,
    typeId: number,
    isBuy: boolean,
    quantity: number,
    unitPriceCents: number,
  ): EventToAppend {
    const date = new Date(Date.now() - 86_400_000 + (transactionId % 1_000) * 1_000).toISOString();
    return {
      id: randomUUID(),
      type: 'WalletTransactionRecorded',
      data: {
        accountId: ACCOUNT,
        characterId: CHARACTER,
        transactionId,
        date,
        typeId,
        quantity,
        unitPriceCents,
        isBuy,
        isPersonal: true,
        esi: {
          transaction_id: transactionId,
          date,
          type_id: typeId,
          quantity,
          unit_price: unitPriceCents / 100,
          client_id: 1,
          location_id: JITA,
          is_buy: isBuy,
          is_personal: true,
          journal_ref_id: transactionId,
        },
      },
      metadata: { $correlationId: 'seed', $causationId: 'seed', actor: 'system:test' },
    };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-ledger-bounds-'));
    const clock = new SystemClock();
    const logger = createLogger('silent');
    const config = loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ROLES: 'api,projections' });
    const adapters = await createAdapters(config, eventCatalogue, clock);
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({ config, catalogue: eventCatalogue, logger, clock, adapters }),
        ProjectionsModule.forRoot([accountsProjection, tradeLedgerProjection]),
        ReadModelsModule.forRoot(),
        HeaderSessionsModule,
        LedgerModule.forRoot({
          typeNames,
          exportMarks: { useFactory: () => ({ exported: async () => true }) },
          marketPrices: { useFactory: () => ({ sellPrices: async () => new Map<number, number>() }) },
        }),
      ],
    }).compile();
    const nest = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false });
    nest.useBodyParser('json', { limit: '2mb' });
    nest.use(bodyParserErrors);
    nest.setGlobalPrefix('api/v1');
    nest.useGlobalFilters(new ApiExceptionFilter(logger));
    app = await nest.init();
    eventStore = app.get<EventStore>(EVENT_STORE);

    const meta = { $correlationId: 'seed', $causationId: 'seed', actor: 'system:test' };
    await eventStore.append(
      accountStream(ACCOUNT),
      [
        {
          id: randomUUID(),
          type: 'AccountOpened',
          data: { accountId: ACCOUNT, loginCharacterId: CHARACTER },
          metadata: meta,
        },
        {
          id: randomUUID(),
          type: 'CharacterLinked',
          data: {
            characterId: CHARACTER,
            characterName: 'Pilot',
            ownerHash: 'owner',
            scopes: [],
            enableSync: false,
          },
          metadata: meta,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    pending = Array.from({ length: PENDING_SALES }, (_, index) => ({
      id: 7_100_000_000 + index,
      quantity: PENDING_SIZES[index % PENDING_SIZES.length]!,
    }));
    const { position } = await eventStore.append(
      walletTransactionsStream(CHARACTER),
      [
        walletTransaction(CONSUMED_BUY, 35, true, MAX_QUANTITY, 0),
        walletTransaction(MARKED_SALE, 36, false, MAX_QUANTITY, 1),
        walletTransaction(ROW_BUY, 38, true, 100, 500),
        walletTransaction(ROW_SALE, 38, false, 100, 600),
        walletTransaction(FINDING_SALE, FINDING_TYPE, false, 362, 1_000),
        ...pending.map((sale) => walletTransaction(sale.id, 37, false, sale.quantity, 100)),
      ],
      { expectedRevision: 'no_stream' },
    );
    const listed = await get<UnprocessedTransactionDto[]>(
      `/journal/${ACCOUNT}/unprocessed?position=${position}`,
    );
    expect(listed).toHaveLength(PENDING_SALES + 2);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the issue’s findings with a 400 naming the field and the limit, and stores nothing', async () => {
    const refusals: [string, string, string][] = [
      [
        '/account/itemWarehouse',
        `{"typeId":${FINDING_TYPE},"unitPrice":300000000000,"quantity":null}`,
        'unitPrice: must be at most 27,624,309,392.26 ISK for 362 units (a line is at most 10,000,000,000,000 ISK)',
      ],
      [
        '/account/itemWarehouse',
        `{"typeId":${FINDING_TYPE},"unitPrice":300000000000,"quantity":362}`,
        'unitPrice: must be at most 27,624,309,392.26 ISK for 362 units (a line is at most 10,000,000,000,000 ISK)',
      ],
      [
        '/account/itemWarehouse',
        `{"typeId":${FINDING_TYPE},"unitPrice":9e13,"quantity":1}`,
        'unitPrice: must be at most 10,000,000,000,000 ISK',
      ],
      [
        '/account/itemWarehouse',
        '{"typeId":1e15,"unitPrice":1,"quantity":1e15}',
        'typeId: must be at most 2,147,483,647; quantity: must be at most 2,147,483,647',
      ],
      [
        `/journal/${ACCOUNT}/unprocessed/process`,
        `{"transactionsToProcess":[{"id":${FINDING_SALE},"customBuyPrice":90071992547409.9}]}`,
        'transactionsToProcess.0.customBuyPrice: must be at most 10,000,000,000,000 ISK',
      ],
      [
        `/journal/${ACCOUNT}/unprocessed/process`,
        `{"transactionsToProcess":[{"id":${FINDING_SALE},"customBuyPrice":300000000000}]}`,
        'transactionsToProcess.0.customBuyPrice: must be at most 27,624,309,392.26 ISK for 362 units',
      ],
    ];
    for (const [path, body, message] of refusals) {
      const response = await send('post', path, body);
      expect({ status: response.status, message: (response.body as { message: string }).message }).toEqual({
        status: 400,
        message: expect.stringContaining(message) as string,
      });
    }
    const entries = await get<WarehouseEntryDto[]>('/account/itemWarehouse');
    expect(entries.filter((entry) => entry.typeId === FINDING_TYPE)).toEqual([]);
    const waiting = await get<UnprocessedTransactionDto[]>(`/journal/${ACCOUNT}/unprocessed`);
    expect(waiting.find((sale) => sale.id === FINDING_SALE)).toMatchObject({ quantity: 362 });

    // The largest default price the message names fits, and costs the sale to the cent.
    const accepted = await send(
      'post',
      '/account/itemWarehouse',
      `{"typeId":${FINDING_TYPE},"unitPrice":27624309392.26,"quantity":null}`,
    );
    expect(accepted.status).toBe(201);
    const { position } = accepted.body as { position: number };
    const page = await get<TradeProfitsPage>(`/profit/${ACCOUNT}/tradeProfits?position=${position}`);
    expect(page.rows.find((row) => row.id === `${FINDING_SALE}-0`)).toMatchObject({
      quantitySold: 362,
      buyCost: 9_999_999_999_998.12,
    });
  });

  it('warehouse entries: any typeId, unitPrice or quantity answers below 500, and what is accepted is stored exactly', async () => {
    const created = await send(
      'post',
      '/account/itemWarehouse',
      '{"typeId":34,"unitPrice":5.55,"quantity":10}',
    );
    expect(created.status).toBe(201);
    const entries = await get<WarehouseEntryDto[]>(
      `/account/itemWarehouse?position=${(created.body as { position: number }).position}`,
    );
    const entryId = entries[entries.length - 1]!.id;
    let stored = entries.length;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('typeId', 'unitPrice', 'quantity'),
        numberToken,
        fc.boolean(),
        async (field, token, edit) => {
          const fields: Record<string, string> = {
            typeId: String(WAREHOUSE_TYPE),
            unitPrice: '5.55',
            quantity: '10',
            [field]: token,
          };
          const body = `{${Object.entries(fields)
            .map(([name, value]) => `"${name}":${value}`)
            .join(',')}}`;
          const response = edit
            ? await send('patch', `/account/itemWarehouse/${entryId}`, body)
            : await send('post', '/account/itemWarehouse', body);
          expectNoServerError(response);
          const sent = {
            typeId: parsed(fields.typeId!),
            unitPrice: parsed(fields.unitPrice!),
            quantity: parsed(fields.quantity!),
          };
          // An entry keeps its item: an edit naming another one is refused.
          const valid =
            wholeNumber(sent.typeId, 1, MAX_TYPE_ID) &&
            (!edit || sent.typeId === WAREHOUSE_TYPE) &&
            wholeCents(sent.unitPrice, 0, MAX_ISK) &&
            (sent.quantity === null ||
              (wholeNumber(sent.quantity, 1, MAX_QUANTITY) && fitsLine(sent.unitPrice, sent.quantity)));
          expect(response.status).toBe(valid ? (edit ? 200 : 201) : 400);
          const { position } = response.body as { position?: number };
          const after = await get<WarehouseEntryDto[]>(
            `/account/itemWarehouse${position ? `?position=${position}` : ''}`,
          );
          if (valid && !edit) stored += 1;
          expect(after).toHaveLength(stored);
          if (!valid) return;
          const entry = edit
            ? after.find((candidate) => candidate.id === entryId)!
            : after[after.length - 1]!;
          expect(entry.typeId).toBe(sent.typeId);
          expect(entry.unitPrice === sent.unitPrice).toBe(true);
          expect(entry.quantity).toBe(sent.quantity);
        },
      ),
      { numRuns: 80, seed: 30 },
    );
  });

  it('trade profit edits: any quantitySold or money figure answers below 500, and what is accepted is stored exactly', async () => {
    const fields = [
      'quantitySold',
      'buyCost',
      'buyBrokerFee',
      'sellGross',
      'sellBrokerFee',
      'sellTax',
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), numberToken, async (field, token) => {
        const values: Record<string, string> = {
          quantitySold: '100',
          buyCost: '500',
          buyBrokerFee: '2.5',
          sellGross: '600',
          sellBrokerFee: '21',
          sellTax: '20.25',
          [field]: token,
        };
        const body = `[{"id":"${ROW_ID}",${fields.map((name) => `"${name}":${values[name]}`).join(',')}}]`;
        const response = await send('patch', `/profit/${ACCOUNT}/tradeProfits`, body);
        expectNoServerError(response);
        const value = parsed(token);
        const valid =
          field === 'quantitySold' ? wholeNumber(value, 0, MAX_QUANTITY) : wholeCents(value, 0, MAX_ISK);
        expect(response.status).toBe(valid ? 200 : 400);
        if (!valid) return;
        const { position } = response.body as { position: number | null };
        const page = await get<TradeProfitsPage>(
          `/profit/${ACCOUNT}/tradeProfits${position === null ? '' : `?position=${position}`}`,
        );
        const row = page.rows.find((candidate) => candidate.id === ROW_ID)!;
        expect(row[field] === value).toBe(true);
        expect(row.edited).toBe(true);
      }),
      { numRuns: 80, seed: 30 },
    );
  });

  it('transaction quantities: any quantityConsumed or quantitySold answers below 500, and what is accepted is stored', async () => {
    const current = { quantityConsumed: 0, quantitySold: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('quantityConsumed', 'quantitySold'),
        numberToken,
        async (field, token) => {
          const id = field === 'quantityConsumed' ? CONSUMED_BUY : MARKED_SALE;
          const response = await send(
            'patch',
            `/journal/${ACCOUNT}/transactions`,
            `[{"id":${id},"${field}":${token}}]`,
          );
          expectNoServerError(response);
          const value = parsed(token);
          const valid = wholeNumber(value, current[field], MAX_QUANTITY);
          expect(response.status).toBe(valid ? 200 : 400);
          if (!valid) return;
          const { position } = response.body as { position: number | null };
          const page = await get<WalletTransactionsPage>(
            `/journal/${ACCOUNT}/transactions?filter=${TYPES.get(field === 'quantityConsumed' ? 35 : 36)}${position === null ? '' : `&position=${position}`}`,
          );
          expect(page.rows.find((row) => row.id === id)![field]).toBe(value);
          current[field] = value;
        },
      ),
      { numRuns: 60, seed: 30 },
    );
  });

  it('custom buy prices: any customBuyPrice answers below 500; an accepted one costs every pending unit exactly', async () => {
    let next = 0;
    await fc.assert(
      fc.asyncProperty(numberToken, async (token) => {
        const sale = pending[next]!;
        const response = await send(
          'post',
          `/journal/${ACCOUNT}/unprocessed/process`,
          `{"transactionsToProcess":[{"id":${sale.id},"customBuyPrice":${token}}]}`,
        );
        expectNoServerError(response);
        const value = parsed(token);
        const valid = wholeCents(value, 0, MAX_ISK) && fitsLine(value, sale.quantity);
        expect(response.status).toBe(valid ? 201 : 400);
        if (!valid) return;
        next += 1;
        const { position } = response.body as { position: number };
        const page = await get<TradeProfitsPage>(
          `/profit/${ACCOUNT}/tradeProfits?count=100&position=${position}`,
        );
        const row = page.rows.find((candidate) => candidate.id === `${sale.id}-0`)!;
        const cost = BigInt(Math.round(value * 100)) * BigInt(sale.quantity);
        expect(row).toMatchObject({ quantitySold: sale.quantity, buyCost: Number(cost) / 100 });
        const still = await get<UnprocessedTransactionDto[]>(`/journal/${ACCOUNT}/unprocessed`);
        expect(still.some((candidate) => candidate.id === sale.id)).toBe(false);
      }),
      { numRuns: 80, seed: 30 },
    );
  });

  it('broker fee overrides: any fee answers below 500, and an accepted one is stored exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('buyFee', 'sellFee', 'npcSellFee', 'characterId'),
        fc.oneof(numberToken, fc.constantFrom('100', '100.0001', '99.9999', '0.0001', '0.00001', '33.375')),
        async (field, token) => {
          const values: Record<string, string> = {
            characterId: String(CHARACTER),
            buyFee: '0.5',
            sellFee: '1.25',
            npcSellFee: '3.5',
            [field]: token,
          };
          const body = `{"startDate":"2026-01-01 00:00",${Object.entries(values)
            .map(([name, value]) => `"${name}":${value}`)
            .join(',')}}`;
          const response = await send('post', '/account/brokerfees', body);
          expectNoServerError(response);
          const value = parsed(token);
          const valid =
            field === 'characterId'
              ? value === CHARACTER
              : typeof value === 'number' &&
                value >= 0 &&
                value <= 100 &&
                Math.round(value * 10_000) / 10_000 === value;
          expect(response.status).toBe(valid ? 201 : 400);
          if (!valid || field === 'characterId') return;
          const { position } = response.body as { position: number };
          const rows = await get<BrokerFeeOverrideDto[]>(`/account/brokerFeeOverrides?position=${position}`);
          expect(rows.some((row) => row[field] === value)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 30 },
    );
  });

  it('reads: any minProfit filter or item type id answers below 500', async () => {
    await fc.assert(
      fc.asyncProperty(numberToken, async (token) => {
        const minProfit = await request(app.getHttpServer())
          .get(`/api/v1/profit/${ACCOUNT}/tradeProfits?minProfit=${encodeURIComponent(token)}`)
          .set('x-test-account', ACCOUNT);
        expectNoServerError(minProfit);
        // A decimal as people write it (the OpenAPI pattern); '1e2', '0x10' or ' 5 ' are refused since issue #31.
        const decimal = /^-?[0-9]{1,14}(\.[0-9]{1,2})?$/.test(token);
        const accepted = token === '' || (decimal && wholeCents(Number(token), -MAX_ISK, MAX_ISK));
        expect(minProfit.status).toBe(accepted ? 200 : 400);
        const history = await request(app.getHttpServer())
          .get(`/api/v1/journal/${ACCOUNT}/itemHistory/${encodeURIComponent(token)}`)
          .set('x-test-account', ACCOUNT);
        expectNoServerError(history);
      }),
      { numRuns: 60, seed: 30 },
    );
  });
});
