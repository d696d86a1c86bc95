import { useMinuteClock } from '../../shared/hooks/use-minute-clock';
import type { Account } from '../../shared/session';
import { Text } from '../../shared/ui/text';
import { esiUpdateLabel } from './esi-update';

export function EsiUpdateStatus({ account }: { readonly account: Account }) {
  const now = useMinuteClock();
  return (
    <Text tone="secondary" small data-testid="esi-update-status">
      {esiUpdateLabel(account, now)}
    </Text>
  );
}
