import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

/**
 * The autocomplete and item filter debounce: the search is asked 200 ms after the last keystroke (account-area §5,
 * §9; public-tools §5). The Market Orders filter uses 1 ms.
 */
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;

export interface Debounced<Argument> {
  /** Starts the wait again; only the last argument is passed on. */
  call(argument: Argument): void;
  /** Drops the waiting call, if any. */
  cancel(): void;
}

/** Calls `run` with the latest argument once `delayMs` has passed without another call. */
export function debounce<Argument>(run: (argument: Argument) => void, delayMs: number): Debounced<Argument> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call(argument) {
      clearTimeout(timer);
      timer = setTimeout(() => run(argument), delayMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/** The value once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = AUTOCOMPLETE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * `debounce` for a component: one `{ call, cancel }` for the component's life (per `delayMs`), cancelled on
 * unmount. The wait ends in the latest render's `run`, so a filter sees the props of that moment, not of the key.
 */
export function useDebouncedCallback<Argument>(
  run: (argument: Argument) => void,
  delayMs: number = AUTOCOMPLETE_DEBOUNCE_MS,
): Debounced<Argument> {
  const latestRun = useRef(run);
  useLayoutEffect(() => {
    latestRun.current = run;
  });
  const debounced = useMemo(() => {
    const pending = debounce((job: () => void) => job(), delayMs);
    return {
      call: (argument: Argument) => pending.call(() => latestRun.current(argument)),
      cancel: pending.cancel,
    };
  }, [delayMs]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}
