import { useEffect, useState } from 'react';

/** The current time, updated at the start of each minute (the header clock redraws each minute). */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const untilNextMinute = 60_000 - (Date.now() % 60_000);
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, untilNextMinute + 5);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
