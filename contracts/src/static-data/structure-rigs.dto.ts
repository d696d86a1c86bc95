import { z } from 'zod';

/** GET /static/structureRigs: the name of every industry structure rig, keyed by its type id. */
export const structureRigNamesSchema = z.record(z.string(), z.string());
export type StructureRigNames = z.infer<typeof structureRigNamesSchema>;
