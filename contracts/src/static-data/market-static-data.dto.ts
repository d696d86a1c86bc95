import { z } from 'zod';
import { STATS_TYPES_MAX } from './static-data-limits';

/** A region as the market selectors list it (spec: Market region). */
export const marketRegionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type MarketRegion = z.infer<typeof marketRegionSchema>;

/** One node of the market group tree (spec: Market group); `children` nests the tree. */
export interface MarketGroup {
  readonly marketGroupID: number;
  readonly parentGroupID: number | null;
  readonly marketGroupName: string;
  readonly children: readonly MarketGroup[];
  /** True when types sit directly in this group (load them with GET /market/groups/{id}/types). */
  readonly hasTypes: boolean;
  /** Game client resource path of the icon, e.g. `res:/ui/texture/icons/...png`; null when the group has none. */
  readonly iconFile: string | null;
  readonly description: string;
}
export const marketGroupSchema: z.ZodType<MarketGroup> = z.object({
  marketGroupID: z.number().int(),
  parentGroupID: z.number().int().nullable(),
  marketGroupName: z.string(),
  get children() {
    return z.array(marketGroupSchema);
  },
  hasTypes: z.boolean(),
  iconFile: z.string().nullable(),
  description: z.string(),
});

/**
 * One market group of GET /market/groups: the incumbent's flat list, one entry per group, which clients walk by
 * `parentGroupID` (null at the roots). `iconFile` is ours, beside the incumbent's `iconID`.
 */
export const flatMarketGroupSchema = z.object({
  marketGroupID: z.number().int(),
  parentGroupID: z.number().int().nullable(),
  marketGroupName: z.string(),
  description: z.string(),
  /** The SDE's icon id; null when the group has none. */
  iconID: z.number().int().nullable(),
  /** True when types sit directly in this group (load them with GET /market/groups/{id}/types). */
  hasTypes: z.boolean(),
  iconFile: z.string().nullable(),
});
export type FlatMarketGroup = z.infer<typeof flatMarketGroupSchema>;

/** An item type as the market browser lists it (spec: Item type). Volumes are in m3. */
export const itemTypeSchema = z.object({
  typeID: z.number().int(),
  /** English name. */
  typeName: z.string(),
  marketGroupID: z.number().int().nullable(),
  /** English description; may hold the game's markup (`<a href=showinfo:...>`, `<br>`). */
  description: z.string(),
  volume: z.number(),
});
export type ItemType = z.infer<typeof itemTypeSchema>;

/** Everything the static data knows about one type: GET /market/types/{id}. */
export const itemTypeDetailSchema = itemTypeSchema.extend({
  /** Volume when packaged, where it differs from `volume` (assembled ships); else null. */
  packagedVolume: z.number().nullable(),
  groupID: z.number().int(),
  groupName: z.string(),
  categoryID: z.number().int(),
  categoryName: z.string(),
  portionSize: z.number().int(),
  basePrice: z.number().nullable(),
  published: z.boolean(),
  metaGroupID: z.number().int().nullable(),
  metaGroupName: z.string().nullable(),
  iconID: z.number().int().nullable(),
  /** The name in every language the game data carries, keyed by language code (en, de, fr, ja, ko, ru, zh, es, ...). */
  names: z.record(z.string(), z.string()),
});
export type ItemTypeDetail = z.infer<typeof itemTypeDetailSchema>;

/** One answer of GET /market/types/search: best match first. */
export const typeSearchResultSchema = z.object({
  typeID: z.number().int(),
  /** English name. */
  typeName: z.string(),
  marketGroupID: z.number().int().nullable(),
  volume: z.number(),
  /** The name that matched the query, in the language it matched (the English name for English queries). */
  matchedName: z.string(),
  /** Language code of `matchedName`. */
  matchedLanguage: z.string(),
});
export type TypeSearchResult = z.infer<typeof typeSearchResultSchema>;

/** POST /market/stats/{regionId}: the types whose statistics to answer, each at most once in the answer. */
export const marketStatsRequestSchema = z
  .object({
    typeIds: z.array(z.number().int().min(0)).min(1).max(STATS_TYPES_MAX),
  })
  .strict();
export type MarketStatsRequest = z.infer<typeof marketStatsRequestSchema>;
