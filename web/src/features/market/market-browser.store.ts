import { useSyncExternalStore } from 'react';
import { DEFAULT_HISTORY_REGION_ID } from './market-constants';
import { DEFAULT_MARKET_FILTER, type MarketFilter } from './market-filter';
import type { ItemTypeLike } from './market-tree';

export interface CharacterLocation {
  readonly systemId: number;
  readonly systemName: string;
}

/**
 * What the market browser remembers while the app is open. /market, /market/{typeId} and
 * /market/{typeId}/history are separate routes, so the page remounts between them; the filter, the opened
 * groups and their types, the chart's region and the character's location live here instead of in the page.
 */
export interface MarketBrowserState {
  readonly filter: MarketFilter;
  readonly expandedGroupKeys: readonly string[];
  readonly loadedGroupTypes: ReadonlyMap<number, readonly ItemTypeLike[]>;
  readonly historyRegionId: number;
  /** The character for jumps and in-game actions; null: the login character. */
  readonly characterId: number | null;
  readonly locations: ReadonlyMap<number, CharacterLocation>;
}

const initialState: MarketBrowserState = {
  filter: DEFAULT_MARKET_FILTER,
  expandedGroupKeys: [],
  loadedGroupTypes: new Map(),
  historyRegionId: DEFAULT_HISTORY_REGION_ID,
  characterId: null,
  locations: new Map(),
};

let state = initialState;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readMarketBrowser(): MarketBrowserState {
  return state;
}

export function updateMarketBrowser(change: (current: MarketBrowserState) => MarketBrowserState): void {
  const next = change(state);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function useMarketBrowser<Selected>(select: (current: MarketBrowserState) => Selected): Selected {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(initialState),
  );
}

export const setFilter = (filter: MarketFilter) => updateMarketBrowser((current) => ({ ...current, filter }));

export const setExpandedGroupKeys = (keys: readonly string[]) =>
  updateMarketBrowser((current) => ({ ...current, expandedGroupKeys: keys }));

export const addExpandedGroupKeys = (keys: readonly string[]) =>
  updateMarketBrowser((current) => {
    const missing = keys.filter((key) => !current.expandedGroupKeys.includes(key));
    return missing.length === 0
      ? current
      : { ...current, expandedGroupKeys: [...current.expandedGroupKeys, ...missing] };
  });

export const setGroupTypes = (groupId: number, types: readonly ItemTypeLike[]) =>
  updateMarketBrowser((current) => ({
    ...current,
    loadedGroupTypes: new Map(current.loadedGroupTypes).set(groupId, types),
  }));

export const setHistoryRegion = (regionId: number) =>
  updateMarketBrowser((current) => ({ ...current, historyRegionId: regionId }));

export const setCharacter = (characterId: number) =>
  updateMarketBrowser((current) => ({ ...current, characterId }));

export const setCharacterLocation = (characterId: number, location: CharacterLocation) =>
  updateMarketBrowser((current) => ({
    ...current,
    locations: new Map(current.locations).set(characterId, location),
  }));
