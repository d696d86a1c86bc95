import fc from 'fast-check';
import type { MarketOrders } from '../market-data/market-api.dto';
import { marketStatistics } from '../market-data/statistics/market-statistics';
import {
  doubleJson,
  flatMarketGroupsJson,
  floatJson,
  marketHistoryJson,
  marketOrdersJson,
  statisticsByTypeJson,
  statisticsJson,
} from './incumbent-json';

const book: MarketOrders = {
  itemType: {
    typeID: 34,
    groupID: 18,
    typeName: 'Tritanium "the" mineral',
    iconID: 22,
    marketGroupID: 1857,
    description: 'A line\nand <b>markup</b>',
    published: true,
    volume: 0.01,
  },
  producedBy: { typeID: 999, typeName: 'Tritanium Blueprint' },
  systems: { '30000142': { solarSystemID: 30000142, solarSystemName: 'Jita', security: 0.945913116665 } },
  stationNames: { '60003760': 'Jita IV - Moon 4 - Caldari Navy Assembly Plant' },
  structureNames: { '1035466617946': 'Perimeter - Tranquility Trading Tower' },
  orders: [
    {
      duration: 90,
      isBuyOrder: false,
      issued: 1_780_000_000_000,
      locationId: 60003760,
      minVolume: 1,
      orderId: 6_000_000_001,
      price: 2,
      range: 'REGION',
      systemId: 30000142,
      regionId: 10000002,
      typeId: 34,
      volumeRemain: 1000,
      volumeTotal: 5000,
    },
  ],
};

describe('the public market answers, written as the incumbent writes them', () => {
  it('writes doubles with a decimal point, whole or not, and reads back the same number', () => {
    expect(doubleJson(2)).toBe('2.0');
    expect(doubleJson(0)).toBe('0.0');
    expect(doubleJson(-3)).toBe('-3.0');
    expect(doubleJson(5.37)).toBe('5.37');
    expect(doubleJson(1e21)).toBe('1e+21');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = doubleJson(value);
        expect(text).toMatch(/[.e]/);
        expect(JSON.parse(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('writes a security status at single precision, the shortest text that reads back as the same float', () => {
    expect(floatJson(0.945913116665)).toBe('0.94591314');
    expect(floatJson(1)).toBe('1.0');
    expect(floatJson(-0.99)).toBe('-0.99');
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (value) => {
        const text = floatJson(value);
        expect(text).toMatch(/[.e]/);
        expect(Math.fround(Number(text)) === Math.fround(value)).toBe(true);
      }),
    );
  });

  it("writes statistics in the incumbent's key order, doubles with a point", () => {
    const text = statisticsJson(marketStatistics([]));
    expect(text).toBe(
      '{"buyVolume":0,"sellVolume":0,"buyOrders":0,"sellOrders":0,"buyOutliers":0,"sellOutliers":0,' +
        '"buyThreshold":0.0,"sellThreshold":0.0,"buyAvgFivePercent":0.0,"sellAvgFivePercent":0.0,' +
        '"maxBuy":0.0,"minSell":0.0}',
    );
    const stats = marketStatistics([
      { is_buy_order: true, price: 4.5, volume_remain: 10 },
      { is_buy_order: false, price: 6, volume_remain: 3 },
    ]);
    expect(JSON.parse(statisticsJson(stats))).toEqual(stats);
    expect(JSON.parse(statisticsByTypeJson(new Map([[34, stats]])))).toEqual({ '34': stats });
  });

  it("writes the order book in the incumbent's key order, each value as JSON.stringify would read it", () => {
    const text = marketOrdersJson(book);
    const jita = { solarSystemID: 30000142, solarSystemName: 'Jita', security: 0.94591314 };
    expect(JSON.parse(text)).toEqual({ ...book, systems: { '30000142': jita } });
    expect(Object.keys(JSON.parse(text))).toEqual([
      'itemType',
      'producedBy',
      'systems',
      'stationNames',
      'structureNames',
      'orders',
    ]);
    expect(text).toContain(
      '{"duration":90,"isBuyOrder":false,"issued":1780000000000,"locationId":60003760,"minVolume":1,' +
        '"orderId":6000000001,"price":2.0,"range":"REGION","systemId":30000142,"regionId":10000002,' +
        '"typeId":34,"volumeRemain":1000,"volumeTotal":5000}',
    );
    expect(text).toContain('"security":0.94591314}');
    const { producedBy: _left, ...unproduced } = book;
    expect(Object.keys(JSON.parse(marketOrdersJson(unproduced)))).not.toContain('producedBy');
  });

  it('writes history rows with their prices as doubles', () => {
    const day = {
      date: 1_780_000_000_000,
      regionId: 10000002,
      typeId: 34,
      average: 4,
      highest: 4.5,
      lowest: 3,
      orderCount: 12,
      volume: 100,
    };
    expect(marketHistoryJson([day])).toBe(
      '[{"date":1780000000000,"regionId":10000002,"typeId":34,"average":4.0,"highest":4.5,"lowest":3.0,' +
        '"orderCount":12,"volume":100}]',
    );
  });

  it('writes the flat market groups with nulls where the SDE has nothing', () => {
    const groups = [
      {
        marketGroupID: 533,
        parentGroupID: null,
        marketGroupName: 'Materials',
        description: '',
        iconID: null,
        hasTypes: false,
        iconFile: null,
      },
      {
        marketGroupID: 1857,
        parentGroupID: 533,
        marketGroupName: 'Minerals',
        description: 'Refined "ore"',
        iconID: 22,
        hasTypes: true,
        iconFile: 'res:/ui/texture/icons/22_32_1.png',
      },
    ];
    expect(JSON.parse(flatMarketGroupsJson(groups))).toEqual(groups);
    expect(Object.keys(JSON.parse(flatMarketGroupsJson(groups))[1])).toEqual(Object.keys(groups[1]!));
  });
});
