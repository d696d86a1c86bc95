import type { EventStore } from '@tradewise/platform';
import type { AnyProjection } from './projection';

/** A projection folding with the rules of its rules stream up to a revision; null: before the first rule event. */
export interface RuledProjection {
  readonly projection: AnyProjection;
  readonly rulesRevision: number | null;
}

/**
 * The projection with its rules as they stood at `revision` (`'head'`: as they stand now). A generation is built
 * and served with one revision, so its replay is deterministic whatever is recorded later.
 */
export async function projectionWithRules(
  projection: AnyProjection,
  eventStore: EventStore,
  revision: number | null | 'head',
): Promise<RuledProjection> {
  const { rules } = projection;
  if (!rules) return { projection, rulesRevision: null };
  const recorded = await eventStore.readStream(rules.stream);
  const events =
    revision === 'head'
      ? recorded
      : recorded.filter((event) => revision !== null && event.revision <= revision);
  return { projection: rules.withRules(events), rulesRevision: events.at(-1)?.revision ?? null };
}

/** The revision of the projection's rules stream now (null: no rule recorded, or the projection has no rules). */
export async function currentRulesRevision(
  projection: AnyProjection,
  eventStore: EventStore,
): Promise<number | null> {
  if (!projection.rules) return null;
  const [last] = await eventStore.readStream(projection.rules.stream, {
    direction: 'backwards',
    maxCount: 1,
  });
  return last?.revision ?? null;
}
