export * from './esi/esi-endpoints';
export * from './esi/esi.errors';
export * from './esi/esi.client';
export * from './esi/from-id.walker';
export * from './esi/http/esi-http.client';
export * from './esi/http/esi-response.cache';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './esi/http/retry-backoff.policy';
export * from './esi/tokens/token-provider';
export * from './esi/tokens/refreshing-token.provider';
