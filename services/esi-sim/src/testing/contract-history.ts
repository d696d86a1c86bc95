import {
  CONTRACT_APPRAISAL_REGION_ID,
  type ContractAppraisal,
  type ImportedContract,
} from '@tradewise/contracts';
import { contractBody, contractItemsBody } from '../http/handlers/character.handlers';
import type { SimulatedWorld } from '../world/simulated-world';
import type { ContractRecord } from '../world/world-records';

const LISTED_MS = 30 * 86_400_000;

/** What the sync records of a bought contract of several types: the appraisal it made when the contract showed. */
function appraisalOf(contract: ContractRecord): ContractAppraisal | null {
  const prices = contract.appraisedUnitPrices;
  if (!prices || new Set(contract.items.map((item) => item.typeId)).size < 2) return null;
  return {
    regionId: CONTRACT_APPRAISAL_REGION_ID,
    appraisedAt: new Date(contract.visibleFromMs).toISOString(),
    prices: prices.map(({ typeId, unitPrice }) => ({
      typeId,
      method: 'MARKET_ORDERS',
      unitPriceCents: unitPrice,
    })),
  };
}

/**
 * What the sync would have published of a character's contracts over a span, read every 30 days as ESI lists them
 * (each contract as last listed, with its items and, for a purchase of several types, its appraisal): fault tests,
 * truth tests and benchmarks feed a year to the import without a year of syncs.
 */
export function esiContractHistory(
  world: SimulatedWorld,
  characterId: number,
  span: { readonly fromMs: number; readonly toMs: number },
): ImportedContract[] {
  const listed = new Map<number, ContractRecord>();
  for (let atMs = span.toMs; atMs > span.fromMs - LISTED_MS; atMs -= LISTED_MS)
    for (const contract of world.contracts(characterId, atMs))
      if (contract.issuedMs >= span.fromMs && !listed.has(contract.contractId))
        listed.set(contract.contractId, contract);
  return [...listed.values()]
    .sort((a, b) => a.contractId - b.contractId)
    .map((contract) => ({
      contract: contractBody(contract, span.toMs),
      items: contractItemsBody(contract),
      appraisal: appraisalOf(contract),
    }));
}
