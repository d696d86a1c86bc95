import { DatedQueue } from './dated-queue';

interface Lot {
  readonly timeMs: number;
  readonly orderKey: number;
  left: number;
}

const lot = (timeMs: number, orderKey: number, left = 1): Lot => ({ timeMs, orderKey, left });

describe('dated queue', () => {
  it('given arrivals out of order, when read, then items come by time and then order key', () => {
    const queue = new DatedQueue<Lot>((item) => item.left === 0);
    [lot(5, 50), lot(1, 10), lot(5, 40), lot(3, 30), lot(9, 90)].forEach((item) => queue.insert(item));

    expect([...queue.live()].map((item) => item.orderKey)).toEqual([10, 30, 40, 50, 90]);
    expect([...queue.liveFrom(5)].map((item) => item.orderKey)).toEqual([40, 50, 90]);
  });

  it('given spent items at the front, when the first is asked for, then they are skipped and later dropped', () => {
    const queue = new DatedQueue<Lot>((item) => item.left === 0);
    const items = Array.from({ length: 5_000 }, (_, index) => lot(index, index));
    items.forEach((item) => queue.insert(item));
    items.slice(0, 4_000).forEach((item) => (item.left = 0));

    expect(queue.first()?.orderKey).toBe(4_000);
    queue.insert(lot(4_500, 4_500.5));
    expect([...queue.live()].slice(500, 502).map((item) => item.orderKey)).toEqual([4_500, 4_500.5]);
  });
});
