import { auditEventDefinitions } from '../audit/audit-events';
import { accountEventDefinitions } from '../accounts/account-events';
import { depositEventDefinitions } from '../accounts/deposit-events';
import { marketOrderEventDefinitions } from '../accounts/market-order-events';
import { industryStructureEventDefinitions } from '../industry/industry-structure-events';
import { contractEventDefinitions } from '../ledger/contract-events';
import { industryEventDefinitions } from '../ledger/industry-events';
import { orderFeeEventDefinitions } from '../ledger/order-fee-events';
import { orderHistoryEventDefinitions } from '../ledger/order-history-events';
import { tradeLedgerEventDefinitions } from '../ledger/trade-ledger-events';
import { tradeRulesEventDefinitions } from '../ledger/trade-rules-events';
import { walletEventDefinitions } from '../ledger/wallet-events';
import { staffAccessEventDefinitions } from '../staff/staff-access-events';
import { EventCatalogue } from './event-catalogue';

/**
 * Every event type the product stores. Bounded contexts add their definitions here as they land, so the event
 * store's read path (upcasting) and the projection runner (unknown-type detection) see one list.
 */
export const eventCatalogue = new EventCatalogue([
  ...accountEventDefinitions,
  ...depositEventDefinitions,
  ...marketOrderEventDefinitions,
  ...walletEventDefinitions,
  ...industryEventDefinitions,
  ...contractEventDefinitions,
  ...orderHistoryEventDefinitions,
  ...orderFeeEventDefinitions,
  ...tradeLedgerEventDefinitions,
  ...tradeRulesEventDefinitions,
  ...industryStructureEventDefinitions,
  ...auditEventDefinitions,
  ...staffAccessEventDefinitions,
]);
