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

/** What /readyz says of the static data: the served build, and the newest one SDE_URL offers when it is set. */
export function staticDataFreshness(
  serving: SdeRelease,
  latestSde: LatestSdeBuild | undefined,
): StaticDataFreshness {
  return (
    latestSde?.freshness(serving) ?? {
      sdeVersion: serving.version,
      sdeBuildNumber: serving.buildNumber,
      latestBuildNumber: null,
      latestReleaseDate: null,
      checkedAt: null,
      checkError: null,
      outdated: false,
    }
  );
}

const RECHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Logs a warning when the served dataset is older than the newest build known, now and after each check, which
 * runs every six hours. A running server keeps the dataset it loaded (a restart imports the newer build), so
 * the warning says what to do. Returns the function that stops the checks.
 */
export function watchLatestSde(
  latestSde: LatestSdeBuild,
  serving: SdeRelease,
  logger: { warn(details: object, message: string): void },
  intervalMs = RECHECK_EVERY_MS,
): () => void {
  const report = (): void => {
    const freshness = latestSde.freshness(serving);
    if (!freshness.outdated) return;
    logger.warn(
      { staticData: freshness },
      `The static data is SDE ${serving.version}; build ${freshness.latestBuildNumber} (released ${freshness.latestReleaseDate}) is newer. Restart the server to import it, or run \`npm run sde:import -- --sde ${latestSde.catalogue}\` and restart`,
    );
  };
  report();
  const timer = setInterval(() => void latestSde.check().then(report), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A dataset without a build number (the classic layout) is older than any CCP build. */
export function isOlderThan(serving: SdeRelease, build: SdeBuild): boolean {
  return serving.buildNumber === null || serving.buildNumber < build.buildNumber;
}
