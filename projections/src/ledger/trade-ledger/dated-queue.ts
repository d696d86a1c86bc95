export interface Dated {
  readonly timeMs: number;
  /** Orders items of the same instant: a transaction id, or a job id. */
  readonly orderKey: number;
}

function before(a: Dated, b: Dated): boolean {
  return a.timeMs < b.timeMs || (a.timeMs === b.timeMs && a.orderKey < b.orderKey);
}

const COMPACT_AFTER = 1_024;

/**
 * Items in time order (then order key) with a moving head. Spent items are dropped lazily from the front, so
 * taking from the oldest end is amortised O(1); arrivals in order append, a late arrival is inserted by binary search.
 */
export class DatedQueue<T extends Dated> {
  private items: T[] = [];
  private head = 0;

  constructor(private readonly isSpent: (item: T) => boolean) {}

  insert(item: T): void {
    const last = this.items[this.items.length - 1];
    if (this.items.length === this.head || !last || !before(item, last)) {
      this.items.push(item);
      return;
    }
    this.items.splice(this.firstNotBefore(item), 0, item);
  }

  /** The oldest item that is not spent. */
  first(): T | undefined {
    while (this.head < this.items.length && this.isSpent(this.items[this.head]!)) this.head += 1;
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return this.items[this.head];
  }

  /** Unspent items from the oldest on. */
  *live(): Generator<T> {
    this.first();
    const items = this.items;
    for (let index = this.head; index < items.length; index++) {
      const item = items[index]!;
      if (!this.isSpent(item)) yield item;
    }
  }

  /** Unspent items dated at or after `timeMs`, oldest first. */
  *liveFrom(timeMs: number): Generator<T> {
    const items = this.items;
    for (let index = this.firstNotBefore({ timeMs, orderKey: -Infinity }); index < items.length; index++) {
      const item = items[index]!;
      if (!this.isSpent(item)) yield item;
    }
  }

  private firstNotBefore(probe: Dated): number {
    let low = this.head;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.items[middle]!, probe)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
