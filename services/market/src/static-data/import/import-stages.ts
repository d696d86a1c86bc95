/** The steps of an import, with their rough share of the total time (for an overall percentage). */
export const IMPORT_STAGES = {
  inventory: 0.03,
  types: 0.35,
  dogma: 0.05,
  universe: 0.15,
  names: 0.05,
  stations: 0.02,
  blueprints: 0.05,
  search: 0.22,
  write: 0.08,
} as const;
export type ImportStage = keyof typeof IMPORT_STAGES;

/** How a reader says how far it got: the share of one stage done, from 0 to 1. */
export type StageReporter = (stage: ImportStage, stageDone: number) => void;
