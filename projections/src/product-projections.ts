import { accountsProjection } from './accounts/accounts.projection';
import { characterAccountsProjection } from './accounts/character-accounts.projection';
import { characterMarketOrdersProjection } from './accounts/character-market-orders.projection';
import { unsettledDepositsProjection } from './accounts/unsettled-deposits.projection';
import { eventLogSummaryProjection } from './event-log-summary/event-log-summary.projection';
import { journalEntriesProjection } from './ledger/journal-entries.projection';
import { tradeLedgerProjection } from './ledger/trade-ledger.projection';
import type { AnyProjection } from './runner/projection';

/** Every read model the product serves; each bounded context adds its projections here. */
export const productProjections: readonly AnyProjection[] = [
  eventLogSummaryProjection,
  accountsProjection,
  characterAccountsProjection,
  unsettledDepositsProjection,
  characterMarketOrdersProjection,
  journalEntriesProjection,
  tradeLedgerProjection,
] as unknown as readonly AnyProjection[];
