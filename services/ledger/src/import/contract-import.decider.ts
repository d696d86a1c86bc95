import {
  contractStatusMayFollow,
  iskToCents,
  type ContractRecorded,
  type ContractStatus,
  type ContractStatusChanged,
  type ContractsImported,
} from '@tradewise/contracts';

/** What a contract stream knows of each contract: its last status, when that was read, and how many changes it had. */
export interface RecordedContract {
  readonly status: ContractStatus;
  readonly readAt: string;
  readonly changes: number;
}

/**
 * A stream's contracts. As for industry jobs, the fold owns the map it built (`owned`) and adds to it in place;
 * `decide` works on a copy, and the initial state's map is never written.
 */
export interface ContractsState {
  readonly contracts: ReadonlyMap<number, RecordedContract>;
  readonly owned: boolean;
}

export const NO_CONTRACTS: ContractsState = { contracts: new Map(), owned: false };

/**
 * An event with the key of its source: the same contract in the same step of its life on the same character's
 * stream always has the same key, so the id derived from it makes a repeated append store nothing.
 */
export type RecordedContractEvent =
  | { readonly type: 'ContractRecorded'; readonly source: string; readonly data: ContractRecorded }
  | { readonly type: 'ContractStatusChanged'; readonly source: string; readonly data: ContractStatusChanged };

type Folded<Event> = Event extends { readonly type: string; readonly data: unknown }
  ? Pick<Event, 'type' | 'data'>
  : never;

export function evolveContracts(state: ContractsState, event: Folded<RecordedContractEvent>): ContractsState {
  const contracts = state.owned
    ? (state.contracts as Map<number, RecordedContract>)
    : new Map(state.contracts);
  const { contractId, status, readAt } = event.data;
  const changes = event.type === 'ContractRecorded' ? 0 : (contracts.get(contractId)?.changes ?? 0) + 1;
  contracts.set(contractId, { status, readAt, changes });
  return state.owned ? state : { contracts, owned: true };
}

const centsOf = (isk: number | undefined): number | null => (isk === undefined ? null : iskToCents(isk));

type ImportedEntry = ContractsImported['contracts'][number];

function contractFields(
  batch: ContractsImported,
  { contract: esi, partyNames }: ImportedEntry,
): Omit<ContractRecorded, 'items'> {
  return {
    accountId: batch.accountId,
    characterId: batch.characterId,
    contractId: esi.contract_id,
    type: esi.type,
    status: esi.status,
    availability: esi.availability,
    forCorporation: esi.for_corporation,
    issuerId: esi.issuer_id,
    issuerCorporationId: esi.issuer_corporation_id,
    assigneeId: esi.assignee_id,
    acceptorId: esi.acceptor_id,
    title: esi.title ?? null,
    priceCents: centsOf(esi.price),
    rewardCents: centsOf(esi.reward),
    collateralCents: centsOf(esi.collateral),
    buyoutCents: centsOf(esi.buyout),
    volume: esi.volume ?? null,
    startLocationId: esi.start_location_id ?? null,
    endLocationId: esi.end_location_id ?? null,
    dateIssued: esi.date_issued,
    dateExpired: esi.date_expired,
    dateAccepted: esi.date_accepted ?? null,
    dateCompleted: esi.date_completed ?? null,
    readAt: batch.fetchedAt,
    esi,
    ...(partyNames !== undefined ? { partyNames } : {}),
  };
}

/**
 * A contract seen for the first time is recorded in the status it has, with the items its message carries and their
 * appraisal (ADR 0012; null when the message has none); both events carry the parties' names the message has. A
 * recorded one is recorded again only when it is read later than its last read in a status that may follow its
 * last one (`contractStatusMayFollow`: nothing after a final status). So a redelivered or repeated batch, or an
 * older read arriving after a newer one, records nothing, and items are recorded once, with the contract. Which
 * contracts are shown at all (the 30 July 2021 cut-off) is the sync's choice: the decider records what it is given.
 */
export function decideContracts(state: ContractsState, batch: ContractsImported): RecordedContractEvent[] {
  let known: ContractsState = { contracts: new Map(state.contracts), owned: true };
  const events: RecordedContractEvent[] = [];
  const ordered = [...batch.contracts].sort((a, b) => a.contract.contract_id - b.contract.contract_id);
  for (const entry of ordered) {
    const { contract: esi, items } = entry;
    const recorded = known.contracts.get(esi.contract_id);
    const source = `esi:contract:${batch.characterId}:${esi.contract_id}`;
    let event: RecordedContractEvent;
    if (!recorded) {
      event = {
        type: 'ContractRecorded',
        source,
        data: { ...contractFields(batch, entry), items, appraisal: entry.appraisal ?? null },
      };
    } else {
      if (!contractStatusMayFollow(recorded.status, esi.status) || batch.fetchedAt <= recorded.readAt)
        continue;
      event = {
        type: 'ContractStatusChanged',
        source: `${source}:${recorded.changes + 1}`,
        data: { ...contractFields(batch, entry), previousStatus: recorded.status },
      };
    }
    events.push(event);
    known = evolveContracts(known, event);
  }
  return events;
}
