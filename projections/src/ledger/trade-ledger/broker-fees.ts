import { DEFAULT_BROKER_FEE_RATES_PPM, isNpcStation } from '@tradewise/contracts';
import { type RatePpm } from './money';

/** The three broker rates of an override row (spec account-area.md §3 "Broker fee override"). */
export interface BrokerFeeRates {
  readonly buyFeePpm: RatePpm;
  /** Sell orders outside NPC stations (Upwell structures). */
  readonly sellFeePpm: RatePpm;
  readonly npcSellFeePpm: RatePpm;
}

/** A user's override: from `startDate` on, this character's trades (in `typeId` only, when set) use these rates. */
export interface BrokerFeeOverride extends BrokerFeeRates {
  readonly overrideId: string;
  /** UTC ISO date-time. */
  readonly startDate: string;
  readonly characterId: number;
  readonly typeId: number | null;
}

/** A built-in default row: no character, no start date (listed with start date 'Default'). */
export interface BuiltInBrokerFee extends BrokerFeeRates {
  readonly typeId: number | null;
}

/** What the new-override form starts with (spec account-area.md §2 Settings): 0.5%, 0.5%, 3.5%. */
export const NEW_OVERRIDE_DEFAULT_RATES: BrokerFeeRates = DEFAULT_BROKER_FEE_RATES_PPM;

/** The spec lists built-in rows but not their rates; they are the new-override defaults (docs/profit-rules.md). */
export const DEFAULT_BUILT_IN_BROKER_FEES: readonly BuiltInBrokerFee[] = [
  { typeId: null, ...NEW_OVERRIDE_DEFAULT_RATES },
];

export interface BrokerFeeSubject {
  readonly characterId: number;
  readonly typeId: number;
  readonly timeMs: number;
  readonly isBuy: boolean;
  readonly locationId: number;
}

interface DatedOverride {
  readonly startMs: number;
  readonly override: BrokerFeeOverride;
}

/** Overrides grouped for lookup: per character, the item-specific ones per type and the character-wide ones. */
export interface BrokerFeeBook {
  readonly overrides: ReadonlyMap<string, BrokerFeeOverride>;
  readonly byCharacter: ReadonlyMap<
    number,
    {
      readonly perType: ReadonlyMap<number, readonly DatedOverride[]>;
      readonly general: readonly DatedOverride[];
    }
  >;
  readonly builtIn: readonly BuiltInBrokerFee[];
}

function assertRates(rates: BrokerFeeRates, what: string): void {
  for (const rate of [rates.buyFeePpm, rates.sellFeePpm, rates.npcSellFeePpm])
    if (!Number.isSafeInteger(rate) || rate < 0)
      throw new RangeError(`${what}: rates are whole ppm ≥ 0, got ${rate}`);
}

export function brokerFeeBook(
  builtIn: readonly BuiltInBrokerFee[],
  overrides: ReadonlyMap<string, BrokerFeeOverride> = new Map(),
): BrokerFeeBook {
  builtIn.forEach((row) => assertRates(row, 'built-in broker fee row'));
  const byCharacter = new Map<number, { perType: Map<number, DatedOverride[]>; general: DatedOverride[] }>();
  for (const override of overrides.values()) {
    assertRates(override, `override ${override.overrideId}`);
    const startMs = Date.parse(override.startDate);
    if (Number.isNaN(startMs))
      throw new RangeError(`override ${override.overrideId} has no valid start date`);
    let character = byCharacter.get(override.characterId);
    if (!character) {
      character = { perType: new Map(), general: [] };
      byCharacter.set(override.characterId, character);
    }
    let list = character.general;
    if (override.typeId !== null) {
      list = character.perType.get(override.typeId) ?? [];
      character.perType.set(override.typeId, list);
    }
    list.push({ startMs, override });
  }
  const latestFirst = (a: DatedOverride, b: DatedOverride) =>
    b.startMs - a.startMs || (b.override.overrideId < a.override.overrideId ? -1 : 1);
  for (const character of byCharacter.values()) {
    character.general.sort(latestFirst);
    for (const list of character.perType.values()) list.sort(latestFirst);
  }
  return { overrides, byCharacter, builtIn };
}

export function withOverride(book: BrokerFeeBook, override: BrokerFeeOverride): BrokerFeeBook {
  return brokerFeeBook(book.builtIn, new Map(book.overrides).set(override.overrideId, override));
}

export function withoutOverride(book: BrokerFeeBook, overrideId: string): BrokerFeeBook {
  const overrides = new Map(book.overrides);
  overrides.delete(overrideId);
  return brokerFeeBook(book.builtIn, overrides);
}

function inForce(list: readonly DatedOverride[] | undefined, timeMs: number): BrokerFeeRates | undefined {
  return list?.find((dated) => dated.startMs <= timeMs)?.override;
}

/**
 * The rates that apply: the character's override for this item in force at the time, else the character's
 * item-less override in force, else the built-in row for the item, else the built-in row for all items.
 */
export function brokerFeeRatesFor(book: BrokerFeeBook, subject: BrokerFeeSubject): BrokerFeeRates {
  const character = book.byCharacter.get(subject.characterId);
  const rates =
    inForce(character?.perType.get(subject.typeId), subject.timeMs) ??
    inForce(character?.general, subject.timeMs) ??
    book.builtIn.find((row) => row.typeId === subject.typeId) ??
    book.builtIn.find((row) => row.typeId === null);
  if (!rates) throw new RangeError('the built-in broker fees need a row for all items (typeId null)');
  return rates;
}

export function brokerFeeRateFor(book: BrokerFeeBook, subject: BrokerFeeSubject): RatePpm {
  const rates = brokerFeeRatesFor(book, subject);
  if (subject.isBuy) return rates.buyFeePpm;
  return isNpcStation(subject.locationId) ? rates.npcSellFeePpm : rates.sellFeePpm;
}
