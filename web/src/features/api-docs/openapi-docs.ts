/** Reads the public market routes out of the OpenAPI document the server generates (contracts/openapi.json). */

export interface SchemaObject {
  readonly $ref?: string;
  readonly type?: string;
  readonly format?: string;
  readonly nullable?: boolean;
  readonly enum?: readonly unknown[];
  readonly items?: SchemaObject;
  readonly properties?: Readonly<Record<string, SchemaObject>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: SchemaObject | boolean;
  readonly description?: string;
}

interface ParameterObject {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: SchemaObject;
}

interface ResponseObject {
  readonly description?: string;
  readonly content?: Readonly<Record<string, { readonly schema?: SchemaObject }>>;
}

interface OperationObject {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: SchemaObject }>> };
  readonly responses?: Readonly<Record<string, ResponseObject>>;
  readonly security?: readonly unknown[];
}

export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, OperationObject>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, SchemaObject>> };
}

export interface DocParameter {
  readonly name: string;
  readonly location: string;
  readonly required: boolean;
  readonly type: string;
  readonly description: string;
}

export interface DocField {
  /** Dotted path inside the answer: `children[]`, `names.{key}`. */
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

export interface DocStatus {
  readonly status: string;
  readonly description: string;
}

export interface DocOperation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly parameters: readonly DocParameter[];
  /** What a POST sends as its JSON body, e.g. 'MarketStatsRequest'; null for a GET. */
  readonly requestType: string | null;
  readonly requestFields: readonly DocField[];
  /** What the answer is, e.g. 'array of MarketRegion'. */
  readonly responseType: string;
  readonly responseFields: readonly DocField[];
  readonly otherStatuses: readonly DocStatus[];
}

export interface DocSection {
  readonly title: string;
  readonly operations: readonly DocOperation[];
}

/** The public market API: calls under /api/v1/market and /api/v1/static that need no login. */
const PUBLIC_PREFIXES = ['/api/v1/market/', '/api/v1/static/'];

/** The spec lists stats, orders and history first (public-tools §7), then the static routes. */
const PATH_ORDER = [
  '/market/stats',
  '/market/orders',
  '/market/history',
  '/market/regions',
  '/market/groups',
];

/** Reads first, then the calls that send a body (bulk statistics, appraisals). */
const METHODS = ['get', 'post'] as const;

function rank(path: string): number {
  const index = PATH_ORDER.findIndex((prefix) => path.startsWith(`/api/v1${prefix}`));
  return index === -1 ? PATH_ORDER.length : index;
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function resolve(document: OpenApiDocument, schema: SchemaObject): SchemaObject {
  return schema.$ref ? (document.components?.schemas?.[refName(schema.$ref)] ?? {}) : schema;
}

/** A short name for a schema: 'integer', 'array of MarketGroup', 'map of string to string'. */
export function typeName(document: OpenApiDocument, schema: SchemaObject | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) {
    // A named object stays a name; a named list or map also says what it is: 'JumpCounts (array of integer)'.
    const target = resolve(document, schema);
    return target.properties || !target.type
      ? refName(schema.$ref)
      : `${refName(schema.$ref)} (${typeName(document, target)})`;
  }
  const nullable = schema.nullable ? ' or null' : '';
  if (schema.enum) return `${schema.enum.map((value) => JSON.stringify(value)).join(' | ')}${nullable}`;
  // The incumbent's clients read these as doubles: they always carry a decimal point (`2.0`).
  if (schema.type === 'number' && schema.format === 'double') return `number (double, as 2.0)${nullable}`;
  if (schema.type === 'array') return `array of ${typeName(document, schema.items)}${nullable}`;
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object' && !schema.properties) {
    return `map of string to ${typeName(document, schema.additionalProperties)}${nullable}`;
  }
  return `${schema.type ?? 'any'}${nullable}`;
}

/** The fields of an answer, nested objects flattened with dotted names; recursive types are named, not expanded. */
export function fieldsOf(
  document: OpenApiDocument,
  schema: SchemaObject | undefined,
  prefix = '',
  seen: ReadonlySet<string> = new Set(),
): DocField[] {
  if (!schema) return [];
  if (schema.$ref) {
    const name = refName(schema.$ref);
    if (seen.has(name)) return [];
    return fieldsOf(document, resolve(document, schema), prefix, new Set([...seen, name]));
  }
  if (schema.type === 'array') return fieldsOf(document, schema.items, prefix ? `${prefix}[]` : '', seen);
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object' && !schema.properties) {
    return fieldsOf(document, schema.additionalProperties, `${prefix}{key}`, seen);
  }
  const properties = Object.entries(schema.properties ?? {});
  return properties.flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const field: DocField = {
      name: path,
      type: typeName(document, property),
      required: schema.required?.includes(name) ?? false,
      description: property.description ?? resolve(document, property).description ?? '',
    };
    const isSelf = property.$ref ? seen.has(refName(property.$ref)) : false;
    const itemRef = property.items?.$ref;
    const recursive = isSelf || (itemRef !== undefined && seen.has(refName(itemRef)));
    return recursive ? [field] : [field, ...fieldsOf(document, property, path, seen)];
  });
}

function operationDoc(
  document: OpenApiDocument,
  path: string,
  method: string,
  operation: OperationObject,
): DocOperation {
  const responses = Object.entries(operation.responses ?? {});
  const ok = responses.find(([status]) => status.startsWith('2'));
  const schema = ok?.[1].content?.['application/json']?.schema;
  const requestSchema = operation.requestBody?.content?.['application/json']?.schema;
  return {
    id: operation.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? operation.description ?? '',
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      location: parameter.in,
      required: parameter.required ?? parameter.in === 'path',
      type: typeName(document, parameter.schema),
      description: parameter.description ?? '',
    })),
    requestType: requestSchema ? typeName(document, requestSchema) : null,
    requestFields: fieldsOf(document, requestSchema),
    responseType: schema ? typeName(document, schema) : 'no body',
    responseFields: fieldsOf(document, schema),
    otherStatuses: responses
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, response]) => ({ status, description: response.description ?? '' })),
  };
}

/** The public market calls of the document, grouped by their tag, in the spec's order, reads first. */
export function publicApiSections(document: OpenApiDocument): DocSection[] {
  const operations = Object.keys(document.paths)
    .filter((path) => PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix)))
    .flatMap((path) =>
      METHODS.flatMap((method) => {
        const operation = document.paths[path]?.[method];
        const needsLogin = (operation?.security?.length ?? 0) > 0;
        return operation && !needsLogin ? [{ path, method, operation }] : [];
      }),
    )
    .sort(
      (a, b) =>
        rank(a.path) - rank(b.path) ||
        METHODS.indexOf(a.method) - METHODS.indexOf(b.method) ||
        a.path.localeCompare(b.path),
    );
  const sections = new Map<string, DocOperation[]>();
  for (const { path, method, operation } of operations) {
    const title = operation.tags?.[0] ?? 'Other';
    sections.set(title, [...(sections.get(title) ?? []), operationDoc(document, path, method, operation)]);
  }
  return [...sections].map(([title, operations]) => ({ title, operations }));
}
