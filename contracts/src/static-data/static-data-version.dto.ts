import { z } from 'zod';

/** GET /static/version: which game data release the server answers from. */
export const staticDataVersionSchema = z.object({
  /** Version of the SDE the dataset was imported from, e.g. `126.6.18+Uprising-V21.03` or a build number. */
  sdeVersion: z.string(),
  /** CCP's build number of the SDE (its JSON Lines layout names it); null for the classic layout. */
  sdeBuildNumber: z.number().int().nullable(),
  /** UTC date (YYYY-MM-DD) the SDE was released or built, when the source tells it; else null. */
  sdeBuildDate: z.string().nullable(),
  /** UTC ISO time the dataset was imported. */
  importedAt: z.string(),
  /** Layout version of the compact dataset. */
  datasetFormat: z.number().int(),
});
export type StaticDataVersion = z.infer<typeof staticDataVersionSchema>;

/** In /readyz: the served SDE build beside the newest one SDE_URL's catalogue offers. */
export const staticDataFreshnessSchema = z.object({
  sdeVersion: z.string(),
  sdeBuildNumber: z.number().int().nullable(),
  /** Null until the catalogue has answered once. */
  latestBuildNumber: z.number().int().nullable(),
  latestReleaseDate: z.string().nullable(),
  /** When the catalogue was last asked. */
  checkedAt: z.string().nullable(),
  /** Why the last check failed; null when it answered. */
  checkError: z.string().nullable(),
  /** The served dataset is older than the newest build known. */
  outdated: z.boolean(),
});
export type StaticDataFreshness = z.infer<typeof staticDataFreshnessSchema>;
