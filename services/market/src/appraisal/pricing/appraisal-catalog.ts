import { Inject, Injectable } from '@nestjs/common';
import { normalizeSearchText } from '../../static-data/search/search-text';
import type { StaticData } from '../../static-data/static-data';
import { STATIC_DATA } from '../../static-data/static-data.token';
import type { ResolvedTypeName, TypeIdResolver, TypeNameResolver } from '../parse';
import type { AppraisalTypeInfo } from './appraisal-pricing';
import { TypeRenames } from '../renames/type-renames';
import { MARKET_HUB_STATION_IDS } from '../../market-data/market-hubs';
import type { StationRecord } from '../../static-data/dataset/dataset-format';

const SHIP_CATEGORY_ID = 6;
const BLUEPRINT_CATEGORY_ID = 9;
/** Names the exact index does not hold, resolved through the search once and remembered (per process). */
const FALLBACK_CACHE_MAX = 20_000;
const FALLBACK_CANDIDATES = 10;
/** How the static data names a type the game retired rather than renamed: `OLD Tengu Electronics - ...`. */
const RETIRED_PREFIX = 'OLD ';

interface MarketIndex {
  /** Every name of every market type in every language, as {@link indexKey} writes it. */
  readonly typeIdsByName: ReadonlyMap<string, number>;
  /** English name and volume (m³, assembled) of each market type. */
  readonly types: ReadonlyMap<number, ResolvedTypeName>;
}

const indexKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * What appraisals read of the static data: names to types (exact, case-insensitive, in every language the game
 * has), the facts pricing needs per type, and region names. Market types are indexed by name once, at start-up
 * ({@link warm}) or on first use; other names (types the market does not list, names differing only in accents)
 * go through the type search. Everything is remembered: the static data does not change while the process runs.
 */
@Injectable()
export class AppraisalCatalog {
  private market: MarketIndex | null = null;
  private readonly fallbackNames = new Map<string, ResolvedTypeName | null>();
  private readonly typeInfos = new Map<number, AppraisalTypeInfo | null>();
  private readonly renames = new TypeRenames();

  constructor(@Inject(STATIC_DATA) private readonly staticData: StaticData) {}

  /** Builds the name index now (about a tenth of a second), so the first appraisal does not wait for it. */
  warm(): void {
    this.marketIndex();
  }

  /**
   * A market type's name in any language first; then an old name of a renamed or replaced type (before the search,
   * which would find a replaced type under its old name, off the market); then any other type by name; last, a type
   * the game retired under an `OLD ` prefix (the 2017 Tech 3 subsystems it did not carry over).
   */
  readonly resolveTypeName: TypeNameResolver = (name) => {
    const market = this.marketIndex();
    const typeId = market.typeIdsByName.get(indexKey(name));
    if (typeId !== undefined) return market.types.get(typeId)!;
    const renamed = this.renames.find(name);
    const current = renamed && market.types.get(renamed.typeId);
    return (
      current ?? this.resolveThroughSearch(name) ?? this.resolveThroughSearch(`${RETIRED_PREFIX}${name}`)
    );
  };

  /** A type by id, for ship DNA: any type the static data has, market or not. */
  readonly resolveTypeId: TypeIdResolver = (typeId) => {
    const info = this.typeInfo(typeId);
    return info && { typeId, name: info.typeName, volume: info.unitVolume };
  };

  /** Facts about a type, or null when the static data has no such type. */
  typeInfo(typeId: number): AppraisalTypeInfo | null {
    const known = this.typeInfos.get(typeId);
    if (known !== undefined) return known;
    const info = this.readTypeInfo(typeId);
    this.typeInfos.set(typeId, info);
    return info;
  }

  /** One of the five trade hubs' stations (public-tools §5), or null for any other id. */
  hubStation(stationId: number): StationRecord | null {
    return MARKET_HUB_STATION_IDS.includes(stationId) ? this.staticData.station(stationId) : null;
  }

  /** Jumps from each of `systemIds` to `toSystemId` (stargates both ways); unreachable: Infinity. */
  jumpsTo(toSystemId: number, systemIds: readonly number[]): ReadonlyMap<number, number> {
    const unique = [...new Set(systemIds)];
    const counts = this.staticData.jumpCounts(toSystemId, unique) ?? [];
    return new Map(
      unique
        .map((systemId, index) => [systemId, counts[index] ?? -1])
        .map(([id, jumps]) => [id!, jumps! < 0 ? Infinity : jumps!]),
    );
  }

  /** The region of a solar system; null for an unknown one. */
  systemRegion(systemId: number): { readonly regionId: number; readonly regionName: string } | null {
    const system = Number.isSafeInteger(systemId) ? this.staticData.system(systemId) : null;
    return system ? { regionId: system.regionId, regionName: system.regionName } : null;
  }

  regionName(regionId: number): string | null {
    return Number.isSafeInteger(regionId) ? (this.staticData.region(regionId)?.name ?? null) : null;
  }

  private readTypeInfo(typeId: number): AppraisalTypeInfo | null {
    const classification = Number.isSafeInteger(typeId) ? this.staticData.typeClassification(typeId) : null;
    if (!classification) return null;
    const type = this.marketIndex().types.get(typeId) ?? this.nonMarketType(typeId);
    // Only ships have a packaged volume in the static data (per hull group); the detail is read for them alone.
    const packagedVolume =
      classification.categoryId === SHIP_CATEGORY_ID
        ? this.staticData.itemTypeDetail(typeId)?.packagedVolume
        : null;
    return {
      typeId,
      typeName: type.name,
      unitVolume: packagedVolume ?? type.volume ?? 0,
      blueprint: classification.categoryId === BLUEPRINT_CATEGORY_ID,
      marketType: this.staticData.isMarketType(typeId),
    };
  }

  private nonMarketType(typeId: number): ResolvedTypeName {
    const type = this.staticData.itemType(typeId)!;
    return { typeId, name: type.typeName, volume: type.volume };
  }

  private resolveThroughSearch(name: string): ResolvedTypeName | null {
    const key = normalizeSearchText(name);
    if (key.length === 0) return null;
    const cached = this.fallbackNames.get(key);
    if (cached !== undefined) return cached;
    const candidates = this.staticData
      .searchTypes({ query: key, scope: 'all', limit: FALLBACK_CANDIDATES })
      .filter((hit) => normalizeSearchText(hit.matchedName) === key);
    const best = candidates.find((hit) => this.staticData.isMarketType(hit.typeID)) ?? candidates[0] ?? null;
    const resolved: ResolvedTypeName | null = best && {
      typeId: best.typeID,
      name: best.typeName,
      volume: best.volume,
    };
    if (this.fallbackNames.size >= FALLBACK_CACHE_MAX) this.fallbackNames.clear();
    this.fallbackNames.set(key, resolved);
    return resolved;
  }

  private marketIndex(): MarketIndex {
    if (this.market) return this.market;
    const types = new Map<number, ResolvedTypeName>();
    const collect = (groups: ReturnType<StaticData['marketGroupTree']>): void => {
      for (const group of groups) {
        for (const type of this.staticData.marketGroupTypes(group.marketGroupID) ?? []) {
          types.set(type.typeID, { typeId: type.typeID, name: type.typeName, volume: type.volume });
        }
        collect(group.children);
      }
    };
    collect(this.staticData.marketGroupTree());
    const typeIdsByName = new Map<string, number>();
    // English first: a translation that happens to equal another type's English name does not take it over.
    for (const language of this.staticData.languages()) {
      for (const typeId of types.keys()) {
        const name = this.staticData.typeName(typeId, language);
        if (!name) continue;
        const key = indexKey(name);
        if (!typeIdsByName.has(key)) typeIdsByName.set(key, typeId);
      }
    }
    this.market = { typeIdsByName, types };
    return this.market;
  }
}
