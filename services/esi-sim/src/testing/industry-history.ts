import type { EsiCharacterIndustryJob, IndustryJobBill } from '@tradewise/contracts';
import { characterJobBody } from '../http/handlers/character.handlers';
import type { SimulatedWorld } from '../world/simulated-world';
import { characterWallet } from '../world/world-records';

const LISTED_MS = 90 * 86_400_000;

/**
 * What ESI would have listed of a character's industry jobs over a span (with `include_completed`, read in 90-day
 * windows as ESI answers, each job as last listed), and for each delivered job the bill the sync resolves for it,
 * from the ground truth (the job's materials, what it made). Jobs completed before `walletFromMs`, the start of the
 * wallet history fed beside them, are marked as the sync marks them. Fault tests and benchmarks feed these to the
 * import without a sync.
 */
export function esiIndustryHistory(
  world: SimulatedWorld,
  characterId: number,
  span: { readonly fromMs: number; readonly toMs: number; readonly walletFromMs: number },
): { jobs: EsiCharacterIndustryJob[]; bills: IndustryJobBill[] } {
  const { fromMs, toMs, walletFromMs } = span;
  const listed = new Map<number, EsiCharacterIndustryJob>();
  const instants: number[] = [];
  for (let atMs = toMs; atMs > fromMs - LISTED_MS; atMs -= LISTED_MS) instants.unshift(atMs);
  for (const atMs of instants)
    for (const view of world.characterJobs(characterId, atMs, true))
      if (view.job.startMs >= fromMs) listed.set(view.job.jobId, characterJobBody(view));
  const jobs = [...listed.values()].sort((a, b) => a.job_id - b.job_id);
  const completed = new Map(
    jobs
      .filter((job) => job.status === 'delivered')
      .map((job) => [job.job_id, Date.parse(job.completed_date!)]),
  );
  const bills = world.groundTruth
    .jobs(characterWallet(characterId), fromMs - LISTED_MS, toMs)
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
        ...(completed.get(truth.jobId)! < walletFromMs ? { beforeWalletHistory: true } : {}),
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
  return { jobs, bills };
}
