import type { FlatMarketGroup } from '@tradewise/contracts';
import type {
  MarketHistoryDay,
  MarketOrders,
  MarketOrdersSystem,
  PublicMarketOrder,
} from '../market-data/market-api.dto';
import type { MarketStatistics } from '../market-data/statistics/market-statistics';

/*
 * The public market answers as the incumbent's API writes them (docs/public-api.md), for the programs that call
 * it: its key order, which text scrapers read by position, and its doubles with a decimal point even when whole
 * (`2.0`), without which strictly typed clients (Dart's `double` patterns) throw. JSON.stringify can do neither,
 * so these answers are written here and only here. Strings still go through JSON.stringify for their escaping.
 */

/** A double as the incumbent writes it: `2.0`, never `2`. */
export function doubleJson(value: number): string {
  // From 1e21 up JavaScript already writes an exponent (`1e+21`), which typed clients read as a double.
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? `${value}.0` : `${value}`;
}

/** One text per value asked for: the securities of the solar systems, a few thousand. */
const floatTexts = new Map<number, string>();

/**
 * A value the incumbent keeps as a single-precision float (a system's security): the shortest decimal that reads
 * back as the same float, as Java writes a `float` (0.945913116665 becomes `0.94591314`), with a decimal point.
 */
export function floatJson(value: number): string {
  let text = floatTexts.get(value);
  if (text === undefined) {
    const single = Math.fround(value);
    let digits = 1;
    while (digits < 9 && Math.fround(Number(single.toPrecision(digits))) !== single) digits++;
    text = doubleJson(Number(single.toPrecision(digits)));
    floatTexts.set(value, text);
  }
  return text;
}

const text = (value: string): string => JSON.stringify(value);
const nullable = (value: number | null): string => (value === null ? 'null' : `${value}`);

export function statisticsJson(stats: MarketStatistics): string {
  return (
    `{"buyVolume":${stats.buyVolume},"sellVolume":${stats.sellVolume},` +
    `"buyOrders":${stats.buyOrders},"sellOrders":${stats.sellOrders},` +
    `"buyOutliers":${stats.buyOutliers},"sellOutliers":${stats.sellOutliers},` +
    `"buyThreshold":${doubleJson(stats.buyThreshold)},"sellThreshold":${doubleJson(stats.sellThreshold)},` +
    `"buyAvgFivePercent":${doubleJson(stats.buyAvgFivePercent)},` +
    `"sellAvgFivePercent":${doubleJson(stats.sellAvgFivePercent)},` +
    `"maxBuy":${doubleJson(stats.maxBuy)},"minSell":${doubleJson(stats.minSell)}}`
  );
}

/** POST /market/stats/{regionId}: the statistics of each type, keyed by type id. */
export function statisticsByTypeJson(statsByType: ReadonlyMap<number, MarketStatistics>): string {
  const entries: string[] = [];
  for (const [typeId, stats] of statsByType) entries.push(`"${typeId}":${statisticsJson(stats)}`);
  return `{${entries.join(',')}}`;
}

/** The hot part of an order book: one string grown in place, twice as fast as JSON.stringify on real books. */
function ordersJson(orders: readonly PublicMarketOrder[]): string {
  let json = '[';
  for (let index = 0; index < orders.length; index++) {
    const order = orders[index]!;
    // `range` is one of ORDER_RANGE_WORDS, which need no escaping.
    json +=
      (index === 0 ? '{"duration":' : ',{"duration":') +
      order.duration +
      ',"isBuyOrder":' +
      order.isBuyOrder +
      ',"issued":' +
      order.issued +
      ',"locationId":' +
      order.locationId +
      ',"minVolume":' +
      order.minVolume +
      ',"orderId":' +
      order.orderId +
      ',"price":' +
      doubleJson(order.price) +
      ',"range":"' +
      order.range +
      '","systemId":' +
      order.systemId +
      ',"regionId":' +
      order.regionId +
      ',"typeId":' +
      order.typeId +
      ',"volumeRemain":' +
      order.volumeRemain +
      ',"volumeTotal":' +
      order.volumeTotal +
      '}';
  }
  return json + ']';
}

function systemJson(system: MarketOrdersSystem): string {
  return (
    `{"solarSystemID":${system.solarSystemID},"solarSystemName":${text(system.solarSystemName)},` +
    `"security":${floatJson(system.security)}}`
  );
}

function namesJson(names: Readonly<Record<string, string>>): string {
  const entries: string[] = [];
  for (const id in names) entries.push(`"${id}":${text(names[id]!)}`);
  return `{${entries.join(',')}}`;
}

export function marketOrdersJson(book: MarketOrders): string {
  const { itemType, producedBy } = book;
  const systems: string[] = [];
  for (const id in book.systems) systems.push(`"${id}":${systemJson(book.systems[id]!)}`);
  return (
    `{"itemType":{"typeID":${itemType.typeID},"groupID":${itemType.groupID},` +
    `"typeName":${text(itemType.typeName)},"iconID":${nullable(itemType.iconID)},` +
    `"marketGroupID":${nullable(itemType.marketGroupID)},"description":${text(itemType.description)},` +
    `"published":${itemType.published},"volume":${doubleJson(itemType.volume)}},` +
    (producedBy
      ? `"producedBy":{"typeID":${producedBy.typeID},"typeName":${text(producedBy.typeName)}},`
      : '') +
    `"systems":{${systems.join(',')}},"stationNames":${namesJson(book.stationNames)},` +
    `"structureNames":${namesJson(book.structureNames)},"orders":${ordersJson(book.orders)}}`
  );
}

export function marketHistoryJson(days: readonly MarketHistoryDay[]): string {
  const rows = days.map(
    (day) =>
      `{"date":${day.date},"regionId":${day.regionId},"typeId":${day.typeId},` +
      `"average":${doubleJson(day.average)},"highest":${doubleJson(day.highest)},` +
      `"lowest":${doubleJson(day.lowest)},"orderCount":${day.orderCount},"volume":${day.volume}}`,
  );
  return `[${rows.join(',')}]`;
}

export function flatMarketGroupsJson(groups: readonly FlatMarketGroup[]): string {
  const entries = groups.map(
    (group) =>
      `{"marketGroupID":${group.marketGroupID},"parentGroupID":${nullable(group.parentGroupID)},` +
      `"marketGroupName":${text(group.marketGroupName)},"description":${text(group.description)},` +
      `"iconID":${nullable(group.iconID)},"hasTypes":${group.hasTypes},` +
      `"iconFile":${group.iconFile === null ? 'null' : text(group.iconFile)}}`,
  );
  return `[${entries.join(',')}]`;
}
