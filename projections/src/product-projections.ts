import { accountsProjection } from './accounts/accounts.projection';
import { characterAccountsProjection } from './accounts/character-accounts.projection';
import { eventLogSummaryProjection } from './event-log-summary/event-log-summary.projection';
import { journalEntriesProjection } from './ledger/journal-entries.projection';
import type { Projection } from './runner/projection';

/** Every read model the product serves; each bounded context adds its projections here. */
export const productProjections: readonly Projection[] = [
  eventLogSummaryProjection,
  accountsProjection,
  characterAccountsProjection,
  journalEntriesProjection,
] as unknown as readonly Projection[];
