import type { SubscriptionTier, SyncStatus } from './account-events';
import { tierPolicy } from './tier-policy';

export interface SyncStatusInput {
  readonly characterId: number;
  readonly enableSync: boolean;
  readonly esiError: string | null;
}

/**
 * Spec §3: the status shown for a character. Characters beyond the tier's limit (counted in id order among
 * those with sync on, as after a downgrade) show 'Disabled due to Insufficient subscription'.
 */
export function syncStatusOf(
  tier: SubscriptionTier,
  characters: readonly SyncStatusInput[],
  characterId: number,
): SyncStatus {
  const character = characters.find((c) => c.characterId === characterId);
  if (!character || !character.enableSync) return 'NOT_SYNCING_MANUAL';
  if (character.esiError) return 'NOT_SYNCING_ESI_ERROR';
  const limit = tierPolicy(tier).syncingCharacterLimit;
  if (limit !== null) {
    const syncingBefore = characters.filter((c) => c.enableSync && c.characterId < characterId).length;
    if (syncingBefore >= limit) return 'NOT_SYNCING_SUB_INSUFFICIENT';
  }
  return 'SYNCING';
}
