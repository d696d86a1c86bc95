import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AccountQueries } from '../account/account-queries';
import { ChangeAccount } from '../account/change-account.handler';
import { CharacterGrants } from './character-grants';

/**
 * What the sync worker's token provider needs of accounts (its `CharacterGrantStore` port): the current refresh
 * token, a place for rotated ones, and the way to stop a character whose grant the SSO refused for good.
 */
@Injectable()
export class SyncGrantStore {
  constructor(
    @Inject(CharacterGrants) private readonly grants: CharacterGrants,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
  ) {}

  loadRefreshToken(characterId: number): Promise<string | undefined> {
    return this.grants.loadRefreshToken(characterId);
  }

  storeRefreshToken(characterId: number, refreshToken: string): Promise<void> {
    return this.grants.storeRefreshToken(characterId, refreshToken);
  }

  /** The character shows 'Disabled due to ESI error' until it is authorised again (which clears the mark). */
  async markEsiError(characterId: number, _status: 'NOT_SYNCING_ESI_ERROR', reason: string): Promise<void> {
    const accountId = await this.grants.accountOf(characterId);
    if (!accountId) return;
    const { position } = await this.commands.execute(
      new ChangeAccount(accountId, { type: 'MarkCharacterEsiError', characterId, reason }, 'system:sync'),
    );
    await this.queries.settle(position);
  }
}
