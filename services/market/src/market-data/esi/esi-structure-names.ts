import type { Clock, Logger } from '@tradewise/platform';
import { CharacterGrantError, EsiCallError, EsiMissingScopeError } from '@tradewise/platform';
import { ExpiringCache } from '../cache/expiring-cache';
import { mapWithConcurrency } from '@tradewise/platform';
import type {
  PublicEsi,
  StructureNameReader,
  StructureNameReaders,
  StructureNames,
} from '../market-data.ports';

const NAMES_KEPT = 20_000;
/** A structure ESI would not name (gone, or the reader lost access) is asked about again after this. */
const UNNAMED_RETRY_MS = 60 * 60_000;
const TRANSIENT_RETRY_MS = 60_000;
const NAME_FETCH_CONCURRENCY = 4;

/**
 * Names of structures by GET /universe/structures/{id} with a reader's token (ESI names a structure only to a
 * character who may dock there); GET /universe/structures?filter=market (no token) says which are public, for the
 * market browser. Without a reader no name is known, and a failure leaves names out rather than fail what they
 * decorate. A reader whose grant fails is reported, so the next call asks with another character.
 */
export class EsiStructureNames implements StructureNames {
  private readonly publicIds: ExpiringCache<'all', ReadonlySet<number>>;
  private readonly cachedNames: ExpiringCache<number, string | null>;

  constructor(
    private readonly publicEsi: PublicEsi,
    private readonly clock: Clock,
    private readonly readers: StructureNameReaders,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {
    this.publicIds = new ExpiringCache(clock, 1);
    this.cachedNames = new ExpiringCache(clock, NAMES_KEPT);
  }

  async publicNames(structureIds: readonly number[]): Promise<ReadonlyMap<number, string>> {
    if (structureIds.length === 0) return new Map();
    const reader = await this.readers.current();
    if (reader === undefined) return new Map();
    const publicIds = await this.publicStructureIds();
    return this.nameAll(
      reader,
      structureIds.filter((id) => publicIds.has(id)),
    );
  }

  async names(structureIds: readonly number[]): Promise<ReadonlyMap<number, string>> {
    if (structureIds.length === 0) return new Map();
    const reader = await this.readers.current();
    if (reader === undefined) return new Map();
    return this.nameAll(reader, structureIds);
  }

  private async nameAll(
    reader: StructureNameReader,
    structureIds: readonly number[],
  ): Promise<ReadonlyMap<number, string>> {
    const named = new Map<number, string>();
    await mapWithConcurrency([...new Set(structureIds)], NAME_FETCH_CONCURRENCY, async (structureId) => {
      const { value } = await this.cachedNames.get(structureId, () => this.fetchName(reader, structureId));
      if (value !== null) named.set(structureId, value);
    });
    return named;
  }

  async publicMarketIds(): Promise<ReadonlySet<number> | null> {
    try {
      const { value } = await this.publicIds.get('all', async () => {
        const result = await this.publicEsi.client().getPublicStructureIds('market');
        return { value: new Set(result.data), freshUntil: result.freshUntil };
      });
      return value;
    } catch (error) {
      this.logger?.warn({ err: error }, 'Could not list the public structures; their names are left out');
      return null;
    }
  }

  private async publicStructureIds(): Promise<ReadonlySet<number>> {
    return (await this.publicMarketIds()) ?? new Set();
  }

  private async fetchName(
    reader: StructureNameReader,
    structureId: number,
  ): Promise<{ value: string | null; freshUntil: Date }> {
    try {
      const result = await reader.client().getStructure(reader.characterId, structureId);
      return { value: result.data.name, freshUntil: result.freshUntil };
    } catch (error) {
      this.logger?.warn({ err: error, structureId }, 'ESI did not name a structure');
      const readerRefused = error instanceof CharacterGrantError || error instanceof EsiMissingScopeError;
      if (readerRefused) this.readers.refused(reader.characterId);
      const transient = readerRefused || (error instanceof EsiCallError && error.transient);
      const retryInMs = transient ? TRANSIENT_RETRY_MS : UNNAMED_RETRY_MS;
      return { value: null, freshUntil: new Date(this.clock.now().getTime() + retryInMs) };
    }
  }
}
