import { z } from 'zod';
import { esiContractItemSchema, esiContractSchema, type EsiContract } from '../esi/esi-contract.dto';

/**
 * Contracts per bus message, and item lines over all of them: a contract as JSON is about 550 bytes and an item line
 * about 100, so a full message stays well under Kafka's default 1 MB limit. A contract with more items than the
 * limit per message (ESI lists at most 5,000) goes alone.
 */
export const CONTRACT_RECORDS_PER_MESSAGE = 500;
export const CONTRACT_ITEMS_PER_MESSAGE = 5000;

/**
 * Contracts accepted before this instant are not shown (account-area.md §2 Contracts, §9: "Contracts accepted before
 * 30 July 2021 not shown"), so the sync does not publish them.
 */
export const CONTRACT_CUT_OFF = '2021-07-30T00:00:00Z';

/** Whether a contract falls before the cut-off: it was accepted before 30 July 2021 (an open one never does). */
export function acceptedBeforeContractCutOff(contract: Pick<EsiContract, 'date_accepted'>): boolean {
  return (
    contract.date_accepted !== undefined && Date.parse(contract.date_accepted) < Date.parse(CONTRACT_CUT_OFF)
  );
}

/** Contract types whose items the sync reads; a courier's package or a loan's collateral is not traded stock. */
export const CONTRACT_TYPES_WITH_ITEMS: ReadonlySet<EsiContract['type']> = new Set([
  'item_exchange',
  'auction',
]);

/** One contract of a message, with its items when this message is the one that carries them. */
export const importedContractSchema = z.object({
  contract: esiContractSchema,
  /**
   * Its items as ESI listed them, read once: on the message that first publishes an item exchange or auction. Null
   * on every later message of the contract and for other types.
   */
  items: z.array(esiContractItemSchema).max(CONTRACT_ITEMS_PER_MESSAGE).nullable(),
});
export type ImportedContract = z.infer<typeof importedContractSchema>;

/**
 * Bus message `esi.contracts.v1`, keyed by character id: the character's contracts (issued, accepted or assigned to
 * it) that are new or read in another status since the sync last published them, none accepted before the cut-off.
 */
export const contractsImportedSchema = z
  .object({
    accountId: z.string().uuid(),
    characterId: z.number().int().positive(),
    /** When the sync read the contracts from ESI (UTC ISO); a status read earlier never replaces a later one. */
    fetchedAt: z.string().datetime(),
    contracts: z.array(importedContractSchema).max(CONTRACT_RECORDS_PER_MESSAGE),
  })
  .refine(
    (batch) =>
      batch.contracts.length <= 1 ||
      batch.contracts.reduce((sum, entry) => sum + (entry.items?.length ?? 0), 0) <=
        CONTRACT_ITEMS_PER_MESSAGE,
    {
      message: `A message of several contracts holds at most ${CONTRACT_ITEMS_PER_MESSAGE} items`,
      path: ['contracts'],
    },
  );
export type ContractsImported = z.infer<typeof contractsImportedSchema>;
export const CONTRACTS_TOPIC = 'esi.contracts.v1';
