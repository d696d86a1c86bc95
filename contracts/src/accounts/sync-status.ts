import type { SubscriptionTier, SyncStatus } from './account-events';
import { tierPolicy } from './tier-policy';

export interface SyncStatusInput {
  readonly characterId: number;
  readonly enableSync: boolean;
  readonly esiError: string | null;
  /** Stopped when the account dropped to a tier that lets fewer characters sync; cleared when started again. */
  readonly stoppedForTier?: boolean;
}

/**
 * Spec §3: the status shown for a character. A character stopped by a drop in tier shows 'Disabled due to
 * Insufficient subscription' until its owner starts it again; so does one over the limit with sync on, which
 * only an account whose tier dropped before characters were stopped can have.
 */
export function syncStatusOf(
  tier: SubscriptionTier,
  characters: readonly SyncStatusInput[],
  characterId: number,
): SyncStatus {
  const character = characters.find((c) => c.characterId === characterId);
  if (!character) return 'NOT_SYNCING_MANUAL';
  if (!character.enableSync) {
    return character.stoppedForTier ? 'NOT_SYNCING_SUB_INSUFFICIENT' : 'NOT_SYNCING_MANUAL';
  }
  if (character.esiError) return 'NOT_SYNCING_ESI_ERROR';
  return charactersBeyondLimit(tier, characters).includes(characterId)
    ? 'NOT_SYNCING_SUB_INSUFFICIENT'
    : 'SYNCING';
}

/**
 * The characters with sync on that `tier` has no room for: counted in ascending character id, the lowest ids keep
 * syncing. The same answer for the same account every time, so support can say which ones stopped and why.
 */
export function charactersBeyondLimit(
  tier: SubscriptionTier,
  characters: readonly SyncStatusInput[],
): number[] {
  const limit = tierPolicy(tier).syncingCharacterLimit;
  if (limit === null) return [];
  return characters
    .filter((c) => c.enableSync)
    .map((c) => c.characterId)
    .sort((a, b) => a - b)
    .slice(limit);
}

/** A character after its owner starts or stops it: either way the stop for a tier is over. */
export function withSyncChoice<C extends SyncStatusInput>(character: C, enableSync: boolean | undefined): C {
  return enableSync === undefined ? character : { ...character, stoppedForTier: false };
}
