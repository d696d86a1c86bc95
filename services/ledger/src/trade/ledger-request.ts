import { itemFilter, optionalId, positionParam, startTimeParam } from '../http/query-params';
import type { LedgerRequest } from './trade-ledger.service';

/** The query parameters the ledger's reads share, checked (400 with a message) into a {@link LedgerRequest}. */
export function ledgerRequest(
  accountId: string,
  query: { filter?: string; characterId?: string; startTime?: string; position?: string },
): LedgerRequest {
  return {
    accountId,
    position: positionParam(query.position),
    filter: itemFilter(query.filter),
    characterId: optionalId(query.characterId, 'characterId'),
    sinceMs: startTimeParam(query.startTime),
  };
}
