import { useEffect, useState } from 'react';

/** The current time, redrawn every `intervalMs` (the export and refresh countdowns tick each second). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
