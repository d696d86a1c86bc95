export * from './esi-endpoints';
export * from './esi.errors';
export * from './esi.client';
export * from './from-id.walker';
export * from './http/esi-http.client';
export * from './http/esi-response.cache';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './http/retry-backoff.policy';
export * from './tokens/token-provider';
export * from './tokens/refreshing-token.provider';
