import { tradewiseApi } from '../../api';

/**
 * The cache tag of the trade ledger's reads. One edit changes several of them at once (a processed pending sale
 * becomes a profit row and moves a purchase's quantities; a warehouse entry or a broker fee changes profits), so
 * every ledger edit invalidates them all; each feature tags its own reads and edits with it.
 */
export const TRADE_LEDGER_TAG = 'TradeLedger';

/** The API with the ledger's tag known, to invalidate it from outside an edit (a new sync). */
export const ledgerTaggedApi = tradewiseApi.enhanceEndpoints({ addTagTypes: [TRADE_LEDGER_TAG] });
