import type { TypeTable } from '../dataset/dataset-format';
import { packagedVolumeOf } from './packaged-volumes';
import { englishText, localizedTexts, numberOr, recordOf, requiredNumber } from './raw-values';

/** Collects types.yaml entries one batch at a time and turns them into the columnar {@link TypeTable}. */
export class TypeTableBuilder {
  private readonly rows: {
    readonly typeId: number;
    readonly names: Record<string, string>;
    readonly groupId: number;
    readonly marketGroupId: number | null;
    readonly volume: number;
    readonly packagedVolume: number | null;
    readonly portionSize: number;
    readonly basePrice: number | null;
    readonly published: boolean;
    readonly metaGroupId: number | null;
    readonly iconId: number | null;
  }[] = [];
  private readonly descriptions: string[] = [];
  private readonly languages = new Set<string>();

  get size(): number {
    return this.rows.length;
  }

  addBatch(batch: unknown): void {
    for (const [key, value] of Object.entries(recordOf(batch))) this.add(Number(key), value);
  }

  add(typeId: number, value: unknown): void {
    const raw = recordOf(value);
    const names = localizedTexts(raw['name']);
    for (const language of Object.keys(names)) this.languages.add(language);
    const groupId = requiredNumber(raw['groupID'], `groupID of type ${typeId}`);
    const volume = numberOr(raw['volume'], 0);
    // The JSON Lines layout states the packaged volume; the classic one leaves it to the table by ship group.
    const statedPackagedVolume = numberOr(raw['packagedVolume'], null);
    this.rows.push({
      typeId: requiredNumber(typeId, 'type id'),
      names,
      groupId,
      marketGroupId: numberOr(raw['marketGroupID'], null),
      volume,
      packagedVolume:
        statedPackagedVolume === null
          ? packagedVolumeOf(groupId, volume)
          : statedPackagedVolume === volume
            ? null
            : statedPackagedVolume,
      portionSize: numberOr(raw['portionSize'], 1),
      basePrice: numberOr(raw['basePrice'], null),
      published: raw['published'] === true,
      metaGroupId: numberOr(raw['metaGroupID'], null),
      iconId: numberOr(raw['iconID'], null),
    });
    this.descriptions.push(englishText(raw['description']));
  }

  build(): {
    readonly table: TypeTable;
    readonly translatedNames: Record<string, (string | null)[]>;
    readonly descriptions: readonly string[];
  } {
    const order = this.rows
      .map((_, index) => index)
      .sort((a, b) => this.rows[a]!.typeId - this.rows[b]!.typeId);
    const rows = order.map((index) => this.rows[index]!);
    const translations = [...this.languages].filter((language) => language !== 'en').sort();
    const translatedNames: Record<string, (string | null)[]> = {};
    for (const language of translations)
      translatedNames[language] = rows.map((row) => row.names[language] ?? null);
    return {
      translatedNames,
      table: {
        languages: ['en', ...translations],
        typeIds: rows.map((row) => row.typeId),
        englishNames: rows.map((row) => row.names['en'] ?? ''),
        groupIds: rows.map((row) => row.groupId),
        marketGroupIds: rows.map((row) => row.marketGroupId),
        volumes: rows.map((row) => row.volume),
        packagedVolumes: rows.map((row) => row.packagedVolume),
        portionSizes: rows.map((row) => row.portionSize),
        basePrices: rows.map((row) => row.basePrice),
        published: rows.map((row) => row.published),
        metaGroupIds: rows.map((row) => row.metaGroupId),
        iconIds: rows.map((row) => row.iconId),
        formerNames: {},
      },
      descriptions: order.map((index) => this.descriptions[index]!),
    };
  }
}
