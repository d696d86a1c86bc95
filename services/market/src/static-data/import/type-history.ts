import type { LoadedDatasetContent, StaticDatasetContent, TypeTable } from '../dataset/dataset-format';

type TypeRow = {
  readonly [Column in Exclude<keyof TypeTable, 'languages' | 'formerNames'>]: TypeTable[Column][number];
} & {
  readonly translatedNames: Readonly<Record<string, string | null>>;
  readonly description: string;
};

/**
 * Keeps what stored data needs from the dataset an import replaces: a type whose English name changed is still
 * found by its earlier names (`formerNames`, searched like its names), and a type the new SDE no longer has
 * stays, unpublished and off the market, so the transactions and appraisals that name it still show it.
 */
export function withTypeHistory(
  imported: StaticDatasetContent,
  previous: LoadedDatasetContent | null,
): StaticDatasetContent {
  if (!previous) return imported;
  const { types } = imported;
  const rows = types.typeIds.map((_, index) => importedRow(imported, index));
  const importedIndexById = new Map(types.typeIds.map((typeId, index) => [typeId, index]));
  const formerNames: Record<string, readonly string[]> = {};
  const earlier = previous.types;
  earlier.typeIds.forEach((typeId, earlierIndex) => {
    const earlierName = earlier.englishNames[earlierIndex] ?? '';
    const known = [...(earlier.formerNames[String(typeId)] ?? []), earlierName];
    const importedIndex = importedIndexById.get(typeId);
    const currentName = importedIndex === undefined ? earlierName : types.englishNames[importedIndex];
    const former = [...new Set(known)].filter((name) => name.length > 0 && name !== currentName);
    if (former.length > 0) formerNames[String(typeId)] = former;
    if (importedIndex === undefined) rows.push(removedRow(previous, earlierIndex, types.languages));
  });
  rows.sort((a, b) => a.typeIds - b.typeIds);

  const translations = types.languages.slice(1);
  return {
    ...imported,
    types: {
      languages: types.languages,
      typeIds: rows.map((row) => row.typeIds),
      englishNames: rows.map((row) => row.englishNames),
      groupIds: rows.map((row) => row.groupIds),
      marketGroupIds: rows.map((row) => row.marketGroupIds),
      volumes: rows.map((row) => row.volumes),
      packagedVolumes: rows.map((row) => row.packagedVolumes),
      portionSizes: rows.map((row) => row.portionSizes),
      basePrices: rows.map((row) => row.basePrices),
      published: rows.map((row) => row.published),
      metaGroupIds: rows.map((row) => row.metaGroupIds),
      iconIds: rows.map((row) => row.iconIds),
      formerNames,
    },
    translatedNames: Object.fromEntries(
      translations.map((language) => [language, rows.map((row) => row.translatedNames[language] ?? null)]),
    ),
    typeDescriptions: rows.map((row) => row.description),
  };
}

function importedRow(content: StaticDatasetContent, index: number): TypeRow {
  const { types } = content;
  return {
    typeIds: types.typeIds[index]!,
    englishNames: types.englishNames[index]!,
    groupIds: types.groupIds[index]!,
    marketGroupIds: types.marketGroupIds[index]!,
    volumes: types.volumes[index]!,
    packagedVolumes: types.packagedVolumes[index]!,
    portionSizes: types.portionSizes[index]!,
    basePrices: types.basePrices[index]!,
    published: types.published[index]!,
    metaGroupIds: types.metaGroupIds[index]!,
    iconIds: types.iconIds[index]!,
    translatedNames: Object.fromEntries(
      types.languages
        .slice(1)
        .map((language) => [language, content.translatedNames[language]?.[index] ?? null]),
    ),
    description: content.typeDescriptions[index] ?? '',
  };
}

function removedRow(previous: LoadedDatasetContent, index: number, languages: readonly string[]): TypeRow {
  const { types } = previous;
  const typeCount = types.typeIds.length;
  const translatedName = (language: string): string | null => {
    const languageIndex = types.languages.indexOf(language);
    if (languageIndex < 1) return null;
    return previous.translatedNames.get((languageIndex - 1) * typeCount + index) || null;
  };
  return {
    typeIds: types.typeIds[index]!,
    englishNames: types.englishNames[index]!,
    groupIds: types.groupIds[index]!,
    marketGroupIds: null,
    volumes: types.volumes[index]!,
    packagedVolumes: types.packagedVolumes[index]!,
    portionSizes: types.portionSizes[index]!,
    basePrices: types.basePrices[index]!,
    published: false,
    metaGroupIds: types.metaGroupIds[index]!,
    iconIds: types.iconIds[index]!,
    translatedNames: Object.fromEntries(
      languages.slice(1).map((language) => [language, translatedName(language)]),
    ),
    description: previous.typeDescriptions.get(index),
  };
}
