import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('The page took too long to load. Check your connection and reload.');
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** A route's page, loaded on first use (route-level code splitting); gives up after the chunk-load timeout. */
export function lazyPage<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
    });
    return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
  });
}
