import type { CharacterMarketOrder } from '../../shared/api';
import {
  DEFAULT_UNDERCUT_SETTINGS,
  acceptedSettingNumber,
  cooldownText,
  movedSelection,
  nextOrderOfAnotherItem,
  orderRows,
  orderTotals,
  priceBook,
  readUndercutSettings,
  storeUndercutSettings,
} from './market-orders';

function order(overrides: Partial<CharacterMarketOrder> = {}): CharacterMarketOrder {
  return {
    orderId: 1,
    typeId: 34,
    typeName: 'Tritanium',
    isBuyOrder: false,
    price: 5,
    volumeRemain: 100,
    volumeTotal: 100,
    minVolume: null,
    escrow: null,
    isCorporation: false,
    issued: '2026-11-25T10:00:00Z',
    duration: 90,
    range: 'REGION',
    locationId: 60003760,
    locationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
    regionId: 10000002,
    regionName: 'The Forge',
    systemId: 30000142,
    systemName: 'Jita',
    security: 0.9459,
    jumps: 0,
    ...overrides,
  };
}

describe('orderTotals', () => {
  it('sums price times remaining volume in cents, with no floating-point drift', () => {
    const orders = Array.from({ length: 10 }, () => ({ price: 0.1, volumeRemain: 1, escrow: null }));
    expect(orderTotals(orders).total).toBe(1);
  });

  it('gives buys their escrow and what remains to cover', () => {
    const totals = orderTotals([
      { price: 10.5, volumeRemain: 100, escrow: 400 },
      { price: 2.25, volumeRemain: 4, escrow: 9 },
    ]);
    expect(totals).toEqual({ total: 1059, escrow: 409, remainingToCover: 650 });
  });

  it('is zero for no orders', () => {
    expect(orderTotals([])).toEqual({ total: 0, escrow: 0, remainingToCover: 0 });
  });
});

describe('cooldownText', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('is null once the read has expired, or before any read', () => {
    expect(cooldownText('2026-11-25T12:00:00Z', now)).toBeNull();
    expect(cooldownText('2026-11-25T11:59:00Z', now)).toBeNull();
    expect(cooldownText(null, now)).toBeNull();
    expect(cooldownText(undefined, now)).toBeNull();
  });

  it('counts the remaining time up in whole seconds', () => {
    expect(cooldownText('2026-11-25T12:00:00.200Z', now)).toBe('0:01');
    expect(cooldownText('2026-11-25T12:04:59Z', now)).toBe('4:59');
    expect(cooldownText('2026-11-25T13:20:05Z', now)).toBe('1:20:05');
  });
});

describe('undercut settings (account-area §5, §9)', () => {
  it('accept a number of at least 0 and nothing else', () => {
    expect(acceptedSettingNumber(0)).toBe(0);
    expect(acceptedSettingNumber(0.01)).toBe(0.01);
    expect(acceptedSettingNumber('12.5')).toBe(12.5);
    expect(acceptedSettingNumber(-1)).toBeNull();
    expect(acceptedSettingNumber('')).toBeNull();
    expect(acceptedSettingNumber('abc')).toBeNull();
    expect(acceptedSettingNumber(null)).toBeNull();
    expect(acceptedSettingNumber(Number.POSITIVE_INFINITY)).toBeNull();
  });

  describe('in local storage', () => {
    let stored: Map<string, string>;
    beforeEach(() => {
      stored = new Map();
      const localStorage = {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      };
      (globalThis as { window?: unknown }).window = { localStorage };
    });
    afterEach(() => {
      delete (globalThis as { window?: unknown }).window;
    });

    it('default to region, 0.01 ISK, 0 %, 0 ISK and 10 %', () => {
      expect(readUndercutSettings()).toEqual({
        range: 'REGION',
        amount: 0.01,
        minVolumePercent: 0,
        randomOffset: 0,
        volumeHighlightPercent: 10,
      });
    });

    it('are kept under the spec’s keys for range and minimum volume, and read back', () => {
      const settings = {
        range: 'STATION',
        amount: 1000,
        minVolumePercent: 25,
        randomOffset: 3.5,
        volumeHighlightPercent: 20,
      } as const;
      storeUndercutSettings(settings);
      expect(stored.get('market-undercut-range')).toBe('station');
      expect(stored.get('market-undercut-min-volume-percent')).toBe('25');
      expect(readUndercutSettings()).toEqual(settings);
    });

    it('fall back to the default for a stored value the page would not accept', () => {
      stored.set('market-undercut-min-volume-percent', '-5');
      stored.set('market-undercut-range', 'galaxy');
      expect(readUndercutSettings()).toEqual(DEFAULT_UNDERCUT_SETTINGS);
    });
  });
});

describe('orderRows: the volume highlight', () => {
  it('marks an order with less than the highlight share of its volume left', () => {
    const rows = orderRows(
      [
        order({ orderId: 1, volumeRemain: 9, volumeTotal: 100 }),
        order({ orderId: 2, volumeRemain: 10, volumeTotal: 100 }),
      ],
      null,
      DEFAULT_UNDERCUT_SETTINGS,
      Date.now(),
    );
    expect(rows.map((row) => [row.order.orderId, row.lowVolume, row.status])).toEqual([
      [1, true, 'NOT_LOADED'],
      [2, false, 'NOT_LOADED'],
    ]);
  });
});

describe('priceBook', () => {
  it('is null before the public books are read', () => {
    expect(priceBook([order()], undefined, undefined)).toBeNull();
  });

  it('merges the public and private books once per order, and knows the character’s own orders', () => {
    const bookOrder = {
      orderId: 7,
      typeId: 34,
      isBuyOrder: false,
      price: 4,
      volumeRemain: 10,
      volumeTotal: 10,
      minVolume: null,
      range: 'REGION' as const,
      locationId: 1_035_466_617_946,
      regionId: 10000002,
      issued: '2026-11-25T09:00:00Z',
      duration: 90,
    };
    const book = priceBook(
      [order({ orderId: 1 })],
      { expires: '2026-11-25T12:05:00Z', marketOrders: [bookOrder], regionMetadata: [] },
      { expires: '2026-11-25T12:05:00Z', structures: [], data: [bookOrder, { ...bookOrder, orderId: 8 }] },
    );
    expect(book?.orders.map((bookEntry) => bookEntry.orderId)).toEqual([7, 8]);
    expect([...(book?.ownOrderIds ?? [])]).toEqual([1]);
  });
});

describe('the selection', () => {
  const rows = [
    { orderId: 1, typeId: 34 },
    { orderId: 2, typeId: 34 },
    { orderId: 3, typeId: 35 },
    { orderId: 4, typeId: 34 },
  ];

  it('moves after Shift+C to the next order of another item, wrapping around', () => {
    expect(nextOrderOfAnotherItem(rows, 1)).toBe(3);
    expect(nextOrderOfAnotherItem(rows, 3)).toBe(4);
    expect(nextOrderOfAnotherItem(rows, 4)).toBe(3);
    expect(nextOrderOfAnotherItem(rows.slice(0, 2), 1)).toBeNull();
  });

  it('moves with the arrow keys and stops at the ends', () => {
    expect(movedSelection(rows, null, 1)).toBe(1);
    expect(movedSelection(rows, null, -1)).toBe(4);
    expect(movedSelection(rows, 2, 1)).toBe(3);
    expect(movedSelection(rows, 4, 1)).toBe(4);
    expect(movedSelection(rows, 1, -1)).toBe(1);
    expect(movedSelection([], null, 1)).toBeNull();
  });
});
