import { useEffect, useState } from 'react';

/** Autocomplete debounce (spec §5, §9). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = AUTOCOMPLETE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
