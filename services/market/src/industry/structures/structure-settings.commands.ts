import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { industryStructuresStream, type IndustryStructureEvent } from '@tradewise/contracts';
import {
  EVENT_STORE,
  WrongExpectedVersionError,
  currentCorrelationId,
  type EventStore,
} from '@tradewise/platform';
import {
  decideStructureSettings,
  evolveStructureSettings,
  initialStructureSettings,
  type StructureSettingsCommand,
  type StructureSettingsState,
} from './structure-settings.decider';

export interface StructureCommandOutcome {
  readonly events: readonly IndustryStructureEvent[];
  /** Global position of the last appended event; null when the command changed nothing. */
  readonly position: number | null;
  readonly state: StructureSettingsState;
}

const MAX_ATTEMPTS = 5;

/**
 * Loads an account's structure stream, decides and appends with the expected revision (retrying a race). The
 * stream is small (a few events per structure), so reads fold it directly: the answer always shows the write.
 */
@Injectable()
export class StructureSettingsCommands {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load(accountId: string): Promise<{ state: StructureSettingsState; revision: number | null }> {
    const events = await this.eventStore.readStream(industryStructuresStream(accountId));
    const state = events.reduce(
      (current, event) =>
        evolveStructureSettings(current, { type: event.type, data: event.data } as IndustryStructureEvent),
      initialStructureSettings,
    );
    return { state, revision: events.length === 0 ? null : events[events.length - 1]!.revision };
  }

  async execute(accountId: string, command: StructureSettingsCommand): Promise<StructureCommandOutcome> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(accountId);
      const events = decideStructureSettings(state, command);
      if (events.length === 0) return { events, position: null, state };
      const correlationId = currentCorrelationId() ?? randomUUID();
      try {
        const { position } = await this.eventStore.append(
          industryStructuresStream(accountId),
          events.map((event) => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: {
              $correlationId: correlationId,
              $causationId: correlationId,
              actor: `account:${accountId}`,
            },
          })),
          { expectedRevision: revision ?? 'no_stream' },
        );
        return { events, position, state: events.reduce(evolveStructureSettings, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
