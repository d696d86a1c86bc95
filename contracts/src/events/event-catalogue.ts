import type { z } from 'zod';

/**
 * Turns the stored `data` of one schema version into the shape of the next version.
 * Upcasters are pure and run on every read of an old event; the stored event is never rewritten.
 */
export interface Upcaster {
  /** The schema version this upcaster reads; it produces `fromVersion + 1`. */
  readonly fromVersion: number;
  readonly upcast: (data: unknown) => unknown;
}

/**
 * A stored event type. `type` is stored forever and is never derived from a class name.
 * `schemaVersion` is the version new events are written with; `upcasters` lift older versions to it.
 */
export interface EventDefinition<TType extends string = string, TData = unknown> {
  readonly type: TType;
  readonly schemaVersion: number;
  readonly schema: z.ZodType<TData>;
  readonly upcasters?: readonly Upcaster[];
}

export function defineEvent<TType extends string, TData>(
  definition: EventDefinition<TType, TData>,
): EventDefinition<TType, TData> {
  const versions = (definition.upcasters ?? []).map((upcaster) => upcaster.fromVersion);
  const expected = Array.from({ length: definition.schemaVersion - 1 }, (_, index) => index + 1);
  if (versions.length > 0 && versions.join() !== expected.slice(expected.length - versions.length).join()) {
    throw new Error(
      `Upcasters of ${definition.type} must form a chain ending at version ${definition.schemaVersion}`,
    );
  }
  return definition;
}

export class UnknownEventTypeError extends Error {
  constructor(readonly eventType: string) {
    super(`Unknown event type '${eventType}'`);
    this.name = 'UnknownEventTypeError';
  }
}

/** Every stored event type the code knows, with the one place where old versions are upcast. */
export class EventCatalogue {
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      if (this.definitions.has(definition.type)) {
        throw new Error(`Event type ${definition.type} is defined twice`);
      }
      this.definitions.set(definition.type, definition);
    }
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  get types(): string[] {
    return [...this.definitions.keys()];
  }

  definition(type: string): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new UnknownEventTypeError(type);
    return definition;
  }

  /** The version new events of this type are written with. */
  currentVersion(type: string): number {
    return this.definition(type).schemaVersion;
  }

  /**
   * Lifts stored data to the current schema version. Unknown types pass through unchanged: whether an unknown
   * event is an error is the reader's decision (a rebuild stops on it, a live projector logs and skips it).
   */
  upcast(type: string, schemaVersion: number, data: unknown): { data: unknown; schemaVersion: number } {
    const definition = this.definitions.get(type);
    if (!definition || schemaVersion >= definition.schemaVersion) return { data, schemaVersion };
    let current = data;
    let version = schemaVersion;
    for (const upcaster of definition.upcasters ?? []) {
      if (upcaster.fromVersion === version) {
        current = upcaster.upcast(current);
        version += 1;
      }
    }
    if (version !== definition.schemaVersion) {
      throw new Error(
        `No upcaster chain for ${type} from version ${schemaVersion} to ${definition.schemaVersion}`,
      );
    }
    return { data: current, schemaVersion: version };
  }

  merge(other: EventCatalogue): EventCatalogue {
    return new EventCatalogue([...this.definitions.values(), ...other.definitions.values()]);
  }
}
