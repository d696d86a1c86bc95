import {
  ACCOUNTS_READ_MODEL,
  holdsCorporationRole,
  tierPolicy,
  type AccountDocument,
  type EsiCorporationRole,
} from '@tradewise/contracts';
import type { EsiClient, ReadModels } from '@tradewise/platform';

/**
 * The corporations whose trade an account tracks, each with the character whose grant reads it: for a PRO account,
 * the corporation of each of `characterIds` (the characters this sync read) with corporation trade sync on and one
 * of the `roles` the ESI route requires (as last read). A corporation two such characters share is read once,
 * through the first.
 */
export async function trackedCorporations(
  readModels: ReadModels,
  esi: Pick<EsiClient, 'getCharacter'>,
  accountId: string,
  characterIds: readonly number[],
  roles: readonly EsiCorporationRole[],
): Promise<Map<number, number>> {
  const corporations = new Map<number, number>();
  const accounts = await readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
  const account = await accounts?.findOne({ _id: accountId });
  if (!account || !tierPolicy(account.tier).corporationFeatures) return corporations;
  const synced = new Set(characterIds);
  for (const character of account.characters) {
    if (!synced.has(character.characterId) || !character.enableCorpTradeSync) continue;
    if (!holdsCorporationRole(character.roles, roles)) continue;
    const corporationId = (await esi.getCharacter(character.characterId)).data.corporation_id;
    if (!corporations.has(corporationId)) corporations.set(corporationId, character.characterId);
  }
  return corporations;
}
