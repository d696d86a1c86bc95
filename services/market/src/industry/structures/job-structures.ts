import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  STRUCTURE_LOCATION_ID_MIN,
  TRADE_LEDGER_READ_MODEL,
  type ManufacturingResultDocument,
  type UsedStructureDto,
} from '@tradewise/contracts';
import { LOGGER, READ_MODELS, type Logger, type ReadModels } from '@tradewise/platform';
import { STRUCTURE_NAMES, type StructureNames } from '../../market-data/market-data.ports';

/**
 * The structures an account's delivered and cancelled industry jobs ran in, from the ledger's `trade-ledger` read
 * model, named as ESI names them to a linked character.
 */
@Injectable()
export class JobStructures {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(STRUCTURE_NAMES) private readonly structureNames: StructureNames,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** The distinct Upwell structure ids among the facilities of the account's jobs. */
  async facilityIds(accountId: string): Promise<number[]> {
    const ledger = await this.readModels.serving<ManufacturingResultDocument>(TRADE_LEDGER_READ_MODEL);
    if (!ledger) return [];
    const jobs = await ledger
      .find(
        { accountId, kind: 'job', facilityId: { $gte: STRUCTURE_LOCATION_ID_MIN } },
        { projection: { _id: 0, facilityId: 1 } },
      )
      .toArray();
    return [...new Set(jobs.map((job) => job.facilityId))];
  }

  /**
   * Each structure with its name; one ESI will not name (no character with the scope may dock there) is
   * 'Structure <id>', so it can still be chosen. A name never fails the list.
   */
  async named(structureIds: readonly number[]): Promise<UsedStructureDto[]> {
    let names: ReadonlyMap<number, string> = new Map();
    try {
      names = await this.structureNames.names(structureIds);
    } catch (error) {
      this.logger?.warn(
        { err: error, structureIds },
        'Could not name the structures jobs ran in; they are listed by id',
      );
    }
    return structureIds.map((facilityId) => ({
      facilityId,
      name: names.get(facilityId) ?? `Structure ${facilityId}`,
    }));
  }
}
