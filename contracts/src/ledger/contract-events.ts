import { z } from 'zod';
import { esiContractItemSchema, esiContractSchema, type EsiContract } from '../esi/esi-contract.dto';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';
import { contractAppraisalSchema, contractPartyNamesSchema } from './contract-messages';

/** The contracts a character issued, accepted or was assigned, as its ESI list shows them: `contracts-<characterId>`. */
export function contractsStream(characterId: number): string {
  return streamName('contracts', characterId);
}

export type ContractStatus = EsiContract['status'];
export const CONTRACT_STATUSES = esiContractSchema.shape.status.options;
export const CONTRACT_TYPES = esiContractSchema.shape.type.options;

/**
 * Which status may follow which. Cancelled, rejected, failed (a courier not delivered in time), deleted and
 * reversed are final: nothing follows them. `finished` is final too, except that CCP may reverse a finished contract
 * (journal `contract_reversal`), which the ledger must see. `finished_issuer` and `finished_contractor` (one party
 * has completed its side; ESI does not document more) are not final: `finished` or a reversal may follow.
 */
export function contractStatusMayFollow(recorded: ContractStatus, next: ContractStatus): boolean {
  if (recorded === next) return false;
  switch (recorded) {
    case 'finished':
      return next === 'reversed';
    case 'cancelled':
    case 'rejected':
    case 'failed':
    case 'deleted':
    case 'reversed':
      return false;
    default:
      return true;
  }
}

const contract = {
  accountId: z.string().uuid(),
  /** The character whose list showed the contract (issuer, acceptor or assignee). */
  characterId: z.number().int().positive(),
  contractId: z.number().int(),
  type: z.enum(CONTRACT_TYPES),
  status: z.enum(CONTRACT_STATUSES),
  availability: esiContractSchema.shape.availability,
  forCorporation: z.boolean(),
  issuerId: z.number().int(),
  issuerCorporationId: z.number().int(),
  assigneeId: z.number().int(),
  /** 0 until someone accepts it. */
  acceptorId: z.number().int(),
  title: z.string().nullable(),
  /** ESI's ISK amounts in cents; null when ESI gave none. */
  priceCents: z.number().int().nullable(),
  rewardCents: z.number().int().nullable(),
  collateralCents: z.number().int().nullable(),
  buyoutCents: z.number().int().nullable(),
  volume: z.number().nullable(),
  startLocationId: z.number().int().nullable(),
  endLocationId: z.number().int().nullable(),
  dateIssued: z.string(),
  dateExpired: z.string(),
  dateAccepted: z.string().nullable(),
  dateCompleted: z.string().nullable(),
  /** When the sync read this state of the contract from ESI. */
  readAt: z.string(),
  /** The contract exactly as ESI sent it. */
  esi: esiContractSchema,
  /** The parties' names as ESI resolved them when read; absent when it could not. */
  partyNames: contractPartyNamesSchema.optional(),
};

/**
 * A contract seen for the first time, in the status it had then, with its items: read once, for an item exchange or
 * an auction; null for other types (a courier's package or a loan's collateral is not traded stock).
 */
export const contractRecorded = defineEvent({
  type: 'ContractRecorded',
  schemaVersion: 1,
  schema: z.object({
    ...contract,
    items: z.array(esiContractItemSchema).nullable(),
    /**
     * The appraisal the sync made of the items the contract brings the character (ADR 0012); absent for a contract of
     * one type, one the character issued to sell, or one recorded before appraisals were.
     */
    appraisal: contractAppraisalSchema.nullable().optional(),
  }),
});

/** A recorded contract read again, later, in a status that may follow its last one ({@link contractStatusMayFollow}). */
export const contractStatusChanged = defineEvent({
  type: 'ContractStatusChanged',
  schemaVersion: 1,
  schema: z.object({ ...contract, previousStatus: z.enum(CONTRACT_STATUSES) }),
});

export const contractEventDefinitions = [contractRecorded, contractStatusChanged] as const;

export type ContractRecorded = z.infer<typeof contractRecorded.schema>;
export type ContractStatusChanged = z.infer<typeof contractStatusChanged.schema>;
