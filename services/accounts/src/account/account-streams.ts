import { Inject, Injectable } from '@nestjs/common';
import { accountStream } from '@tradewise/contracts';
import { EVENT_STORE, loadDeciderState, type DeciderState, type EventStore } from '@tradewise/platform';
import { accountDecider, type AccountState } from './account.decider';

/** An account's state folded from its stream, as its commands see it (changes go through `ChangeAccount`). */
@Injectable()
export class AccountStreams {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  load(accountId: string): Promise<DeciderState<AccountState>> {
    return loadDeciderState(this.eventStore, accountStream(accountId), accountDecider);
  }
}
