import {
  EsiCallError,
  EsiForbiddenError,
  EsiMissingScopeError,
  EsiNotFoundError,
  EsiThrottledError,
  type Clock,
  type Logger,
} from '@tradewise/platform';
import { mapWithConcurrency } from '@tradewise/platform';
import type {
  StructureMarketRead,
  StructureMarketReader,
  StructureMarkets as StructureMarketsPort,
} from '../market-data.ports';

/** A refusal is believed this long: each refused call spends ESI's error budget, and access rarely changes. */
export const REFUSAL_KEPT_MS = 60 * 60_000;
export const DEFAULT_STRUCTURE_CONCURRENCY = 4;
const REFUSALS_KEPT = 20_000;

export interface StructureMarketsOptions {
  readonly clock: Clock;
  readonly logger?: Logger;
  /** Structures read at the same time for one character. */
  readonly concurrency?: number;
}

/**
 * The markets of player structures, read with a character's own token (private prices: ESI lists structure sell
 * orders only on the structure's route, to characters who may dock there). Each character proves its own access:
 * nothing read with one character's token is shown to another. A structure that refused a character is not asked
 * again for {@link REFUSAL_KEPT_MS}; a failure of ESI leaves that structure out of this read only. A missing
 * scope, a refused grant or ESI's throttling is the caller's to answer, so those are thrown.
 */
export class EsiStructureMarkets implements StructureMarketsPort {
  /** `<character>:<structure>` → when to ask ESI again after it refused the character. */
  private readonly refusals = new Map<string, number>();
  private readonly concurrency: number;

  constructor(private readonly options: StructureMarketsOptions) {
    this.concurrency = options.concurrency ?? DEFAULT_STRUCTURE_CONCURRENCY;
  }

  async read(
    reader: StructureMarketReader,
    structureIds: readonly number[],
  ): Promise<ReadonlyMap<number, StructureMarketRead>> {
    const distinct = [...new Set(structureIds)];
    const reads = await mapWithConcurrency(distinct, this.concurrency, (structureId) =>
      this.readOne(reader, structureId),
    );
    return new Map(distinct.map((structureId, index) => [structureId, reads[index]!]));
  }

  private async readOne(reader: StructureMarketReader, structureId: number): Promise<StructureMarketRead> {
    const key = `${reader.characterId}:${structureId}`;
    const askAgainAtMs = this.refusals.get(key);
    if (askAgainAtMs !== undefined && askAgainAtMs > this.nowMs()) {
      return { status: 'NO_ACCESS', askAgainAt: new Date(askAgainAtMs) };
    }
    try {
      const { data, freshUntil } = await reader.orders(structureId);
      this.refusals.delete(key);
      return { status: 'READ', book: { structureId, orders: data, freshUntil } };
    } catch (error) {
      if (error instanceof EsiMissingScopeError || error instanceof EsiThrottledError) throw error;
      if (error instanceof EsiForbiddenError || error instanceof EsiNotFoundError) {
        return { status: 'NO_ACCESS', askAgainAt: new Date(this.refuse(key)) };
      }
      if (error instanceof EsiCallError) {
        this.options.logger?.warn(
          { err: error, structureId, characterId: reader.characterId },
          "ESI did not answer a structure's market; it is left out of this read",
        );
        return { status: 'UNAVAILABLE' };
      }
      throw error;
    }
  }

  private refuse(key: string): number {
    const nowMs = this.nowMs();
    if (this.refusals.size >= REFUSALS_KEPT) {
      for (const [kept, untilMs] of this.refusals) if (untilMs <= nowMs) this.refusals.delete(kept);
      // Still full of live refusals: the oldest goes (asking it again costs one error, not a wrong answer).
      if (this.refusals.size >= REFUSALS_KEPT) this.refusals.delete(this.refusals.keys().next().value!);
    }
    const askAgainAtMs = nowMs + REFUSAL_KEPT_MS;
    this.refusals.set(key, askAgainAtMs);
    return askAgainAtMs;
  }

  private nowMs(): number {
    return this.options.clock.now().getTime();
  }
}
