import type { AccessPrincipal } from '../sso/sso-authority';
import type { MarketBooks } from '../world/market-books';
import type { SimulatedWorld } from '../world/simulated-world';

/** What a UI route asked the game client to do; tests read them from `simulator.uiActions`. */
export type UiAction =
  | { readonly kind: 'open-market-details'; readonly characterId: number; readonly typeId: number }
  | {
      readonly kind: 'set-waypoint';
      readonly characterId: number;
      readonly destinationId: number;
      readonly addToBeginning: boolean;
      readonly clearOtherWaypoints: boolean;
    };

/** One ESI request as a handler sees it. */
export interface EsiCall {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly principal: AccessPrincipal | undefined;
  /** The instant the data is generated for: the start of the route's cache period (its Last-Modified). */
  readonly snapshotMs: number;
  readonly nowMs: number;
  readonly legacy: boolean;
  readonly world: SimulatedWorld;
  readonly books: MarketBooks;
  readonly recordUiAction: (action: UiAction) => void;
}

export interface EsiAnswer {
  readonly status?: 200 | 204;
  readonly body?: unknown;
  /** The body already serialised, for the long lists a sync pages through. */
  readonly json?: string;
  /** Sets X-Pages. */
  readonly pages?: number;
}

/** An ESI error answer with ESI's JSON error body. */
export class EsiHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'EsiHttpError';
  }
}

export function integerParam(value: string | null | undefined, name: string): number {
  if (value === null || value === undefined || !/^-?\d+$/.test(value)) {
    throw new EsiHttpError(400, `${name} must be an integer, not '${value ?? ''}'`);
  }
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new EsiHttpError(400, `${name} is out of range`);
  return parsed;
}

export function optionalIntegerParam(value: string | null, name: string): number | undefined {
  return value === null ? undefined : integerParam(value, name);
}

export function booleanParam(value: string | null, name: string, fallback: boolean): boolean {
  if (value === null) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new EsiHttpError(400, `${name} must be true or false, not '${value}'`);
}

/** One page of a list, ESI style: pages count from 1; asking past the last page is a 404. */
export function paginate<T>(
  items: readonly T[],
  pageParam: string | null,
  pageSize: number,
): EsiAnswer & { body: T[] } {
  const page = pageParam === null ? 1 : integerParam(pageParam, 'page');
  if (page < 1) throw new EsiHttpError(400, 'page must be at least 1');
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  if (page > pages) throw new EsiHttpError(404, 'Requested page does not exist!');
  return { body: items.slice((page - 1) * pageSize, page * pageSize), pages };
}

/** ESI dates: UTC, whole seconds. */
export function esiDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function esiDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
