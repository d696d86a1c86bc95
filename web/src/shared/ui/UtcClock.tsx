import { formatUtcClock } from '../format';
import { useMinuteClock } from '../hooks/use-minute-clock';
import { Text } from './text';

/** Game time (UTC) as HH:mm, redrawn each minute. */
export function UtcClock() {
  const now = useMinuteClock();
  return (
    <Text tone="secondary" small title="Game time (UTC)" data-testid="utc-clock">
      {formatUtcClock(now)} UTC
    </Text>
  );
}
