import type { PriceStatus } from './rules/price-status';

/** The statuses the walk decides; the others (not loaded, no data, out of date) say nothing about competitors. */
const DECIDED: ReadonlySet<PriceStatus> = new Set(['UNDERCUT', 'OWN_BEST_PRICE', 'BEST_PRICE']);

export interface UndercutWatch {
  /** Each order's last decided status, kept while it is out of date until a refresh decides it again. */
  readonly decided: ReadonlyMap<number, PriceStatus>;
  /** Which reads the statuses came from; null before the first look. */
  readonly readsKey: string | null;
}

export const FIRST_LOOK: UndercutWatch = { decided: new Map(), readsKey: null };

export interface WatchedOrder {
  readonly orderId: number;
  readonly status: PriceStatus;
}

/**
 * The orders a refresh turned Undercut: decided otherwise before (best or own best price), Undercut now, and the
 * statuses come from other reads than last time (`readsKey`). Nothing is reported at the first look, for an order
 * first seen now, or when only the settings or the clock changed the statuses: the user is looking then.
 */
export function watchUndercuts(
  watch: UndercutWatch,
  orders: readonly WatchedOrder[],
  readsKey: string,
): { readonly watch: UndercutWatch; readonly turnedUndercut: number[] } {
  const refreshed = watch.readsKey !== null && watch.readsKey !== readsKey;
  const decided = new Map<number, PriceStatus>();
  const turnedUndercut: number[] = [];
  for (const { orderId, status } of orders) {
    const before = watch.decided.get(orderId);
    if (!DECIDED.has(status)) {
      if (before) decided.set(orderId, before);
      continue;
    }
    decided.set(orderId, status);
    if (refreshed && status === 'UNDERCUT' && before !== undefined && before !== 'UNDERCUT') {
      turnedUndercut.push(orderId);
    }
  }
  return { watch: { decided, readsKey }, turnedUndercut };
}

/** The tab's title with the count of undercut orders in front: '(2) Market Orders'. */
export function titleWithUndercuts(title: string, undercutCount: number): string {
  return undercutCount > 0 ? `(${undercutCount}) ${title}` : title;
}

/** The desktop notification's text for the orders a refresh turned Undercut. */
export function undercutNotification(itemNames: readonly string[]): { title: string; body: string } {
  const distinct = [...new Set(itemNames)];
  return {
    title: itemNames.length === 1 ? 'An order was undercut' : `${itemNames.length} orders were undercut`,
    body: distinct.join(', '),
  };
}
