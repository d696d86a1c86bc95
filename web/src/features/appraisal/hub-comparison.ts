import type { AppraisalHubsApiResponse } from '../../shared/api';
import type { Appraisal } from './appraisal-api';
import { TRADE_HUBS } from './market-choice';

export type HubComparison = AppraisalHubsApiResponse;
type HubItemPrice = HubComparison['hubs'][number]['items'][number];

/** A hub's column: its short name, and where its totals stand among the hubs. */
export interface HubColumn {
  readonly stationId: number;
  readonly label: string;
  readonly totalSell: number;
  readonly totalBuy: number;
  /** Every row has a sell (buy) price there: its total can be compared with the others'. */
  readonly sellComplete: boolean;
  readonly buyComplete: boolean;
  /** The lowest complete total sell: where buying the items costs least. */
  readonly cheapestToBuy: boolean;
  /** The highest complete total buy: where selling them into buy orders fetches most. */
  readonly bestInstantSale: boolean;
}

/** An item's row: its name and quantity, and its prices at each hub by station id (null: no price there). */
export interface HubComparisonRow {
  readonly typeId: number;
  readonly typeName: string;
  readonly quantity: number;
  readonly prices: Readonly<
    Record<number, { readonly totalSell: number | null; readonly totalBuy: number | null }>
  >;
}

const priced = (method: HubItemPrice['sellMethod']) => method !== 'INSUFFICIENT_DATA';

/** The items as the comparison asks for them: every appraisal row by type id and quantity. */
export function hubComparisonItems(appraisal: Appraisal): { typeId: number; quantity: number }[] {
  return appraisal.items.map((item) => ({ typeId: item.typeId, quantity: item.quantity }));
}

/** The hubs' columns in the hub choice's order (Jita first), each marked where it is best. */
export function hubColumns(comparison: HubComparison): HubColumn[] {
  const hubs = TRADE_HUBS.flatMap((hub) => {
    const found = comparison.hubs.find((candidate) => candidate.stationId === hub.stationId);
    return found ? [{ hub, found }] : [];
  });
  const sells = hubs.filter(({ found }) => found.unpricedSellRows === 0).map(({ found }) => found.totalSell);
  const buys = hubs.filter(({ found }) => found.unpricedBuyRows === 0).map(({ found }) => found.totalBuy);
  const lowestSell = sells.length > 0 ? Math.min(...sells) : null;
  const highestBuy = buys.length > 0 ? Math.max(...buys) : null;
  return hubs.map(({ hub, found }) => ({
    stationId: hub.stationId,
    label: hub.label,
    totalSell: found.totalSell,
    totalBuy: found.totalBuy,
    sellComplete: found.unpricedSellRows === 0,
    buyComplete: found.unpricedBuyRows === 0,
    cheapestToBuy: found.unpricedSellRows === 0 && found.totalSell === lowestSell,
    bestInstantSale: found.unpricedBuyRows === 0 && found.totalBuy === highestBuy && highestBuy > 0,
  }));
}

/** One row per appraisal row, with each hub's totals for it (null where the hub has no price for that side). */
export function hubComparisonRows(appraisal: Appraisal, comparison: HubComparison): HubComparisonRow[] {
  // An appraisal holds up to 10,000 rows: each hub's prices are looked up by type, not searched per row.
  const hubPrices = comparison.hubs.map((hub) => ({
    stationId: hub.stationId,
    byType: new Map(hub.items.map((price) => [price.typeId, price])),
  }));
  return appraisal.items.map((item) => {
    const prices: Record<number, { totalSell: number | null; totalBuy: number | null }> = {};
    for (const hub of hubPrices) {
      const price = hub.byType.get(item.typeId);
      prices[hub.stationId] = {
        totalSell: price && priced(price.sellMethod) ? price.totalSell : null,
        totalBuy: price && priced(price.buyMethod) ? price.totalBuy : null,
      };
    }
    return { typeId: item.typeId, typeName: item.typeName, quantity: item.quantity, prices };
  });
}
