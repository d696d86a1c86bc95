import yaml from 'js-yaml';
import type { StationRecord } from '../dataset/dataset-format';
import { listOf, recordOf } from './raw-values';

export interface SolarSystemFile {
  readonly systemId: number;
  readonly security: number;
  readonly stargates: readonly { readonly gateId: number; readonly destinationGateId: number }[];
}

/**
 * solarsystem.yaml holds every planet, moon and belt position (up to a megabyte for one system); only three
 * top-level fields matter here, so they are cut out of the text instead of parsing the whole file.
 */
export function parseSolarSystemFile(text: string, path = 'solarsystem.yaml'): SolarSystemFile {
  const systemId = topLevelNumber(text, 'solarSystemID', path);
  const security = topLevelNumber(text, 'security', path);
  const block = topLevelBlock(text, 'stargates');
  const stargates = Object.entries(
    recordOf(block === null ? null : yaml.load(block, { schema: yaml.CORE_SCHEMA })),
  )
    .map(([gateId, gate]) => ({
      gateId: Number(gateId),
      destinationGateId: Number(recordOf(gate)['destination']),
    }))
    .filter(
      ({ gateId, destinationGateId }) => Number.isInteger(gateId) && Number.isInteger(destinationGateId),
    );
  return { systemId, security, stargates };
}

export function parseRegionFile(text: string, path = 'region.yaml'): number {
  return topLevelNumber(text, 'regionID', path);
}

export function parseConstellationFile(text: string, path = 'constellation.yaml'): number {
  return topLevelNumber(text, 'constellationID', path);
}

function topLevelNumber(text: string, key: string, path: string): number {
  const match = new RegExp(`^${key}:[ \\t]*(\\S+)[ \\t]*$`, 'm').exec(text);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!Number.isFinite(value)) throw new Error(`${path}: no numeric top-level '${key}'`);
  return value;
}

/** The indented lines under a top-level `key:`, dedented, or null when the key is absent or empty. */
export function topLevelBlock(text: string, key: string): string | null {
  const header = new RegExp(`^${key}:[ \\t]*\\r?$`, 'm').exec(text);
  if (!header) return null;
  const start = header.index + header[0].length + 1;
  const nextTopLevel = /^[^\s#]/m.exec(text.slice(start));
  const body = text.slice(start, nextTopLevel ? start + nextTopLevel.index : text.length);
  return body.trim().length === 0 ? null : body;
}

/** Each system pair joined by a stargate, once, as [lower id, higher id]. */
export function stargateConnections(
  systems: readonly Pick<SolarSystemFile, 'systemId' | 'stargates'>[],
): [number, number][] {
  const systemOfGate = new Map<number, number>();
  for (const system of systems)
    for (const gate of system.stargates) systemOfGate.set(gate.gateId, system.systemId);
  const seen = new Set<string>();
  const connections: [number, number][] = [];
  for (const system of systems) {
    for (const gate of system.stargates) {
      const other = systemOfGate.get(gate.destinationGateId);
      if (other === undefined || other === system.systemId) continue;
      const pair: [number, number] =
        system.systemId < other ? [system.systemId, other] : [other, system.systemId];
      const key = `${pair[0]}:${pair[1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      connections.push(pair);
    }
  }
  return connections.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** staStations.yaml (a list). */
export function parseStations(raw: unknown): StationRecord[] {
  return listOf(raw)
    .flatMap((value): StationRecord[] => {
      const { stationID, stationName, solarSystemID, regionID } = recordOf(value);
      if (typeof stationID !== 'number' || typeof solarSystemID !== 'number' || typeof regionID !== 'number')
        return [];
      return [
        {
          stationId: stationID,
          name: String(stationName ?? ''),
          systemId: solarSystemID,
          regionId: regionID,
        },
      ];
    })
    .sort((a, b) => a.stationId - b.stationId);
}

/** invNames.yaml entries worth parsing: regions, constellations and solar systems (ids 10,000,000 to 39,999,999). */
export function isMapItemNameEntry(rawEntry: string): boolean {
  return /^- itemID: [123]\d{7}\s/.test(rawEntry);
}

export function collectItemNames(raw: unknown, into: Map<number, string>): void {
  for (const value of listOf(raw)) {
    const { itemID, itemName } = recordOf(value);
    if (typeof itemID === 'number' && itemName !== undefined && itemName !== null)
      into.set(itemID, String(itemName));
  }
}
