import type {
  CategoryRecord,
  GroupRecord,
  MarketGroupRecord,
  MetaGroupRecord,
} from '../dataset/dataset-format';
import { englishText, numberOr, recordOf, requiredNumber } from './raw-values';

function byNumericKey(raw: unknown): [number, ReturnType<typeof recordOf>][] {
  return Object.entries(recordOf(raw))
    .map(([key, value]): [number, ReturnType<typeof recordOf>] => [Number(key), recordOf(value)])
    .filter(([key]) => Number.isInteger(key))
    .sort(([a], [b]) => a - b);
}

/** groups.yaml */
export function parseGroups(raw: unknown): GroupRecord[] {
  return byNumericKey(raw).map(([groupId, group]) => ({
    groupId,
    categoryId: requiredNumber(group['categoryID'], `categoryID of group ${groupId}`),
    name: englishText(group['name']),
    published: group['published'] === true,
  }));
}

/** categories.yaml */
export function parseCategories(raw: unknown): CategoryRecord[] {
  return byNumericKey(raw).map(([categoryId, category]) => ({
    categoryId,
    name: englishText(category['name']),
    published: category['published'] === true,
  }));
}

/** metaGroups.yaml (names sit under `nameID` there). */
export function parseMetaGroups(raw: unknown): MetaGroupRecord[] {
  return byNumericKey(raw).map(([metaGroupId, metaGroup]) => ({
    metaGroupId,
    name: englishText(metaGroup['nameID'] ?? metaGroup['name']),
  }));
}

/** iconIDs.yaml: icon id -> client resource path. */
export function parseIconFiles(raw: unknown): Map<number, string> {
  const files = new Map<number, string>();
  for (const [iconId, icon] of byNumericKey(raw)) {
    if (typeof icon['iconFile'] === 'string') files.set(iconId, icon['iconFile']);
  }
  return files;
}

/** marketGroups.yaml; the names and descriptions sit under `nameID` and `descriptionID` there. */
export function parseMarketGroups(raw: unknown, iconFiles: ReadonlyMap<number, string>): MarketGroupRecord[] {
  return byNumericKey(raw).map(([marketGroupId, group]) => {
    const iconId = numberOr(group['iconID'], null);
    return {
      marketGroupId,
      parentGroupId: numberOr(group['parentGroupID'], null),
      name: englishText(group['nameID'] ?? group['name']),
      description: englishText(group['descriptionID'] ?? group['description']),
      hasTypes: group['hasTypes'] === true,
      iconId,
      iconFile: iconId === null ? null : (iconFiles.get(iconId) ?? null),
    };
  });
}
