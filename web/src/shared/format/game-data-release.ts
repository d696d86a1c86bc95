import type { StaticDataVersion } from '../api';

/**
 * Which game data release the server answers from, for the footer and the API page: CCP's build number and
 * release date, or, for an SDE without one (the classic layout), its version and build date.
 */
export function formatGameDataRelease(
  version: Pick<StaticDataVersion, 'sdeVersion' | 'sdeBuildNumber' | 'sdeBuildDate'>,
): string {
  const release =
    version.sdeBuildNumber === null ? `SDE ${version.sdeVersion}` : `SDE build ${version.sdeBuildNumber}`;
  if (version.sdeBuildDate === null) return release;
  return `${release}, ${version.sdeBuildNumber === null ? 'built' : 'released'} ${version.sdeBuildDate}`;
}
