import { itemFilter, optionalId, ownerParam, positionParam, startTimeParam } from '../http/query-params';
import type { LedgerRequest } from './trade-ledger.service';

/** The query parameters the ledger's reads share, checked (400 with a message) into a {@link LedgerRequest}. */
export function ledgerRequest(
  accountId: string,
  query: {
    filter?: string;
    characterId?: string;
    ownerFilter?: string;
    division?: string;
    startTime?: string;
    position?: string;
  },
): LedgerRequest {
  const owner = ownerParam(query.ownerFilter, query.division);
  return {
    accountId,
    position: positionParam(query.position),
    filter: itemFilter(query.filter),
    characterId: optionalId(query.characterId, 'characterId'),
    ...(owner ? { owner } : {}),
    sinceMs: startTimeParam(query.startTime),
  };
}
