import type { EsiCharacterIndustryJob, IndustryJobBill } from '@tradewise/contracts';
import { characterJobBody } from '../http/handlers/character.handlers';
import type { SimulatedWorld } from '../world/simulated-world';
import { characterWallet } from '../world/world-records';

const DAY_MS = 86_400_000;
const LISTED_MS = 90 * DAY_MS;
const WALLET_MS = 30 * DAY_MS;

/**
 * A character's industry as ESI lists it at `atMs` (with `include_completed`), and for each delivered job the bill
 * the sync resolves for it on a first read, taken from the ground truth (what the job's materials were, what it
 * made; jobs completed before the wallet's 30 days marked so): fault tests and benchmarks feed these to the import
 * without a sync.
 */
export function esiIndustryHistory(
  world: SimulatedWorld,
  characterId: number,
  atMs: number,
): { jobs: EsiCharacterIndustryJob[]; bills: IndustryJobBill[] } {
  const jobs = world.characterJobs(characterId, atMs, true).map(characterJobBody);
  const completed = new Map(
    jobs
      .filter((job) => job.status === 'delivered')
      .map((job) => [job.job_id, Date.parse(job.completed_date!)]),
  );
  const bills = world.groundTruth
    .jobs(characterWallet(characterId), atMs - LISTED_MS, atMs)
    .filter((truth) => completed.has(truth.jobId))
    .map((truth): IndustryJobBill => {
      const materials = new Map<number, number>();
      for (const lot of truth.materialLots)
        materials.set(lot.typeId, (materials.get(lot.typeId) ?? 0) + lot.quantity);
      return {
        jobId: truth.jobId,
        materials: [...materials].map(([typeId, quantity]) => ({ typeId, quantity })),
        productQuantity: truth.unitsProduced,
        usesBlueprintCopy: false,
        ...(completed.get(truth.jobId)! < atMs - WALLET_MS ? { beforeWalletHistory: true } : {}),
        defaultUnitPrices: [],
        basis: {
          materialEfficiency: 10,
          structure: null,
          reactionBonusPercent: null,
          defaultPriceRegionId: null,
          defaultPriceFactor: null,
        },
      };
    });
  return { jobs: jobs.sort((a, b) => a.job_id - b.job_id), bills };
}
