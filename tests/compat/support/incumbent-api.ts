import { entriesOf, type TypedJson, type TypedKind } from './typed-json';

/**
 * The incumbent's answers as its clients read them (shared/facts/public-api.md, issue 24): each object's keys in
 * the incumbent's order, with the JSON type of each value. Written here from that description, not from our code,
 * so a change of ours that breaks a client fails these tests.
 */
export type FieldTypes = readonly (readonly [string, readonly TypedKind[]])[];

const INT = ['int'] as const;
const DOUBLE = ['double'] as const;
const STRING = ['string'] as const;
const BOOL = ['bool'] as const;
const INT_OR_NULL = ['int', 'null'] as const;

export const STATS_FIELDS: FieldTypes = [
  ['buyVolume', INT],
  ['sellVolume', INT],
  ['buyOrders', INT],
  ['sellOrders', INT],
  ['buyOutliers', INT],
  ['sellOutliers', INT],
  ['buyThreshold', DOUBLE],
  ['sellThreshold', DOUBLE],
  ['buyAvgFivePercent', DOUBLE],
  ['sellAvgFivePercent', DOUBLE],
  ['maxBuy', DOUBLE],
  ['minSell', DOUBLE],
];

export const ORDER_FIELDS: FieldTypes = [
  ['duration', INT],
  ['isBuyOrder', BOOL],
  ['issued', INT],
  ['locationId', INT],
  ['minVolume', INT],
  ['orderId', INT],
  ['price', DOUBLE],
  ['range', STRING],
  ['systemId', INT],
  ['regionId', INT],
  ['typeId', INT],
  ['volumeRemain', INT],
  ['volumeTotal', INT],
];

export const ITEM_TYPE_FIELDS: FieldTypes = [
  ['typeID', INT],
  ['groupID', INT],
  ['typeName', STRING],
  ['iconID', INT_OR_NULL],
  ['marketGroupID', INT_OR_NULL],
  ['description', STRING],
  ['published', BOOL],
  ['volume', DOUBLE],
];

export const SYSTEM_FIELDS: FieldTypes = [
  ['solarSystemID', INT],
  ['solarSystemName', STRING],
  ['security', DOUBLE],
];

export const HISTORY_FIELDS: FieldTypes = [
  ['date', INT],
  ['regionId', INT],
  ['typeId', INT],
  ['average', DOUBLE],
  ['highest', DOUBLE],
  ['lowest', DOUBLE],
  ['orderCount', INT],
  ['volume', INT],
];

/** The incumbent's fields of a market group, in its order; ours adds `iconFile` after them. */
export const GROUP_FIELDS: FieldTypes = [
  ['marketGroupID', INT],
  ['parentGroupID', INT_OR_NULL],
  ['marketGroupName', STRING],
  ['description', STRING],
  ['iconID', INT_OR_NULL],
  ['hasTypes', BOOL],
];

/** The keys of an object, in order, each with the JSON type a typed client reads. */
export function shapeOf(json: TypedJson): [string, TypedKind][] {
  return entriesOf(json).map(([key, value]) => [key, value.kind]);
}

/**
 * Checks an object against the incumbent's fields: the same keys first, in its order, each of an allowed type;
 * `extra` names keys of ours allowed after them.
 */
export function expectIncumbentShape(
  json: TypedJson,
  fields: FieldTypes,
  extra: readonly string[] = [],
): void {
  const shape = shapeOf(json);
  expect(shape.map(([key]) => key)).toEqual([...fields.map(([key]) => key), ...extra]);
  const wrongTypes = fields.flatMap(([key, kinds], index) => {
    const kind = shape[index]![1];
    return kinds.includes(kind) ? [] : [`${key} is ${kind}, not ${kinds.join(' or ')}`];
  });
  expect(wrongTypes).toEqual([]);
}
