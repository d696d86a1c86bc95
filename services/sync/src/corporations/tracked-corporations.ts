import {
  ACCOUNTS_READ_MODEL,
  holdsCorporationRole,
  tierPolicy,
  type AccountDocument,
  type EsiCorporationRole,
} from '@tradewise/contracts';
import {
  EsiMissingScopeError,
  EsiThrottledError,
  type EsiClient,
  type Logger,
  type ReadModels,
} from '@tradewise/platform';

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

/**
 * Reads each corporation tracked through `characterIds` (see {@link trackedCorporations}) with `read`: throttling
 * ends the sync; any other failure of one corporation is logged (a missing scope as info) and the next is read.
 */
export async function readTrackedCorporations(
  tracked: {
    readonly readModels: ReadModels;
    readonly esi: Pick<EsiClient, 'getCharacter'>;
    readonly logger: Logger;
    readonly roles: readonly EsiCorporationRole[];
    /** What a failure could not read, for its log line: "a corporation's orders". */
    readonly what: string;
  },
  accountId: string,
  characterIds: readonly number[],
  read: (corporationId: number, readerId: number) => Promise<void>,
): Promise<void> {
  const { readModels, esi, logger, roles, what } = tracked;
  const corporations = await trackedCorporations(readModels, esi, accountId, characterIds, roles);
  for (const [corporationId, readerId] of corporations) {
    try {
      await read(corporationId, readerId);
    } catch (error) {
      if (error instanceof EsiThrottledError) throw error;
      const level = error instanceof EsiMissingScopeError ? 'info' : 'warn';
      logger[level](
        { err: error, accountId, corporationId, characterId: readerId },
        `Could not read ${what} in a sync`,
      );
    }
  }
}
