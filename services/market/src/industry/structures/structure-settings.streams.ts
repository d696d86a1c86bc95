import { Inject, Injectable } from '@nestjs/common';
import { industryStructuresStream } from '@tradewise/contracts';
import { EVENT_STORE, loadDeciderState, type DeciderState, type EventStore } from '@tradewise/platform';
import { structureSettingsDecider, type StructureSettingsState } from './structure-settings.decider';

/**
 * An account's structure settings folded from its stream (changes go through `ChangeStructureSettings`). The
 * stream is small (a few events per structure), so reads fold it directly: the answer always shows the write.
 */
@Injectable()
export class StructureSettingsStreams {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  load(accountId: string): Promise<DeciderState<StructureSettingsState>> {
    return loadDeciderState(this.eventStore, industryStructuresStream(accountId), structureSettingsDecider);
  }
}
