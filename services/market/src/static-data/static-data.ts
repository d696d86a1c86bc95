import type {
  FlatMarketGroup,
  ItemType,
  ItemTypeDetail,
  MarketGroup,
  MarketRegion,
  SolarSystem,
  StaticDataVersion,
  StructureRigNames,
  TypeSearchResult,
} from '@tradewise/contracts';
import type {
  BlueprintRecord,
  CategoryRecord,
  DecryptorRecord,
  DatasetManifest,
  GroupRecord,
  LoadedDatasetContent,
  MarketGroupRecord,
  RegionRecord,
  StationRecord,
  StructureBonusRecord,
  StructureRigRecord,
  SkillTimeBonusRecord,
} from './dataset/dataset-format';
import { JumpGraph } from './jumps/jump-graph';
import { NameRanking } from './search/name-ranking';
import { matchTier, normalizeSearchText } from './search/search-text';
import type { TypeSearchIndex } from './search/type-search-index';

export type TypeSearchScope = 'market' | 'all';

export interface TypeSearchRequest {
  readonly query: string;
  /** `market` (default): published types with a market group. `all`: every type the SDE knows. */
  readonly scope?: TypeSearchScope;
  readonly limit: number;
  /** Language whose name to show as `matchedName` when it matches as well as the best one (default `en`). */
  readonly language?: string;
}

/**
 * The game's static data in memory, with the lookups the API and the calculators need. Built once from the loaded
 * dataset; every method answers from memory.
 */
export class StaticData {
  private readonly types: LoadedDatasetContent['types'];
  private readonly typeIndexById = new Map<number, number>();
  private readonly marketTypes: Uint8Array;
  private readonly groupsById: Map<number, GroupRecord>;
  private readonly categoriesById: Map<number, CategoryRecord>;
  private readonly metaGroupNames: Map<number, string>;
  private readonly marketGroupsById: Map<number, MarketGroupRecord>;
  private readonly typeIndexesByMarketGroup = new Map<number, number[]>();
  private readonly marketGroupTreeRoots: MarketGroup[];
  private readonly flatMarketGroups: FlatMarketGroup[];
  private readonly regionsById: Map<number, RegionRecord>;
  private readonly regionList: MarketRegion[];
  private readonly systemList: SolarSystem[];
  private readonly systemsById = new Map<number, SolarSystem>();
  private readonly systemRanking: NameRanking;
  private readonly stationsById: Map<number, StationRecord>;
  private readonly blueprintsByTypeId: Map<number, BlueprintRecord>;
  private readonly blueprintIdsByProduct = new Map<number, number[]>();
  private readonly rigs: readonly StructureRigRecord[];
  private readonly rigNames: StructureRigNames;
  private readonly structures: readonly StructureBonusRecord[];
  private readonly decryptorsById: ReadonlyMap<number, DecryptorRecord>;
  private readonly skillTimeBonusesById: ReadonlyMap<number, SkillTimeBonusRecord>;
  private readonly inventorIdsByBlueprint = new Map<number, number[]>();
  private readonly jumpGraph: JumpGraph;

  constructor(
    readonly manifest: DatasetManifest,
    private readonly content: LoadedDatasetContent,
    private readonly typeSearch: TypeSearchIndex,
  ) {
    this.types = content.types;
    this.marketTypes = new Uint8Array(this.types.typeIds.length);
    this.types.typeIds.forEach((typeId, index) => {
      this.typeIndexById.set(typeId, index);
      const marketGroupId = this.types.marketGroupIds[index];
      if (marketGroupId === null || marketGroupId === undefined || !this.types.published[index]) return;
      this.marketTypes[index] = 1;
      const members = this.typeIndexesByMarketGroup.get(marketGroupId);
      if (members) members.push(index);
      else this.typeIndexesByMarketGroup.set(marketGroupId, [index]);
    });
    for (const members of this.typeIndexesByMarketGroup.values()) {
      members.sort((a, b) => compareText(this.englishName(a), this.englishName(b)));
    }

    const { inventory, universe } = content;
    this.groupsById = new Map(inventory.groups.map((group) => [group.groupId, group]));
    this.categoriesById = new Map(inventory.categories.map((category) => [category.categoryId, category]));
    this.metaGroupNames = new Map(
      inventory.metaGroups.map((metaGroup) => [metaGroup.metaGroupId, metaGroup.name]),
    );
    this.marketGroupsById = new Map(content.marketGroups.map((group) => [group.marketGroupId, group]));
    this.marketGroupTreeRoots = this.buildMarketGroupTree();
    this.flatMarketGroups = [...content.marketGroups]
      .sort((a, b) => a.marketGroupId - b.marketGroupId)
      .map((group) => ({
        marketGroupID: group.marketGroupId,
        parentGroupID: group.parentGroupId,
        marketGroupName: group.name,
        description: group.description,
        iconID: group.iconId,
        hasTypes: group.hasTypes,
        iconFile: group.iconFile,
      }));

    this.regionsById = new Map(universe.regions.map((region) => [region.regionId, region]));
    this.regionList = [...universe.regions]
      .sort((a, b) => a.regionId - b.regionId)
      .map((region) => ({ id: region.regionId, name: region.name }));
    this.systemList = universe.systems.map((system) => ({
      systemId: system.systemId,
      systemName: system.name,
      security: system.security,
      constellationId: system.constellationId,
      regionId: system.regionId,
      regionName: this.regionsById.get(system.regionId)?.name ?? '',
    }));
    for (const system of this.systemList) this.systemsById.set(system.systemId, system);
    this.systemRanking = new NameRanking(this.systemList.map((system) => system.systemName));
    this.stationsById = new Map(universe.stations.map((station) => [station.stationId, station]));
    this.jumpGraph = new JumpGraph(
      universe.systems.map((system) => system.systemId),
      universe.stargates,
    );

    this.blueprintsByTypeId = new Map(
      content.blueprints.map((blueprint) => [blueprint.blueprintTypeId, blueprint]),
    );
    for (const blueprint of content.blueprints) {
      for (const activity of [blueprint.activities.manufacturing, blueprint.activities.reaction]) {
        for (const product of activity?.products ?? []) {
          const producers = this.blueprintIdsByProduct.get(product.typeId);
          if (producers) producers.push(blueprint.blueprintTypeId);
          else this.blueprintIdsByProduct.set(product.typeId, [blueprint.blueprintTypeId]);
        }
      }
      for (const product of blueprint.activities.invention?.products ?? []) {
        const inventors = this.inventorIdsByBlueprint.get(product.typeId);
        if (inventors) inventors.push(blueprint.blueprintTypeId);
        else this.inventorIdsByBlueprint.set(product.typeId, [blueprint.blueprintTypeId]);
      }
    }

    this.rigs = content.industry.rigs.filter((rig) => rig.published);
    this.rigNames = Object.fromEntries(this.rigs.map((rig) => [String(rig.typeId), rig.name]));
    this.structures = content.industry.structures;
    this.decryptorsById = new Map(
      content.industry.decryptors.map((decryptor) => [decryptor.typeId, decryptor]),
    );
    this.skillTimeBonusesById = new Map(
      content.industry.skillTimeBonuses.map((skill) => [skill.typeId, skill]),
    );
  }

  version(): StaticDataVersion {
    return {
      sdeVersion: this.manifest.sde.version,
      sdeBuildNumber: this.manifest.sde.buildNumber,
      sdeBuildDate: this.manifest.sde.buildDate,
      importedAt: this.manifest.importedAt,
      datasetFormat: this.manifest.formatVersion,
    };
  }

  /** Language codes the type names come in, English first. */
  languages(): readonly string[] {
    return this.types.languages;
  }

  // Types

  hasType(typeId: number): boolean {
    return this.typeIndexById.has(typeId);
  }

  /** Published with a market group: what the market lists. */
  isMarketType(typeId: number): boolean {
    const index = this.typeIndexById.get(typeId);
    return index !== undefined && this.marketTypes[index] === 1;
  }

  /** The name in `language`, falling back to English where the SDE has no translation. */
  typeName(typeId: number, language = 'en'): string | null {
    const index = this.typeIndexById.get(typeId);
    if (index === undefined) return null;
    return this.nameIn(language, index) ?? this.englishName(index);
  }

  itemType(typeId: number): ItemType | null {
    const index = this.typeIndexById.get(typeId);
    return index === undefined ? null : this.itemTypeAt(index);
  }

  /** A type with its group, icon and published flag, without the names in every language itemTypeDetail builds. */
  itemTypeBasics(
    typeId: number,
  ): (ItemType & Pick<ItemTypeDetail, 'groupID' | 'iconID' | 'published'>) | null {
    const index = this.typeIndexById.get(typeId);
    if (index === undefined) return null;
    return {
      ...this.itemTypeAt(index),
      groupID: this.types.groupIds[index]!,
      iconID: this.types.iconIds[index] ?? null,
      published: this.types.published[index]!,
    };
  }

  itemTypeDetail(typeId: number): ItemTypeDetail | null {
    const index = this.typeIndexById.get(typeId);
    if (index === undefined) return null;
    const { types } = this;
    const groupId = types.groupIds[index]!;
    const group = this.groupsById.get(groupId);
    const categoryId = group?.categoryId ?? 0;
    const metaGroupId = types.metaGroupIds[index] ?? null;
    const names: Record<string, string> = {};
    for (const language of types.languages) {
      const name = this.nameIn(language, index);
      if (name) names[language] = name;
    }
    return {
      ...this.itemTypeAt(index),
      packagedVolume: types.packagedVolumes[index] ?? null,
      groupID: groupId,
      groupName: group?.name ?? '',
      categoryID: categoryId,
      categoryName: this.categoriesById.get(categoryId)?.name ?? '',
      portionSize: types.portionSizes[index]!,
      basePrice: types.basePrices[index] ?? null,
      published: types.published[index]!,
      metaGroupID: metaGroupId,
      metaGroupName: metaGroupId === null ? null : (this.metaGroupNames.get(metaGroupId) ?? null),
      iconID: types.iconIds[index] ?? null,
      names,
    };
  }

  /** Group and category of a type, for rig and calculator rules. */
  typeClassification(typeId: number): { groupId: number; categoryId: number } | null {
    const index = this.typeIndexById.get(typeId);
    if (index === undefined) return null;
    const groupId = this.types.groupIds[index]!;
    return { groupId, categoryId: this.groupsById.get(groupId)?.categoryId ?? 0 };
  }

  searchTypes(request: TypeSearchRequest): TypeSearchResult[] {
    const { marketTypes } = this;
    const accepts =
      (request.scope ?? 'market') === 'market' ? (index: number) => marketTypes[index] === 1 : undefined;
    const language = request.language ?? 'en';
    const query = normalizeSearchText(request.query);
    return this.typeSearch.search(query, { limit: request.limit, accepts }).map((hit) => {
      const index = hit.typeIndex;
      const preferred = this.nameIn(language, index);
      const preferredMatches =
        preferred !== null && matchTier(normalizeSearchText(preferred), query) === hit.tier;
      const entryLanguage = this.types.languages[this.typeSearch.entryLanguageIndex(hit.entry)] ?? 'en';
      const matchedLanguage = preferredMatches ? language : entryLanguage;
      return {
        typeID: this.types.typeIds[index]!,
        typeName: this.englishName(index),
        marketGroupID: this.types.marketGroupIds[index] ?? null,
        volume: this.types.volumes[index]!,
        matchedName: preferredMatches ? preferred : this.entryDisplayName(hit.entry, index, entryLanguage),
        matchedLanguage,
      };
    });
  }

  // Market groups

  marketGroupTree(): readonly MarketGroup[] {
    return this.marketGroupTreeRoots;
  }

  /** Every market group once, by id, each naming its parent: the incumbent's GET /market/groups. */
  marketGroups(): readonly FlatMarketGroup[] {
    return this.flatMarketGroups;
  }

  hasMarketGroup(marketGroupId: number): boolean {
    return this.marketGroupsById.has(marketGroupId);
  }

  /** Published types directly in the group, by name; null for an unknown group. */
  marketGroupTypes(marketGroupId: number): ItemType[] | null {
    if (!this.marketGroupsById.has(marketGroupId)) return null;
    return (this.typeIndexesByMarketGroup.get(marketGroupId) ?? []).map((index) => this.itemTypeAt(index));
  }

  // Map

  regions(): readonly MarketRegion[] {
    return this.regionList;
  }

  region(regionId: number): RegionRecord | null {
    return this.regionsById.get(regionId) ?? null;
  }

  systems(): readonly SolarSystem[] {
    return this.systemList;
  }

  system(systemId: number): SolarSystem | null {
    return this.systemsById.get(systemId) ?? null;
  }

  searchSystems(query: string, limit: number): SolarSystem[] {
    return this.systemRanking.rank(query, limit).map((index) => this.systemList[index]!);
  }

  /** NPC station (ids 60,000,000 to 63,999,999); player structures are not static data. */
  station(stationId: number): StationRecord | null {
    return this.stationsById.get(stationId) ?? null;
  }

  /** Jumps from origin to each destination, in order; -1 where no stargate path leads. Null for an unknown origin. */
  jumpCounts(originSystemId: number, destinationSystemIds: readonly number[]): number[] | null {
    return this.jumpGraph.jumpCounts(originSystemId, destinationSystemIds);
  }

  // Industry

  blueprint(blueprintTypeId: number): BlueprintRecord | null {
    return this.blueprintsByTypeId.get(blueprintTypeId) ?? null;
  }

  /** Blueprints and reaction formulas whose manufacturing or reaction makes the type. */
  blueprintsProducing(productTypeId: number): BlueprintRecord[] {
    return (this.blueprintIdsByProduct.get(productTypeId) ?? []).map((id) =>
      this.blueprintsByTypeId.get(id)!,
    );
  }

  /** The blueprint (or reaction formula) that makes the type: one sold on the market first, then the lowest id. */
  producerOf(productTypeId: number): BlueprintRecord | null {
    const producers = this.blueprintsProducing(productTypeId).sort(
      (a, b) =>
        Number(this.isMarketType(b.blueprintTypeId)) - Number(this.isMarketType(a.blueprintTypeId)) ||
        a.blueprintTypeId - b.blueprintTypeId,
    );
    return producers[0] ?? null;
  }

  /**
   * The blueprint whose invention makes this (T2 or T3) blueprint, the lowest id when several do; null for a
   * blueprint nobody invents.
   */
  inventorOf(blueprintTypeId: number): BlueprintRecord | null {
    const inventors = this.inventorIdsByBlueprint.get(blueprintTypeId) ?? [];
    const lowest = Math.min(...inventors);
    return inventors.length === 0 ? null : (this.blueprintsByTypeId.get(lowest) ?? null);
  }

  /** The decryptors sold on the market (the retired racial ones are not), with their invention modifiers. */
  decryptors(): readonly DecryptorRecord[] {
    return [...this.decryptorsById.values()].filter((decryptor) => this.isMarketType(decryptor.typeId));
  }

  decryptor(typeId: number): DecryptorRecord | null {
    return this.decryptorsById.get(typeId) ?? null;
  }

  /** The manufacturing time bonus of a skill a blueprint requires (science, advanced construction); null for none. */
  skillTimeBonus(skillTypeId: number): SkillTimeBonusRecord | null {
    return this.skillTimeBonusesById.get(skillTypeId) ?? null;
  }

  /** Published industry rigs with their bonuses, security multipliers and targets. */
  structureRigs(): readonly StructureRigRecord[] {
    return this.rigs;
  }

  structureRig(typeId: number): StructureRigRecord | null {
    return this.rigs.find((rig) => rig.typeId === typeId) ?? null;
  }

  structureRigNames(): StructureRigNames {
    return this.rigNames;
  }

  /** Role bonuses of the Upwell industry structures (Raitaru, Azbel, Sotiyo, Athanor, Tatara). */
  structureBonuses(): readonly StructureBonusRecord[] {
    return this.structures;
  }

  group(groupId: number): GroupRecord | null {
    return this.groupsById.get(groupId) ?? null;
  }

  category(categoryId: number): CategoryRecord | null {
    return this.categoriesById.get(categoryId) ?? null;
  }

  /** The name a search entry was made from: the type's name in that language, or an English name it had before. */
  private entryDisplayName(entry: number, index: number, language: string): string {
    const name = this.nameIn(language, index);
    const entryName = this.typeSearch.entryName(entry);
    if (name !== null && normalizeSearchText(name) === entryName) return name;
    const former = this.types.formerNames[String(this.types.typeIds[index])] ?? [];
    return (
      former.find((formerName) => normalizeSearchText(formerName) === entryName) ??
      name ??
      this.englishName(index)
    );
  }

  private englishName(index: number): string {
    return this.types.englishNames[index] ?? '';
  }

  private nameIn(language: string, index: number): string | null {
    if (language === 'en') return this.englishName(index) || null;
    const languageIndex = this.types.languages.indexOf(language);
    if (languageIndex < 1) return null;
    return this.content.translatedNames.get((languageIndex - 1) * this.types.typeIds.length + index) || null;
  }

  private itemTypeAt(index: number): ItemType {
    return {
      typeID: this.types.typeIds[index]!,
      typeName: this.englishName(index),
      marketGroupID: this.types.marketGroupIds[index] ?? null,
      description: this.content.typeDescriptions.get(index),
      volume: this.types.volumes[index]!,
    };
  }

  private buildMarketGroupTree(): MarketGroup[] {
    const childrenOf = new Map<number | null, MarketGroupRecord[]>();
    for (const group of this.content.marketGroups) {
      const parent =
        group.parentGroupId !== null && this.marketGroupsById.has(group.parentGroupId)
          ? group.parentGroupId
          : null;
      const siblings = childrenOf.get(parent);
      if (siblings) siblings.push(group);
      else childrenOf.set(parent, [group]);
    }
    const toNode = (group: MarketGroupRecord): MarketGroup => ({
      marketGroupID: group.marketGroupId,
      parentGroupID: group.parentGroupId,
      marketGroupName: group.name,
      children: (childrenOf.get(group.marketGroupId) ?? []).sort(byName).map(toNode),
      hasTypes: group.hasTypes,
      iconFile: group.iconFile,
      description: group.description,
    });
    return (childrenOf.get(null) ?? []).sort(byName).map(toNode);
  }
}

function byName(a: MarketGroupRecord, b: MarketGroupRecord): number {
  return compareText(a.name, b.name) || a.marketGroupId - b.marketGroupId;
}

const englishCollator = new Intl.Collator('en');

function compareText(a: string, b: string): number {
  return englishCollator.compare(a, b);
}
