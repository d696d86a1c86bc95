import { randomUUID } from 'node:crypto';
import {
  ACCOUNTS_READ_MODEL,
  CONTRACT_ITEMS_PER_MESSAGE,
  CONTRACT_RECORDS_PER_MESSAGE,
  CONTRACT_TYPES_WITH_ITEMS,
  CONTRACTS_TOPIC,
  acceptedBeforeContractCutOff,
  tierPolicy,
  type AccountDocument,
  type ContractAppraisal,
  type ContractPartyNames,
  type ContractStatus,
  type ContractsImported,
  type EsiContract,
  type EsiContractItem,
  type ImportedContract,
} from '@tradewise/contracts';
import {
  EsiMissingScopeError,
  EsiNotFoundError,
  EsiThrottledError,
  type Clock,
  type EsiClient,
  type Logger,
  type MessageBus,
  type ReadModels,
  type ReadStore,
} from '@tradewise/platform';
import type { ContractAppraisalLine, ContractAppraisals } from './contract-appraisals.port';

export const CONTRACTS_SYNC_STATE_COLLECTION = 'sync_contracts_state';

/** What the sync last published of a character's contracts: `contracts:<characterId>`. */
interface ContractsSyncState {
  readonly _id: string;
  /** The status of each contract of the last answer, as published. */
  readonly contracts: Readonly<Record<string, ContractStatus>>;
  /** The contracts of the last answer whose items were read (and published): never read again. */
  readonly itemsRead: readonly number[];
  readonly syncedAt: string;
}

export type ContractsEsi = Pick<
  EsiClient,
  'getCharacterContracts' | 'getCharacterContractItems' | 'resolveNames'
>;

/** ESI resolves at most this many ids a call to /universe/names. */
export const NAMES_PER_CALL = 1000;

/** A contract to publish, and whether its items are to be read for it. */
export interface ContractToPublish {
  readonly contract: EsiContract;
  readonly readItems: boolean;
}

/**
 * The contracts of an ESI answer to publish, by contract id: those not accepted before the cut-off that are new or
 * in another status than last published. An item exchange or auction has its items read the first time it is
 * published, and never again.
 */
export function contractsToPublish(
  listed: readonly EsiContract[],
  published: Readonly<Record<string, ContractStatus>>,
  itemsRead: ReadonlySet<number>,
): ContractToPublish[] {
  return listed
    .filter((contract) => !acceptedBeforeContractCutOff(contract))
    .filter((contract) => published[contract.contract_id] !== contract.status)
    .sort((a, b) => a.contract_id - b.contract_id)
    .map((contract) => ({
      contract,
      readItems: CONTRACT_TYPES_WITH_ITEMS.has(contract.type) && !itemsRead.has(contract.contract_id),
    }));
}

/**
 * The types a contract's items bring the character, quantities summed, in order of first appearance: what the
 * character asked for (`is_included` false) of a contract it issued, else what the issuer included.
 */
export function linesToCharacter(
  contract: Pick<EsiContract, 'issuer_id'>,
  items: readonly EsiContractItem[],
  characterId: number,
): ContractAppraisalLine[] {
  const included = contract.issuer_id !== characterId;
  const quantities = new Map<number, number>();
  for (const item of items) {
    if (item.is_included !== included) continue;
    quantities.set(item.type_id, (quantities.get(item.type_id) ?? 0) + item.quantity);
  }
  return [...quantities].map(([typeId, quantity]) => ({ typeId, quantity }));
}

/** The appraisal a contract's message carries: one only when its items bring the character two or more types. */
export function needsAppraisal(lines: readonly ContractAppraisalLine[]): boolean {
  return lines.length >= 2;
}

/** A contract's parties ESI may name: issuer, its corporation, assignee and acceptor (0 is nobody). */
export function partyIdsOf(contract: EsiContract): number[] {
  const ids = [
    contract.issuer_id,
    contract.issuer_corporation_id,
    contract.assignee_id,
    contract.acceptor_id,
  ];
  return [...new Set(ids.filter((id) => id > 0))];
}

/**
 * Contracts in message-sized parts, in order: at most {@link CONTRACT_RECORDS_PER_MESSAGE} contracts and
 * {@link CONTRACT_ITEMS_PER_MESSAGE} lines a part, counting item lines and appraised prices alike (a price is
 * smaller than an item line); a contract with more goes alone.
 */
export function contractMessages(contracts: readonly ImportedContract[]): ImportedContract[][] {
  const parts: ImportedContract[][] = [];
  let part: ImportedContract[] = [];
  let lines = 0;
  for (const entry of contracts) {
    const size = (entry.items?.length ?? 0) + (entry.appraisal?.prices.length ?? 0);
    if (
      part.length > 0 &&
      (part.length >= CONTRACT_RECORDS_PER_MESSAGE || lines + size > CONTRACT_ITEMS_PER_MESSAGE)
    ) {
      parts.push(part);
      part = [];
      lines = 0;
    }
    part.push(entry);
    lines += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/**
 * Reads each synced character's contracts (ESI lists those of the last 30 days and those still open) for an
 * account whose tier has contract sync (SUPPORTER, PRO). The list and the items of the item exchanges and
 * auctions published for the first time are read in full, and the items that bring the character two or more
 * types are appraised (ADR 0012); a contract whose items ESI cannot show yet, or that cannot be appraised yet,
 * waits for the next sync. The parties' names are resolved in one go (a failure leaves them out). Then what is new
 * or in another status since the sync last published it goes on the bus (keyed by character), and only then is the
 * list remembered: a failed step publishes its contracts again next time, and the ledger records each change once.
 * A missing scope leaves the step out; throttling ends the sync; any other failure is logged and does not fail the
 * sync.
 */
export class CharacterContractsSync {
  constructor(
    private readonly esi: ContractsEsi,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly readModels: ReadModels,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Appraises the items contracts bring; without it contracts are published without appraisals. */
    private readonly appraisals: ContractAppraisals | null = null,
  ) {}

  private get states() {
    return this.readStore.collection<ContractsSyncState>(CONTRACTS_SYNC_STATE_COLLECTION);
  }

  async refresh(accountId: string, characterId: number): Promise<void> {
    try {
      await this.contracts(accountId, characterId);
    } catch (error) {
      if (error instanceof EsiMissingScopeError) return;
      if (error instanceof EsiThrottledError) throw error;
      this.logger.warn({ err: error, accountId, characterId }, 'Could not read contracts in a sync');
    }
  }

  private async contracts(accountId: string, characterId: number): Promise<void> {
    const accounts = await this.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    const account = await accounts?.findOne({ _id: accountId });
    if (!account || !tierPolicy(account.tier).contractSync) return;
    const stateId = `contracts:${characterId}`;
    const state = await this.states.findOne({ _id: stateId });
    const answer = await this.esi.getCharacterContracts(characterId);
    const itemsRead = new Set(state?.itemsRead ?? []);
    const toPublish = contractsToPublish(answer.data, state?.contracts ?? {}, itemsRead);
    // An unchanged list can still hold a contract left for this sync (its items were not readable yet).
    if (answer.unchanged && state && toPublish.length === 0) return;
    const fetchedAt = this.clock.now().toISOString();
    const contracts: ImportedContract[] = [];
    const deferred = new Set<number>();
    for (const { contract, readItems } of toPublish) {
      if (!readItems) {
        contracts.push({ contract, items: null });
        continue;
      }
      const items = await this.itemsOf(characterId, contract.contract_id);
      const appraisal = items && (await this.appraisalOf(characterId, contract, items));
      if (items === null || appraisal === undefined) {
        deferred.add(contract.contract_id);
        continue;
      }
      itemsRead.add(contract.contract_id);
      contracts.push({ contract, items, appraisal });
    }
    const names = await this.partyNames(accountId, characterId, contracts);
    if (names.size > 0) {
      for (const [index, entry] of contracts.entries()) {
        const partyNames = namesOf(entry.contract, names);
        if (partyNames) contracts[index] = { ...entry, partyNames };
      }
    }
    const key = String(characterId);
    const headers = { 'x-correlation-id': randomUUID() };
    for (const part of contractMessages(contracts)) {
      const value: ContractsImported = { accountId, characterId, fetchedAt, contracts: part };
      await this.bus.publish(CONTRACTS_TOPIC, [{ key, value, headers }]);
    }
    const listed = answer.data.filter(
      (contract) => !acceptedBeforeContractCutOff(contract) && !deferred.has(contract.contract_id),
    );
    await this.states.replaceOne(
      { _id: stateId },
      {
        _id: stateId,
        contracts: Object.fromEntries(listed.map((contract) => [contract.contract_id, contract.status])),
        itemsRead: listed.map((contract) => contract.contract_id).filter((id) => itemsRead.has(id)),
        syncedAt: fetchedAt,
      },
      { upsert: true },
    );
  }

  /**
   * The appraisal of what the contract's items bring the character: null when it needs none (fewer than two types) or
   * the sync has no appraisals; undefined when the port cannot appraise them now (the contract is then left out and
   * not remembered, as when ESI cannot show its items yet). A failing port is logged and counts as undefined.
   */
  private async appraisalOf(
    characterId: number,
    contract: EsiContract,
    items: readonly EsiContractItem[],
  ): Promise<ContractAppraisal | null | undefined> {
    const lines = linesToCharacter(contract, items, characterId);
    if (!this.appraisals || !needsAppraisal(lines)) return null;
    try {
      return (await this.appraisals.appraise(lines)) ?? undefined;
    } catch (error) {
      if (error instanceof EsiThrottledError) throw error;
      this.logger.warn(
        { err: error, characterId, contractId: contract.contract_id },
        "Could not appraise a contract's items; it waits for the next sync",
      );
      return undefined;
    }
  }

  /**
   * The names of the parties of the contracts to publish, in calls of at most {@link NAMES_PER_CALL} ids. ESI answers
   * 404 to a whole call when one id is none it names: a failed call leaves its ids unnamed, and never fails the sync.
   */
  private async partyNames(
    accountId: string,
    characterId: number,
    contracts: readonly ImportedContract[],
  ): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    const ids = [...new Set(contracts.flatMap((entry) => partyIdsOf(entry.contract)))];
    for (let start = 0; start < ids.length; start += NAMES_PER_CALL) {
      try {
        const answer = await this.esi.resolveNames(ids.slice(start, start + NAMES_PER_CALL));
        for (const { id, name } of answer.data) names.set(id, name);
      } catch (error) {
        this.logger.warn(
          { err: error, accountId, characterId },
          "Could not resolve the names of contracts' parties; they are published without them",
        );
      }
    }
    return names;
  }

  /**
   * The contract's items; null when ESI answers 404 for a contract its list shows (the items route has its own cache:
   * a contract issued since may not be in it yet). Such a contract is left out and not remembered, so the next sync
   * reads its items again and records it with them; once it is out of the list, it is not asked for again.
   */
  private async itemsOf(characterId: number, contractId: number): Promise<EsiContractItem[] | null> {
    try {
      return (await this.esi.getCharacterContractItems(characterId, contractId)).data;
    } catch (error) {
      if (error instanceof EsiNotFoundError) return null;
      throw error;
    }
  }
}

/** The names of a contract's parties among those resolved; undefined when none was. */
function namesOf(contract: EsiContract, names: ReadonlyMap<number, string>): ContractPartyNames | undefined {
  const resolved = partyIdsOf(contract).flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [[String(id), name] as const];
  });
  return resolved.length > 0 ? Object.fromEntries(resolved) : undefined;
}
