import { EsiMissingScopeError, EsiThrottledError, type EsiClient, type Logger } from '@tradewise/platform';

/** Records the roles a sync read on the character (accounts implements it: an account command). */
export interface CharacterRolesRecorder {
  rolesRead(accountId: string, characterId: number, roles: readonly string[]): Promise<void>;
}

/**
 * Reads a character's corporation roles again on each sync, so a character promoted to Factory Manager (or no
 * longer one) shows it without being removed and added again. A character that did not grant the roles scope is
 * left as it is; any other failure to read them is logged and does not fail the sync.
 */
export class CharacterRolesSync {
  constructor(
    private readonly esi: Pick<EsiClient, 'getCharacterRoles'>,
    private readonly recorder: CharacterRolesRecorder,
    private readonly logger: Logger,
  ) {}

  async refresh(accountId: string, characterId: number): Promise<void> {
    let roles: readonly string[];
    try {
      roles = (await this.esi.getCharacterRoles(characterId)).data.roles ?? [];
    } catch (error) {
      if (error instanceof EsiMissingScopeError) return;
      if (error instanceof EsiThrottledError) throw error;
      this.logger.warn({ err: error, accountId, characterId }, 'Could not read corporation roles in a sync');
      return;
    }
    await this.recorder.rolesRead(accountId, characterId, roles);
  }
}
