import type { PriceStatus } from './rules/price-status';
import {
  FIRST_LOOK,
  titleWithUndercuts,
  undercutNotification,
  watchUndercuts,
  type UndercutWatch,
} from './undercut-watch';

const statuses = (entries: Record<number, PriceStatus>) =>
  Object.entries(entries).map(([orderId, status]) => ({ orderId: Number(orderId), status }));

function given(entries: Record<number, PriceStatus>, readsKey = 'reads-1'): UndercutWatch {
  return watchUndercuts(FIRST_LOOK, statuses(entries), readsKey).watch;
}

describe('watchUndercuts: which orders a refresh turned Undercut', () => {
  it('reports nothing at the first look, even for orders already undercut', () => {
    expect(watchUndercuts(FIRST_LOOK, statuses({ 1: 'UNDERCUT' }), 'reads-1').turnedUndercut).toEqual([]);
  });

  it('reports an order that had the best price or the own best price and is undercut after new reads', () => {
    const watch = given({ 1: 'BEST_PRICE', 2: 'OWN_BEST_PRICE', 3: 'UNDERCUT', 4: 'BEST_PRICE' });
    const after = watchUndercuts(
      watch,
      statuses({ 1: 'UNDERCUT', 2: 'UNDERCUT', 3: 'UNDERCUT', 4: 'BEST_PRICE' }),
      'reads-2',
    );
    expect(after.turnedUndercut).toEqual([1, 2]);
  });

  it('reports nothing when only the settings or the clock changed the statuses (the same reads)', () => {
    const watch = given({ 1: 'BEST_PRICE' });
    const after = watchUndercuts(watch, statuses({ 1: 'UNDERCUT' }), 'reads-1');
    expect(after.turnedUndercut).toEqual([]);
    // …and takes the new status as the one to compare the next refresh with.
    expect(watchUndercuts(after.watch, statuses({ 1: 'UNDERCUT' }), 'reads-2').turnedUndercut).toEqual([]);
  });

  it('remembers the last decided status while the prices are out of date', () => {
    const watch = given({ 1: 'BEST_PRICE' });
    const expired = watchUndercuts(watch, statuses({ 1: 'PRICE_OUT_OF_DATE' }), 'reads-1').watch;
    expect(watchUndercuts(expired, statuses({ 1: 'UNDERCUT' }), 'reads-2').turnedUndercut).toEqual([1]);
  });

  it('reports nothing for an order first seen undercut (a new order after Refresh Orders)', () => {
    const watch = given({ 1: 'BEST_PRICE' });
    expect(
      watchUndercuts(watch, statuses({ 1: 'BEST_PRICE', 2: 'UNDERCUT' }), 'reads-2').turnedUndercut,
    ).toEqual([]);
  });
});

describe('the title and the notification', () => {
  it('puts the count of undercut orders in front of the title', () => {
    expect(titleWithUndercuts('Market Orders', 2)).toBe('(2) Market Orders');
    expect(titleWithUndercuts('Market Orders', 0)).toBe('Market Orders');
  });

  it('names the items once each', () => {
    expect(undercutNotification(['Tritanium'])).toEqual({
      title: 'An order was undercut',
      body: 'Tritanium',
    });
    expect(undercutNotification(['Tritanium', 'Pyerite', 'Tritanium'])).toEqual({
      title: '3 orders were undercut',
      body: 'Tritanium, Pyerite',
    });
  });
});
