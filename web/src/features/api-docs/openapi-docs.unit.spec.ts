import generated from '../../shared/api/generated/openapi.json';
import { fieldsOf, publicApiSections, typeName, type OpenApiDocument } from './openapi-docs';

const document = generated as unknown as OpenApiDocument;

describe('the /docs page reads the OpenAPI document', () => {
  const sections = publicApiSections(document);
  const operations = sections.flatMap((section) => section.operations);
  const paths = operations.map((operation) => operation.path);

  it('documents the public market and static reads, and nothing else', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/market/regions',
        '/api/v1/market/groups',
        '/api/v1/market/groups/{id}/types',
      ]),
    );
    expect(
      paths.every((path) => path.startsWith('/api/v1/market/') || path.startsWith('/api/v1/static/')),
    ).toBe(true);
    expect(paths).not.toContain('/healthz');
  });

  it('puts the market calls before the static ones, regions and groups first among them', () => {
    expect(sections[0]?.title).toBe('Market');
    expect(paths.indexOf('/api/v1/market/regions')).toBeLessThan(
      paths.indexOf('/api/v1/market/types/search'),
    );
    expect(paths.indexOf('/api/v1/market/groups')).toBeLessThan(paths.indexOf('/api/v1/static/jumps'));
  });

  it('describes parameters and answers', () => {
    const groupTypes = operations.find((operation) => operation.path === '/api/v1/market/groups/{id}/types')!;
    expect(groupTypes.parameters).toEqual([
      { name: 'id', location: 'path', required: true, type: 'integer', description: 'Market group id' },
    ]);
    expect(groupTypes.responseType).toBe('array of ItemType');
    expect(groupTypes.responseFields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['typeID', 'typeName', 'volume']),
    );
    expect(groupTypes.otherStatuses).toEqual([
      { status: '400', description: 'id is not a whole number' },
      { status: '404', description: 'No market group with this id' },
    ]);
  });

  it('names recursive types instead of expanding them forever', () => {
    const groups = operations.find((operation) => operation.path === '/api/v1/market/groups/tree')!;
    const children = groups.responseFields.find((field) => field.name === 'children');
    expect(children?.type).toBe('array of MarketGroup');
    expect(groups.responseFields.some((field) => field.name.startsWith('children[]'))).toBe(false);
  });

  it('documents the public POSTs with their bodies, after the reads of the same kind', () => {
    const bulk = operations.find(
      (operation) => operation.method === 'POST' && operation.path === '/api/v1/market/stats/{regionId}',
    )!;
    expect(bulk.requestType).toBe('MarketStatsRequest');
    expect(bulk.requestFields.map((field) => [field.name, field.type])).toEqual([
      ['typeIds', 'array of integer'],
    ]);
    expect(bulk.responseType).toBe('map of string to object');
    expect(paths.indexOf('/api/v1/market/stats/{regionId}/{typeId}')).toBeLessThan(
      paths.indexOf('/api/v1/market/stats/{regionId}'),
    );
    const appraisal = operations.find(
      (operation) => operation.method === 'POST' && operation.path === '/api/v1/market/appraisals',
    )!;
    expect(appraisal.requestFields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['regionId', 'items']),
    );
    const stats = operations.find(
      (operation) => operation.path === '/api/v1/market/stats/{regionId}/{typeId}',
    )!;
    expect(stats.requestType).toBeNull();
    expect(stats.responseFields.find((field) => field.name === 'minSell')?.type).toBe(
      'number (double, as 2.0)',
    );
  });

  it('hides routes that need login', () => {
    const withLogin: OpenApiDocument = {
      paths: {
        '/api/v1/market/appraisals': { get: { security: [{ cookie: [] }], responses: {} } },
        '/api/v1/market/regions': { get: { tags: ['Market'], responses: {} } },
      },
    };
    expect(publicApiSections(withLogin).flatMap((section) => section.operations.map((o) => o.path))).toEqual([
      '/api/v1/market/regions',
    ]);
  });

  it('names maps, nullable values and enums', () => {
    expect(typeName(document, { type: 'object', additionalProperties: { type: 'string' } })).toBe(
      'map of string to string',
    );
    expect(typeName(document, { type: 'integer', nullable: true })).toBe('integer or null');
    expect(typeName(document, { type: 'string', enum: ['ok'] })).toBe('"ok"');
    expect(fieldsOf(document, { type: 'object', additionalProperties: { type: 'string' } })).toEqual([]);
    expect(typeName(document, { $ref: '#/components/schemas/JumpCounts' })).toBe(
      'JumpCounts (array of integer)',
    );
    expect(typeName(document, { $ref: '#/components/schemas/MarketRegion' })).toBe('MarketRegion');
  });
});
