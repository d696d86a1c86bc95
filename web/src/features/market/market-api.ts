import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { tradewiseApi, type MarketOrdersApiResponse } from '../../shared/api';

/** The order book with the time its answer expires (the `Expires` header), when the server sent one. */
export type OrderBook = MarketOrdersApiResponse & { readonly expiresAt?: number };

/** When an answer expires: its `Expires` header as epoch milliseconds, or undefined. */
export function expiresAtOf(meta: Pick<FetchBaseQueryMeta, 'response'> | undefined): number | undefined {
  const header = meta?.response?.headers.get('Expires');
  const time = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The market browser's reads. The order book keeps the expiry the server announces, so the page can read it
 * again once it has changed (public-tools §7).
 */
export const marketApi = tradewiseApi.enhanceEndpoints({
  endpoints: {
    marketOrders: {
      transformResponse: (
        response: MarketOrdersApiResponse,
        meta: FetchBaseQueryMeta | undefined,
      ): OrderBook => ({
        ...response,
        expiresAt: expiresAtOf(meta),
      }),
    },
  },
});

export const {
  useMarketGroupTreeQuery,
  useLazyMarketGroupTypesQuery,
  useItemTypeQuery,
  useSearchTypesQuery,
  useRegionsQuery,
  useMarketOrdersQuery,
  useMarketHistoryQuery,
  useMarketStatsQuery,
} = marketApi;
