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

/** How a contract item was valued (account-area §3 Appraisal methods). */
export const CONTRACT_APPRAISAL_METHODS = [
  'NONE',
  'MARKET_ORDERS',
  'ESI_PRICE',
  'INSUFFICIENT_DATA',
  'SINGLE_ITEM_TYPE',
  'BLUEPRINT',
] as const;
export type ContractAppraisalMethod = (typeof CONTRACT_APPRAISAL_METHODS)[number];

/** Contract items are appraised in The Forge (account-area §9: 'contract appraisal region The Forge'). */
export const CONTRACT_APPRAISAL_REGION_ID = 10000002;

/**
 * What the appraisal tool said of the types a contract brings the character, when the sync first read its items
 * (ADR 0012): for each type its method and unit price (The Forge's lowest sell for MARKET_ORDERS, ESI's average for
 * ESI_PRICE, 0 otherwise). Recorded with the contract, so a rebuild years later shares its price the same way.
 * A contract of one type needs none (SINGLE_ITEM_TYPE).
 */
export const contractAppraisalSchema = z.object({
  regionId: z.number().int(),
  appraisedAt: z.string().datetime(),
  prices: z
    .array(
      z.object({
        typeId: z.number().int(),
        method: z.enum(CONTRACT_APPRAISAL_METHODS),
        unitPriceCents: z.number().int().nonnegative(),
      }),
    )
    .max(CONTRACT_ITEMS_PER_MESSAGE),
});
export type ContractAppraisal = z.infer<typeof contractAppraisalSchema>;

/** Names of a contract's parties (issuer, its corporation, assignee, acceptor) by id, as ESI resolved them. */
export const contractPartyNamesSchema = z.record(z.string().regex(/^\d+$/), z.string().max(100));
export type ContractPartyNames = z.infer<typeof contractPartyNamesSchema>;

/** One contract of a message, with its items when this message is the one that carries them. */
export const importedContractSchema = z.object({
  contract: esiContractSchema,
  /**
   * Its items as ESI listed them, read once: on the message that first publishes an item exchange or auction. Null
   * on every later message of the contract and for other types.
   */
  items: z.array(esiContractItemSchema).max(CONTRACT_ITEMS_PER_MESSAGE).nullable(),
  /** The appraisal of the items the contract brings the character, on the message that carries the items. */
  appraisal: contractAppraisalSchema.nullable().optional(),
  /** The parties' names; absent when ESI could not resolve them. */
  partyNames: contractPartyNamesSchema.optional(),
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
