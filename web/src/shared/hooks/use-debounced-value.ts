import { useEffect, useState } from 'react';

/** Autocomplete and item filter debounce (account-area §5, §9); the Market Orders filter uses 1 ms. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;

/** The value once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = AUTOCOMPLETE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
