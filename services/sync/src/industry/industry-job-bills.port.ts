import type { EsiBlueprint, EsiIndustryJob, IndustryJobBill } from '@tradewise/contracts';

/**
 * Resolves what a delivered job consumed and made (the static data and the game's formulas live in the market
 * context, the settings in accounts and market: the server composes them). Called by the sync for each delivered
 * job of an activity the ledger follows (`COSTED_JOB_ACTIVITIES`) before it publishes the job.
 */
export interface IndustryJobBills {
  /**
   * The job's bill, or null when the static data does not know the blueprint's activity (the job is then
   * published without one, and the ledger leaves it out). `blueprint` is the character's blueprint of the job's
   * `blueprint_id` as ESI last listed it, null when it was not listed (a corporation's, or one used up).
   */
  billFor(request: {
    readonly accountId: string;
    readonly job: EsiIndustryJob;
    readonly blueprint: EsiBlueprint | null;
  }): Promise<IndustryJobBill | null>;
}
