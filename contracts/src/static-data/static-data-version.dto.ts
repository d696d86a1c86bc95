import { z } from 'zod';

/** GET /static/version: which game data release the server answers from. */
export const staticDataVersionSchema = z.object({
  /** Version of the SDE the dataset was imported from, e.g. `126.6.18+Uprising-V21.03`. */
  sdeVersion: z.string(),
  /** UTC date (YYYY-MM-DD) the SDE was built, when the source tells it; else null. */
  sdeBuildDate: z.string().nullable(),
  /** UTC ISO time the dataset was imported. */
  importedAt: z.string(),
  /** Layout version of the compact dataset. */
  datasetFormat: z.number().int(),
});
export type StaticDataVersion = z.infer<typeof staticDataVersionSchema>;
