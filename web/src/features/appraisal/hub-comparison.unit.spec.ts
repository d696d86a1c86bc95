import type { Appraisal } from './appraisal-api';
import { hubColumns, hubComparisonItems, hubComparisonRows, type HubComparison } from './hub-comparison';

const JITA = 60003760;
const AMARR = 60008494;
const DODIXIE = 60011866;

const appraisal = {
  items: [
    { typeId: 34, typeName: 'Tritanium', quantity: 100 },
    { typeId: 587, typeName: 'Rifter', quantity: 2 },
  ],
} as unknown as Appraisal;

function hub(
  stationId: number,
  totals: { sell: number; buy: number; unpricedSell?: number; unpricedBuy?: number },
  items: HubComparison['hubs'][number]['items'],
): HubComparison['hubs'][number] {
  return {
    stationId,
    stationName: `Station ${stationId}`,
    regionId: 1,
    regionName: 'Region',
    totalSell: totals.sell,
    totalBuy: totals.buy,
    unpricedSellRows: totals.unpricedSell ?? 0,
    unpricedBuyRows: totals.unpricedBuy ?? 0,
    items,
  };
}

const price = (
  typeId: number,
  totalSell: number,
  totalBuy: number,
  sellMethod = 'MARKET_ORDERS' as const,
) => ({
  typeId,
  sellPrice: 0,
  buyPrice: 0,
  totalSell,
  totalBuy,
  sellMethod,
  buyMethod: 'MARKET_ORDERS' as const,
});

// Amarr first as the server answers (by name); Dodixie has no Rifter sell orders.
const comparison: HubComparison = {
  priceMode: 'top',
  pricePercent: 100,
  numUnknown: 0,
  hubs: [
    hub(AMARR, { sell: 900, buy: 700 }, [price(34, 500, 400), price(587, 400, 300)]),
    hub(JITA, { sell: 1000, buy: 800 }, [price(34, 550, 450), price(587, 450, 350)]),
    hub(DODIXIE, { sell: 100, buy: 750, unpricedSell: 1 }, [
      price(34, 100, 450),
      { ...price(587, 0, 300), sellMethod: 'INSUFFICIENT_DATA' },
    ]),
  ],
};

describe('the trade hubs side by side', () => {
  it("asks for the appraisal's rows by type id and quantity", () => {
    expect(hubComparisonItems(appraisal)).toEqual([
      { typeId: 34, quantity: 100 },
      { typeId: 587, quantity: 2 },
    ]);
  });

  it('orders the hubs as the hub choice does, and marks the cheapest complete sell and the best complete buy', () => {
    const columns = hubColumns(comparison);
    expect(columns.map((column) => column.label)).toEqual(['Jita IV - Moon 4', 'Amarr VIII', 'Dodixie IX']);
    // Dodixie's 100 lacks the Rifter: it is not the cheapest, Amarr is.
    expect(columns.filter((column) => column.cheapestToBuy).map((column) => column.stationId)).toEqual([
      AMARR,
    ]);
    expect(columns.filter((column) => column.bestInstantSale).map((column) => column.stationId)).toEqual([
      JITA,
    ]);
    expect(columns.find((column) => column.stationId === DODIXIE)).toMatchObject({
      sellComplete: false,
      buyComplete: true,
    });
  });

  it('gives each row its totals per hub, and no price where the hub has none for that side', () => {
    const rows = hubComparisonRows(appraisal, comparison);
    expect(rows.map((row) => row.typeName)).toEqual(['Tritanium', 'Rifter']);
    expect(rows[1]!.prices[DODIXIE]).toEqual({ totalSell: null, totalBuy: 300 });
    expect(rows[0]!.prices[JITA]).toEqual({ totalSell: 550, totalBuy: 450 });
  });
});
