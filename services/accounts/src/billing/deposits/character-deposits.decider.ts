import {
  iskToCents,
  isDepositEntry,
  type DepositEvent,
  type DepositReceived,
  type EsiWalletJournalEntry,
} from '@tradewise/contracts';
import { uuidV5, type Decider } from '@tradewise/platform';

export interface CharacterDeposit {
  readonly received: DepositReceived;
  /** The account it goes to, once chosen. */
  readonly accountId: string | null;
  readonly settled: boolean;
}

export interface CharacterDepositsState {
  /** By journal ref id, in the order received. */
  readonly deposits: ReadonlyMap<number, CharacterDeposit>;
}

export type CharacterDepositsCommand =
  | {
      readonly type: 'RecordDeposits';
      readonly characterId: number;
      readonly corporationId: number;
      readonly division: number;
      readonly entries: readonly EsiWalletJournalEntry[];
    }
  | { readonly type: 'AssignDeposit'; readonly journalRefId: number; readonly accountId: string }
  | { readonly type: 'SettleDeposit'; readonly journalRefId: number };

export type DecidedDepositEvent = DepositEvent & { readonly id: string };

export const initialCharacterDeposits: CharacterDepositsState = { deposits: new Map() };

export function evolveCharacterDeposits(
  state: CharacterDepositsState,
  event: DepositEvent,
): CharacterDepositsState {
  const deposits = new Map(state.deposits);
  const { journalRefId } = event.data;
  const deposit = deposits.get(journalRefId);
  switch (event.type) {
    case 'DepositReceived':
      deposits.set(journalRefId, { received: event.data, accountId: null, settled: false });
      break;
    case 'DepositAssigned':
      if (deposit) deposits.set(journalRefId, { ...deposit, accountId: event.data.accountId });
      break;
    case 'DepositSettled':
      if (deposit) deposits.set(journalRefId, { ...deposit, settled: true });
      break;
  }
  return { deposits };
}

/**
 * A deposit is received once (its journal id), assigned to one account once, and settled once that account has
 * credited it. Each step is idempotent, so a crash between any two of them is repaired by doing them again.
 */
export function decideCharacterDeposits(
  state: CharacterDepositsState,
  command: CharacterDepositsCommand,
): DecidedDepositEvent[] {
  switch (command.type) {
    case 'RecordDeposits': {
      const seen = new Set<number>();
      return command.entries
        .filter(
          (entry) => isDepositEntry(entry) && entry.first_party_id === command.characterId && entry.id > 0,
        )
        .filter((entry) => !state.deposits.has(entry.id) && !seen.has(entry.id) && seen.add(entry.id))
        .sort((a, b) => a.id - b.id)
        .map((entry) => ({
          type: 'DepositReceived' as const,
          id: uuidV5(`esi:corporation-journal:${entry.id}:received`),
          data: {
            journalRefId: entry.id,
            characterId: command.characterId,
            corporationId: command.corporationId,
            division: command.division,
            amountCents: iskToCents(entry.amount!),
            depositedAt: new Date(entry.date).toISOString(),
            refType: entry.ref_type,
          },
        }));
    }
    case 'AssignDeposit': {
      const deposit = state.deposits.get(command.journalRefId);
      if (!deposit || deposit.accountId !== null) return [];
      return [
        {
          type: 'DepositAssigned',
          id: uuidV5(`esi:corporation-journal:${command.journalRefId}:assigned`),
          data: { journalRefId: command.journalRefId, accountId: command.accountId },
        },
      ];
    }
    case 'SettleDeposit': {
      const deposit = state.deposits.get(command.journalRefId);
      if (!deposit || deposit.accountId === null || deposit.settled) return [];
      return [
        {
          type: 'DepositSettled',
          id: uuidV5(`esi:corporation-journal:${command.journalRefId}:settled`),
          data: { journalRefId: command.journalRefId, accountId: deposit.accountId },
        },
      ];
    }
  }
}

export const characterDepositsDecider: Decider<
  CharacterDepositsState,
  CharacterDepositsCommand,
  DecidedDepositEvent
> = {
  initialState: initialCharacterDeposits,
  evolve: evolveCharacterDeposits,
  decide: decideCharacterDeposits,
};
