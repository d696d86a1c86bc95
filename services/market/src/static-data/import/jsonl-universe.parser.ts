import type { RegionKind, StationRecord } from '../dataset/dataset-format';
import { numberOr, type RawRecord } from './raw-values';

/**
 * The JSON Lines layout has no folder per kind of space, so the kind is read from the region id as the game
 * numbers them: 10xxxxxx known space, 11xxxxxx wormhole, 12xxxxxx abyssal, and the rest (13000001, 14xxxxxx)
 * void.
 */
export function regionKindOf(regionId: number): RegionKind {
  const series = Math.floor(regionId / 1_000_000);
  if (series === 10) return 'known-space';
  if (series === 11) return 'wormhole';
  if (series === 12) return 'abyssal';
  return 'void';
}

const ROMAN_DIGITS: readonly (readonly [number, string])[] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

export function romanNumeral(value: number): string {
  let rest = value;
  let text = '';
  for (const [amount, digits] of ROMAN_DIGITS) {
    while (rest >= amount) {
      text += digits;
      rest -= amount;
    }
  }
  return text;
}

export interface StationNaming {
  readonly systemNames: ReadonlyMap<number, string>;
  readonly regionOfSystem: ReadonlyMap<number, number>;
  readonly corporationNames: ReadonlyMap<number, string>;
  readonly operationNames: ReadonlyMap<number, string>;
}

/**
 * npcStations.jsonl names no station; the game composes the name from what the station orbits and who runs it:
 * `<system> <planet in roman numerals>[ - Moon <n>] - <owner corporation>[ <operation>]`, e.g. "Jita IV - Moon 4
 * - Caldari Navy Assembly Plant" (the operation's name only where `useOperationName` says so).
 */
export function parseNpcStation(raw: RawRecord, naming: StationNaming): StationRecord | null {
  const stationId = numberOr(raw['_key'], null);
  const systemId = numberOr(raw['solarSystemID'], null);
  if (stationId === null || systemId === null) return null;
  const celestialIndex = numberOr(raw['celestialIndex'], null);
  const orbitIndex = numberOr(raw['orbitIndex'], null);
  let orbit = naming.systemNames.get(systemId) ?? String(systemId);
  if (celestialIndex !== null && celestialIndex > 0) orbit += ` ${romanNumeral(celestialIndex)}`;
  if (orbitIndex !== null && orbitIndex > 0) orbit += ` - Moon ${orbitIndex}`;
  const ownerId = numberOr(raw['ownerID'], null);
  const operationId = numberOr(raw['operationID'], null);
  const owner = ownerId === null ? '' : (naming.corporationNames.get(ownerId) ?? '');
  const operation =
    raw['useOperationName'] === true && operationId !== null
      ? (naming.operationNames.get(operationId) ?? '')
      : '';
  const operator = [owner, operation].filter((part) => part.length > 0).join(' ');
  return {
    stationId,
    name: operator ? `${orbit} - ${operator}` : orbit,
    systemId,
    regionId: naming.regionOfSystem.get(systemId) ?? 0,
  };
}
