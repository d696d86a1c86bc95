import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one RTK Query API. Its endpoints come from `contracts/openapi.json` (`npm run codegen` writes them to
 * ./generated); features add their cache tags with `enhanceEndpoints`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Account'],
  endpoints: () => ({}),
});

export type BaseApiState = { [baseApi.reducerPath]: ReturnType<typeof baseApi.reducer> };
