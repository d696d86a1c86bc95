import { Alert } from 'antd';
import { tradewiseApi } from '../../shared/api';
import { formatUtcDate } from '../../shared/format';
import { TRADE_LEDGER_TAG } from '../../shared/ui/editable-list';

const ledgerStatusApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [TRADE_LEDGER_TAG],
  endpoints: { ledgerStatus: { providesTags: [TRADE_LEDGER_TAG] } },
});

/** How often an open page asks again, so a ledger that support rebuilt clears the notice without a reload. */
const RECHECK_MS = 60_000;

/**
 * Says so when the account's trade ledger stopped at an entry it cannot process: its figures are as they were
 * before that entry, the rest of the product (and every other account) is unaffected.
 */
export function LedgerStatusNotice({ accountId }: { readonly accountId: string }) {
  const { data } = ledgerStatusApi.useLedgerStatusQuery(
    { account: accountId },
    { pollingInterval: RECHECK_MS },
  );
  const stopped = data?.stopped;
  if (!stopped) return null;
  return (
    <Alert
      banner
      showIcon
      type="error"
      data-testid="ledger-stopped"
      title="Your trade ledger has stopped updating"
      description={
        `On ${formatUtcDate(stopped.failedAt)} it met a record it cannot process (log position ${stopped.position}` +
        `${stopped.eventType ? `, ${stopped.eventType}` : ''}): ${stopped.reason}. Profits, transactions and the ` +
        'warehouse show what they were before that record; your other data keeps syncing and nothing is lost. ' +
        'Our support team sees this and rebuilds your ledger once it is fixed; you can still remove an entry you ' +
        'made by mistake.'
      }
    />
  );
}
