import type { StaticDataFreshness } from '@tradewise/contracts';
import { fetchLatestSdeBuild, sdeAddress, type Fetch, type SdeBuild } from '../import/ccp-sde-catalogue';
import type { SdeRelease } from './dataset-format';

/**
 * The newest SDE build a catalogue (SDE_URL, e.g. CCP's) offers, as last asked. The server asks at start and now
 * and then after, and says in its log and /readyz when the dataset it serves is older.
 */
export class LatestSdeBuild {
  private latest: SdeBuild | null = null;
  private checkedAt: Date | null = null;
  private checkError: string | null = null;

  constructor(
    readonly catalogue: string,
    /** Also the way the build is downloaded. */
    readonly fetchImpl: Fetch = fetch,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** For an SDE_URL that names a catalogue; an archive's address offers no newer build to compare with. */
  static of(sdeUrl: string | undefined, fetchImpl?: Fetch): LatestSdeBuild | undefined {
    if (!sdeUrl || !/^https?:\/\//.test(sdeUrl)) return undefined;
    const address = sdeAddress(sdeUrl);
    return 'catalogue' in address ? new LatestSdeBuild(address.catalogue, fetchImpl) : undefined;
  }

  /** Asks the catalogue; null when it cannot be reached (the last answer is kept, the failure reported). */
  async check(): Promise<SdeBuild | null> {
    try {
      this.latest = await fetchLatestSdeBuild(this.catalogue, this.fetchImpl);
      this.checkError = null;
    } catch (error) {
      this.checkError = (error as Error).message;
    }
    this.checkedAt = this.now();
    return this.checkError === null ? this.latest : null;
  }

  freshness(serving: SdeRelease): StaticDataFreshness {
    return {
      sdeVersion: serving.version,
      sdeBuildNumber: serving.buildNumber,
      latestBuildNumber: this.latest?.buildNumber ?? null,
      latestReleaseDate: this.latest?.releaseDate ?? null,
      checkedAt: this.checkedAt?.toISOString() ?? null,
      checkError: this.checkError,
      outdated: this.latest !== null && isOlderThan(serving, this.latest),
    };
  }
}

/** A dataset without a build number (the classic layout) is older than any CCP build. */
export function isOlderThan(serving: SdeRelease, build: SdeBuild): boolean {
  return serving.buildNumber === null || serving.buildNumber < build.buildNumber;
}
