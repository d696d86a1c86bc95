import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delayMs` (the item filters' 200 ms, 1 ms on Market Orders, account-area §9). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
