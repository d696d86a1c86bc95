import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RegionKind } from '../dataset/dataset-format';
import {
  parseConstellationFile,
  parseRegionFile,
  parseSolarSystemFile,
  type SolarSystemFile,
} from './universe.parser';

/** Sub-folders of `universe/` and the kind of space each holds. */
const SPACES: readonly (readonly [folder: string, kind: RegionKind])[] = [
  ['eve', 'known-space'],
  ['wormhole', 'wormhole'],
  ['abyssal', 'abyssal'],
  ['void', 'void'],
];
const PARALLEL_READS = 16;

export interface UniverseFolders {
  readonly regions: readonly { regionId: number; kind: RegionKind; folderName: string }[];
  readonly constellations: readonly { constellationId: number; regionId: number; folderName: string }[];
  readonly systems: readonly (SolarSystemFile & {
    constellationId: number;
    regionId: number;
    folderName: string;
  })[];
}

/** Walks universe/<space>/<region>/<constellation>/<system>/ and reads the three kinds of files found there. */
export async function readUniverseFolders(
  universeDir: string,
  onProgress: (fraction: number) => void,
): Promise<UniverseFolders> {
  const regions: UniverseFolders['regions'][number][] = [];
  const constellations: UniverseFolders['constellations'][number][] = [];
  const systemFolders: { path: string; constellationId: number; regionId: number; folderName: string }[] = [];

  for (const [space, kind] of SPACES) {
    const spaceDir = join(universeDir, space);
    for (const regionFolder of await subfolders(spaceDir)) {
      const regionDir = join(spaceDir, regionFolder);
      const regionPath = join(regionDir, 'region.yaml');
      const regionId = parseRegionFile(await readFile(regionPath, 'utf8'), regionPath);
      regions.push({ regionId, kind, folderName: regionFolder });
      for (const constellationFolder of await subfolders(regionDir)) {
        const constellationDir = join(regionDir, constellationFolder);
        const constellationPath = join(constellationDir, 'constellation.yaml');
        const constellationId = parseConstellationFile(
          await readFile(constellationPath, 'utf8'),
          constellationPath,
        );
        constellations.push({ constellationId, regionId, folderName: constellationFolder });
        for (const systemFolder of await subfolders(constellationDir)) {
          systemFolders.push({
            path: join(constellationDir, systemFolder, 'solarsystem.yaml'),
            constellationId,
            regionId,
            folderName: systemFolder,
          });
        }
      }
    }
  }

  const systems: UniverseFolders['systems'][number][] = new Array(systemFolders.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < systemFolders.length) {
      const index = next++;
      const { path, constellationId, regionId, folderName } = systemFolders[index]!;
      systems[index] = {
        ...parseSolarSystemFile(await readFile(path, 'utf8'), path),
        constellationId,
        regionId,
        folderName,
      };
      if (++done % 500 === 0) onProgress(done / systemFolders.length);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  onProgress(1);
  return { regions, constellations, systems };
}

async function subfolders(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
