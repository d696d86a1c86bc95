import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { READ_STORE, isDuplicateKeyError, type ReadStore } from '@tradewise/platform';
import type { AppraisalDocument, AppraisalSummaryDocument } from './appraisal.document';
import { newAppraisalId } from './appraisal-id';

export const APPRAISALS_COLLECTION = 'appraisals';
/** The history shows an account's newest appraisals, at most this many. */
export const APPRAISAL_HISTORY_MAX = 500;
/** A clash of two random 10-letter ids is all but impossible; a few draws make it impossible in practice. */
const ID_ATTEMPTS = 5;

/**
 * Saved appraisals as documents of the read store (ADR 0006). An expired appraisal is never answered, whether or
 * not the purge has removed it yet.
 */
@Injectable()
export class AppraisalStore implements OnModuleInit {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get appraisals() {
    return this.readStore.collection<AppraisalDocument>(APPRAISALS_COLLECTION);
  }

  async onModuleInit(): Promise<void> {
    await this.appraisals.createIndex({ accountId: 1, createdAt: -1 }, { name: 'by_account' });
    await this.appraisals.createIndex({ expiresAt: 1 }, { name: 'by_expiry' });
  }

  /** Stores the appraisal `withId` builds under a new random id. */
  async insert(withId: (id: string) => AppraisalDocument): Promise<AppraisalDocument> {
    for (let attempt = 1; ; attempt++) {
      const document = withId(newAppraisalId());
      try {
        await this.appraisals.insertOne(document);
        return document;
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt >= ID_ATTEMPTS) throw error;
      }
    }
  }

  async find(id: string, now: Date): Promise<AppraisalDocument | null> {
    return this.appraisals.findOne({ _id: id, expiresAt: { $gt: now.getTime() } });
  }

  /** The account's live appraisals, newest first, without their rows. */
  async history(accountId: string, now: Date): Promise<AppraisalSummaryDocument[]> {
    return this.appraisals
      .find(
        { accountId, expiresAt: { $gt: now.getTime() } },
        { projection: { items: 0 }, sort: { createdAt: -1 }, limit: APPRAISAL_HISTORY_MAX },
      )
      .toArray();
  }

  /** Deletes every appraisal expired at `now`; answers how many. */
  async purgeExpired(now: Date): Promise<number> {
    const { deletedCount } = await this.appraisals.deleteMany({ expiresAt: { $lte: now.getTime() } });
    return deletedCount;
  }
}
