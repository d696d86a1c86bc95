import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ACCOUNTS_READ_MODEL,
  DEFAULT_BROKER_FEE_RATES_PPM,
  TRADE_LEDGER_READ_MODEL,
  tierPolicy,
  iskToCents,
  lineLimitProblem,
  type AccountDocument,
  type BoughtContractItemPatch,
  type BrokerFeeOverrideDto,
  type BrokerFeeSuggestionDto,
  type ContractProfitPatch,
  type BrokerFeeOverrideInput,
  type LedgerStatus,
  type LedgerWriteResult,
  type ManufacturingProfitPatch,
  type ManufacturingResultPatch,
  type ProcessUnprocessed,
  type TradeProfitPatch,
  type WalletTransactionPatch,
  type WarehouseEntryDto,
  type WarehouseEntryInput,
} from '@tradewise/contracts';
import { CLOCK, LOGGER, READ_MODELS, type Clock, type Logger, type ReadModels } from '@tradewise/platform';
import { LedgerSnapshots, type LedgerSnapshot } from './ledger-snapshots';
import {
  LedgerEditNotFoundError,
  LedgerEditRejectedError,
  type TradeLedgerEdit,
} from './trade-ledger-edits.decider';
import { EditTradeLedger } from './edit-trade-ledger.handler';
import { LEDGER_LOCATION_NAMES, type LedgerLocationNames } from './location-names.port';
import {
  brokerFeeSuggestions,
  centsToIsk,
  suggestionBasisRates,
  typesNamed,
  unnamedLocation,
  type LedgerFilter,
  type LedgerOwnerFilter,
  type ViewNames,
} from './trade-ledger.views';
import { LEDGER_TYPE_NAMES, type LedgerTypeNames } from './type-names.port';

const DAY_MS = 24 * 3_600_000;

export interface LedgerRequest {
  readonly accountId: string;
  /** A command's position to wait for, so the user sees their own edit. */
  readonly position?: number;
  /** The item name filter. */
  readonly filter?: string;
  readonly characterId?: number;
  readonly owner?: LedgerOwnerFilter;
  readonly sinceMs?: number;
}

export interface LedgerContext {
  readonly snapshot: LedgerSnapshot;
  readonly names: ViewNames;
  readonly filter: LedgerFilter;
}

const PERCENT_TO_PPM = 10_000;

/**
 * The names of the wallets' owners: the account's characters, and the corporations whose wallets it imports (their
 * fills name the corporation, ESI naming no member).
 */
function walletOwnerNames(account: AccountDocument | null): Map<number, string> {
  return new Map([
    ...(account?.corporationWallets ?? []).map((c) => [c.corporationId, c.corporationName] as const),
    ...(account?.characters ?? []).map((c) => [c.characterId, c.characterName] as const),
  ]);
}

/**
 * The types the account's ledger holds, for the item filter. A generator: a page without the filter never walks
 * the year's rows (building these lists on every page read was most of a deep listing's time).
 */
function* typesIn(snapshot: LedgerSnapshot): Generator<number> {
  for (const row of snapshot.transactions) yield row.typeId;
  for (const row of snapshot.warehouse) yield row.typeId;
  for (const job of snapshot.jobs) yield job.typeId;
  for (const item of snapshot.boughtContractItems) yield item.typeId;
  for (const row of snapshot.contractProfits) yield* row.typeIds;
}

/** The ledger's reads and edits for the API: snapshots, names, the tier's history window and the edit checks. */
@Injectable()
export class TradeLedgerService {
  constructor(
    @Inject(LedgerSnapshots) private readonly snapshots: LedgerSnapshots,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(LEDGER_TYPE_NAMES) private readonly typeNames: LedgerTypeNames,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LEDGER_LOCATION_NAMES) private readonly locationNames: LedgerLocationNames,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** Everything a read needs; `history: 'tier'` applies the tier's profit history window (FREE: 30 days). */
  async context(request: LedgerRequest, history: 'tier' | 'all' = 'tier'): Promise<LedgerContext> {
    const [snapshot, account] = await Promise.all([
      this.snapshots.of(request.accountId, request.position),
      this.account(request.accountId),
    ]);
    const characters = walletOwnerNames(account);
    const names: ViewNames = {
      typeName: (typeId) => this.typeNames.typeName(typeId),
      characterName: (characterId) => characters.get(characterId) ?? null,
    };
    let sinceMs = request.sinceMs;
    const { profitHistoryDays } = tierPolicy(account?.tier ?? 'FREE');
    if (history === 'tier' && profitHistoryDays !== null) {
      sinceMs = Math.max(sinceMs ?? 0, this.clock.now().getTime() - profitHistoryDays * DAY_MS);
    }
    const typeIds = typesNamed(request.filter, typesIn(snapshot), names.typeName);
    return {
      snapshot,
      names,
      filter: {
        ...(typeIds ? { typeIds } : {}),
        ...(request.characterId !== undefined ? { characterId: request.characterId } : {}),
        ...(request.owner !== undefined ? { owner: request.owner } : {}),
        ...(sinceMs !== undefined ? { sinceMs } : {}),
      },
    };
  }

  /** Whether the account's ledger is current, or the record it stopped at (ADR 0010). */
  async status(accountId: string): Promise<LedgerStatus> {
    const failure = await this.readModels.failure(TRADE_LEDGER_READ_MODEL, accountId);
    if (!failure) return { stopped: null };
    const { position, eventType, reason, failedAt } = failure;
    return { stopped: { position, eventType, reason, failedAt } };
  }

  now(): Date {
    return this.clock.now();
  }

  async editTradeProfits(
    accountId: string,
    patches: readonly TradeProfitPatch[],
  ): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const known = new Set(snapshot.profits.map((row) => row.rowId));
    const missing = patches.filter((patch) => !known.has(patch.id)).map((patch) => patch.id);
    if (missing.length > 0) throw new NotFoundException(`No trade profit rows ${missing.join(', ')}.`);
    return this.execute(accountId, {
      type: 'EditTradeProfitRows',
      rows: patches.map((patch) => ({
        rowId: patch.id,
        quantitySold: patch.quantitySold,
        buyCostCents: iskToCents(patch.buyCost),
        buyBrokerFeeCents: iskToCents(patch.buyBrokerFee),
        sellGrossCents: iskToCents(patch.sellGross),
        sellBrokerFeeCents: iskToCents(patch.sellBrokerFee),
        sellTaxCents: iskToCents(patch.sellTax),
      })),
    });
  }

  async deleteTradeProfits(accountId: string, ids: readonly string[]): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const known = new Set(snapshot.profits.map((row) => row.rowId));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new NotFoundException(`No trade profit rows ${missing.join(', ')}.`);
    return this.execute(accountId, { type: 'DeleteTradeProfitRows', rowIds: [...new Set(ids)] });
  }

  /** Spec §4 Quantity rules: raise only, buys up to quantity − sold, sells up to quantity − consumed. */
  async editManufacturingProfits(
    accountId: string,
    patches: readonly ManufacturingProfitPatch[],
  ): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const known = new Set(snapshot.manufacturingProfits.map((row) => row.rowId));
    const missing = patches.filter((patch) => !known.has(patch.id)).map((patch) => patch.id);
    if (missing.length > 0)
      throw new NotFoundException(`No manufacturing profit rows ${missing.join(', ')}.`);
    return this.execute(accountId, {
      type: 'EditManufacturingProfitRows',
      rows: patches.map((patch) => ({
        rowId: patch.id,
        quantitySold: patch.quantitySold,
        manufacturingCostCents: iskToCents(patch.manufacturingCost),
        sellGrossCents: iskToCents(patch.sellGross),
        sellBrokerFeeCents: iskToCents(patch.sellBrokerFee),
        sellTaxCents: iskToCents(patch.sellTax),
      })),
    });
  }

  async deleteManufacturingProfits(accountId: string, ids: readonly string[]): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const known = new Set(snapshot.manufacturingProfits.map((row) => row.rowId));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0)
      throw new NotFoundException(`No manufacturing profit rows ${missing.join(', ')}.`);
    return this.execute(accountId, { type: 'DeleteManufacturingProfitRows', rowIds: [...new Set(ids)] });
  }

  /** Contract Profits: the user's figures replace the computed ones; an incomplete row then counts in profit. */
  async editContractProfits(
    accountId: string,
    patches: readonly ContractProfitPatch[],
  ): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const known = new Set(snapshot.contractProfits.map((row) => String(row.contractId)));
    const missing = patches.filter((patch) => !known.has(patch.id)).map((patch) => patch.id);
    if (missing.length > 0) throw new NotFoundException(`No contract profit rows ${missing.join(', ')}.`);
    return this.execute(accountId, {
      type: 'EditContractProfitRows',
      rows: patches.map((patch) => ({
        contractId: Number(patch.id),
        totalCostCents: iskToCents(patch.totalCost),
        sellGrossCents: iskToCents(patch.sellGross),
        sellBrokerFeeCents: iskToCents(patch.sellBrokerFee),
        sellTaxCents: iskToCents(patch.sellTax),
      })),
    });
  }

  async deleteContractProfits(accountId: string, ids: readonly string[]): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const known = new Set(snapshot.contractProfits.map((row) => String(row.contractId)));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new NotFoundException(`No contract profit rows ${missing.join(', ')}.`);
    return this.execute(accountId, {
      type: 'DeleteContractProfitRows',
      contractIds: [...new Set(ids)].map(Number),
    });
  }

  /** Contracts: quantities consumed raised, each up to quantity − sold (account-area §4 Quantity rules). */
  async editBoughtContractItems(
    accountId: string,
    patches: readonly BoughtContractItemPatch[],
  ): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const items = new Map(snapshot.boughtContractItems.map((item) => [item.itemId, item]));
    const missing = patches.filter((patch) => !items.has(patch.id)).map((patch) => patch.id);
    if (missing.length > 0) throw new NotFoundException(`No bought contract items ${missing.join(', ')}.`);
    const problems: string[] = [];
    const raised = new Map<number, number>();
    for (const patch of patches) {
      const item = items.get(patch.id)!;
      const maximum = item.quantity - item.quantitySold;
      if (patch.quantityConsumed < item.quantityConsumed)
        problems.push(
          `item ${patch.id}: quantityConsumed can only be raised (it is ${item.quantityConsumed})`,
        );
      else if (patch.quantityConsumed > maximum)
        problems.push(`item ${patch.id}: quantityConsumed can be at most ${maximum}`);
      else if (patch.quantityConsumed > item.quantityConsumed) raised.set(patch.id, patch.quantityConsumed);
    }
    if (problems.length > 0)
      throw new BadRequestException(`The request is not valid: ${problems.join('; ')}.`);
    if (raised.size === 0) return { position: null };
    return this.execute(accountId, {
      type: 'SetContractItemQuantitiesConsumed',
      items: [...raised].map(([itemId, quantityConsumed]) => ({ itemId, quantityConsumed })),
    });
  }

  /** Industry Jobs: a raised quantity consumed, or Re-process Job with the Missing inputs dialog's prices. */
  async editManufacturingResult(
    accountId: string,
    patch: ManufacturingResultPatch,
  ): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const job = snapshot.jobs.find((row) => row.jobId === patch.jobId);
    if (!job) throw new NotFoundException(`No industry job ${patch.jobId}.`);
    if (!job.tracked)
      throw new BadRequestException(`Job ${patch.jobId} is a corporation job that is not tracked.`);
    if (job.status !== 'delivered')
      throw new BadRequestException(`Job ${patch.jobId} was cancelled: it made nothing to edit.`);
    if ('quantityConsumed' in patch) {
      const maximum = job.quantity - job.quantitySold;
      if (patch.quantityConsumed < job.quantityConsumed)
        throw new BadRequestException(
          `Job ${patch.jobId}: quantityConsumed can only be raised (it is ${job.quantityConsumed}).`,
        );
      if (patch.quantityConsumed > maximum)
        throw new BadRequestException(`Job ${patch.jobId}: quantityConsumed can be at most ${maximum}.`);
      if (patch.quantityConsumed === job.quantityConsumed) return { position: null };
      return this.execute(accountId, {
        type: 'SetJobQuantityConsumed',
        jobId: patch.jobId,
        quantityConsumed: patch.quantityConsumed,
      });
    }
    const materials = new Map(job.materialCosts.map((material) => [material.typeId, material]));
    const customUnitPrices = patch.customUnitPrices.map(({ typeId, unitPrice }) => ({
      typeId,
      unitPriceCents: iskToCents(unitPrice),
    }));
    const problems: string[] = [];
    for (const { typeId, unitPriceCents } of customUnitPrices) {
      const material = materials.get(typeId);
      if (!material) {
        problems.push(`customUnitPrices.${typeId}: type ${typeId} is not an input of job ${patch.jobId}`);
        continue;
      }
      // Missing units only ever fall, so a price that fits them now fits whatever is missing when it is applied.
      const problem = lineLimitProblem(unitPriceCents, material.missing);
      if (problem) problems.push(`customUnitPrices.${typeId}: ${problem}`);
    }
    const customRunPriceCents = patch.customRunPrice === null ? null : iskToCents(patch.customRunPrice);
    if (customRunPriceCents !== null) {
      const problem = lineLimitProblem(customRunPriceCents, job.missingRuns);
      if (problem) problems.push(`customRunPrice: ${problem}`);
    }
    if (problems.length > 0)
      throw new BadRequestException(`The request is not valid: ${problems.join('; ')}.`);
    return this.execute(accountId, {
      type: 'ReprocessJob',
      jobId: patch.jobId,
      customUnitPrices,
      customRunPriceCents,
    });
  }

  async editTransactions(
    accountId: string,
    patches: readonly WalletTransactionPatch[],
  ): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const byId = new Map(snapshot.transactions.map((row) => [row.transactionId, row]));
    const consumed: { transactionId: number; quantityConsumed: number }[] = [];
    const sold: { transactionId: number; quantitySold: number }[] = [];
    for (const patch of patches) {
      const row = byId.get(patch.id);
      if (!row) throw new NotFoundException(`No transaction ${patch.id}.`);
      if (!row.tracked)
        throw new BadRequestException(`Transaction ${patch.id} is a corporation trade that is not tracked.`);
      if (row.isBuy) {
        if (patch.quantitySold !== undefined || patch.quantityConsumed === undefined)
          throw new BadRequestException(
            `Transaction ${patch.id} is a buy: only quantityConsumed can be edited.`,
          );
        const maximum = row.quantity - row.quantitySold;
        checkRaise(patch.id, 'quantityConsumed', patch.quantityConsumed, row.quantityConsumed, maximum);
        if (patch.quantityConsumed > row.quantityConsumed)
          consumed.push({ transactionId: patch.id, quantityConsumed: patch.quantityConsumed });
      } else {
        if (patch.quantityConsumed !== undefined || patch.quantitySold === undefined)
          throw new BadRequestException(
            `Transaction ${patch.id} is a sale: only quantitySold can be edited.`,
          );
        checkRaise(
          patch.id,
          'quantitySold',
          patch.quantitySold,
          row.quantitySold,
          row.quantity - row.quantityConsumed,
        );
        if (patch.quantitySold > row.quantitySold)
          sold.push({ transactionId: patch.id, quantitySold: patch.quantitySold });
      }
    }
    return this.execute(accountId, { type: 'SetTransactionQuantities', consumed, sold });
  }

  async processUnprocessed(accountId: string, request: ProcessUnprocessed): Promise<LedgerWriteResult> {
    const snapshot = await this.snapshots.of(accountId);
    const pending = new Map(
      snapshot.transactions.filter((row) => row.pending).map((row) => [row.transactionId, row]),
    );
    const ignored = request.transactionsToIgnore.map((t) => (typeof t === 'number' ? t : t.id));
    const ids = [...request.transactionsToProcess.map((t) => t.id), ...ignored];
    const notPending = ids.filter((id) => !pending.has(id));
    if (notPending.length > 0)
      throw new BadRequestException(`Transactions ${notPending.join(', ')} are not pending.`);
    if (new Set(ids).size !== ids.length)
      throw new BadRequestException('A transaction can be processed or ignored, not both.');
    const costs = request.transactionsToProcess.map((t) => ({
      transactionId: t.id,
      unitBuyPriceCents: iskToCents(t.customBuyPrice),
    }));
    // Pending units only ever fall, so a cost that fits them now fits whatever is pending when it is applied.
    const problems = costs.flatMap((cost, index) => {
      const problem = lineLimitProblem(
        cost.unitBuyPriceCents,
        pending.get(cost.transactionId)!.quantityRemaining,
      );
      return problem ? [`transactionsToProcess.${index}.customBuyPrice: ${problem}`] : [];
    });
    if (problems.length > 0)
      throw new BadRequestException(`The request is not valid: ${problems.join('; ')}.`);
    return this.execute(accountId, {
      type: 'ProcessPendingSales',
      costs,
      ignored,
    });
  }

  async warehouseEntries(accountId: string, position?: number): Promise<WarehouseEntryDto[]> {
    const snapshot = await this.snapshots.of(accountId, position);
    return snapshot.warehouse.map((entry) => ({
      id: entry.entryId,
      typeId: entry.typeId,
      typeName: this.typeNames.typeName(entry.typeId),
      unitPrice: centsToIsk(entry.unitPriceCents),
      quantity: entry.quantity,
    }));
  }

  async saveWarehouseEntry(
    accountId: string,
    input: WarehouseEntryInput,
    entryId?: string,
  ): Promise<LedgerWriteResult> {
    if (input.typeId !== undefined && !this.typeNames.isKnown(input.typeId))
      throw new BadRequestException(`typeId: there is no item with type id ${input.typeId}.`);
    const typeId = input.typeId ?? this.typeIdByName(input.typeName!);
    if (
      input.typeId !== undefined &&
      input.typeName !== undefined &&
      this.typeIdByName(input.typeName) !== typeId
    )
      throw new BadRequestException('typeId and typeName name different items.');
    const unitPriceCents = iskToCents(input.unitPrice);
    if (input.quantity === null) {
      // A default price covers a pending sale whole: the largest one waiting must fit in one line.
      const snapshot = await this.snapshots.of(accountId);
      const units = snapshot.transactions.reduce(
        (most, row) => (row.pending && row.typeId === typeId ? Math.max(most, row.quantityRemaining) : most),
        0,
      );
      const problem = lineLimitProblem(unitPriceCents, units);
      if (problem) throw new BadRequestException(`The request is not valid: unitPrice: ${problem}.`);
    }
    return this.execute(accountId, {
      type: 'SaveWarehouseEntry',
      ...(entryId !== undefined ? { entryId } : {}),
      newEntryId: randomUUID(),
      typeId,
      unitPriceCents,
      quantity: input.quantity,
    });
  }

  removeWarehouseEntry(accountId: string, entryId: string): Promise<LedgerWriteResult> {
    return this.execute(accountId, { type: 'RemoveWarehouseEntry', entryId });
  }

  /** Built-in rows first (start date null, shown 'Default'), then the account's overrides by start date. */
  async brokerFeeOverrides(accountId: string, position?: number): Promise<BrokerFeeOverrideDto[]> {
    const snapshot = await this.snapshots.of(accountId, position);
    const builtIn: BrokerFeeOverrideDto = {
      id: null,
      startDate: null,
      characterId: null,
      typeId: null,
      typeName: null,
      ...percents(DEFAULT_BROKER_FEE_RATES_PPM),
    };
    return [
      builtIn,
      ...snapshot.brokerFeeOverrides.map((row) => ({
        id: row.overrideId,
        startDate: row.startDate,
        characterId: row.characterId,
        typeId: row.typeId,
        typeName: row.typeId === null ? null : this.typeNames.typeName(row.typeId),
        ...percents(row),
      })),
    ];
  }

  /**
   * Settings' suggested overrides: per character, the rates its matched placements paid (docs/profit-rules.md
   * §6.5), each basis location named. A name never fails the list: one that cannot be had is 'Structure <id>'.
   */
  async brokerFeeSuggestions(accountId: string, position?: number): Promise<BrokerFeeSuggestionDto[]> {
    const [snapshot, account] = await Promise.all([
      this.snapshots.of(accountId, position),
      this.account(accountId),
    ]);
    const characters = walletOwnerNames(account);
    const locationIds = [...new Set(suggestionBasisRates(snapshot).map((rate) => rate.locationId))];
    let named: ReadonlyMap<number, string> = new Map();
    if (locationIds.length > 0) {
      try {
        named = await this.locationNames.names(locationIds);
      } catch (error) {
        this.logger?.warn(
          { err: error, locationIds },
          'Could not name the locations of the broker fee suggestions; they are shown by id',
        );
      }
    }
    return brokerFeeSuggestions(
      snapshot,
      {
        typeName: (typeId) => this.typeNames.typeName(typeId),
        characterName: (characterId) => characters.get(characterId) ?? null,
      },
      (locationId) => named.get(locationId) ?? unnamedLocation(locationId),
    );
  }

  async addBrokerFeeOverride(accountId: string, input: BrokerFeeOverrideInput): Promise<LedgerWriteResult> {
    // A character's wallet, or a tracked corporation's (its fills are booked to the corporation).
    if (!walletOwnerNames(await this.account(accountId)).has(input.characterId))
      throw new BadRequestException(
        `Character ${input.characterId} is not on this account, nor a corporation whose trade it tracks.`,
      );
    const typeName = input.typeName?.trim();
    return this.execute(accountId, {
      type: 'AddBrokerFeeOverride',
      overrideId: randomUUID(),
      startDate: this.startDate(input.startDate),
      characterId: input.characterId,
      typeId: typeName ? this.typeIdByName(typeName) : null,
      buyFeePpm: ppm(input.buyFee),
      sellFeePpm: ppm(input.sellFee),
      npcSellFeePpm: ppm(input.npcSellFee),
    });
  }

  removeBrokerFeeOverride(accountId: string, overrideId: string): Promise<LedgerWriteResult> {
    return this.execute(accountId, { type: 'RemoveBrokerFeeOverride', overrideId });
  }

  /**
   * Spec §5: 'YYYY-MM-DD HH:mm' UTC (an ISO date-time is accepted too). The spec's fall back to now is the web
   * form's; a script that sends a date that is not one, or a day the calendar lacks, learns it from a 400.
   */
  private startDate(text: string): string {
    const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z?$/.exec(text.trim());
    const parsed = match ? Date.parse(`${match[1]}T${match[2]}${match[3] ?? ':00'}Z`) : NaN;
    const date = new Date(parsed);
    if (Number.isNaN(parsed) || date.toISOString().slice(0, 16) !== `${match![1]}T${match![2]}`)
      throw new BadRequestException(
        `startDate: '${text.slice(0, 40)}' is not a UTC date and time such as 2026-01-01 12:00.`,
      );
    return date.toISOString();
  }

  private typeIdByName(name: string): number {
    const typeId = this.typeNames.typeIdByName(name.trim());
    // The static data names type 0 too ('#System'), which is no item.
    if (typeId === undefined || typeId <= 0)
      throw new BadRequestException(`There is no item named '${name.slice(0, 100)}'.`);
    return typeId;
  }

  private async account(accountId: string): Promise<AccountDocument | null> {
    const accounts = await this.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    return accounts ? accounts.findOne({ _id: accountId }) : null;
  }

  private async execute(accountId: string, edit: TradeLedgerEdit): Promise<LedgerWriteResult> {
    try {
      return await this.commands.execute(new EditTradeLedger(accountId, edit));
    } catch (error) {
      if (error instanceof LedgerEditNotFoundError) throw new NotFoundException(error.message);
      if (error instanceof LedgerEditRejectedError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}

function ppm(percent: number): number {
  return Math.round(percent * PERCENT_TO_PPM);
}

function percents(rates: { buyFeePpm: number; sellFeePpm: number; npcSellFeePpm: number }) {
  return {
    buyFee: rates.buyFeePpm / PERCENT_TO_PPM,
    sellFee: rates.sellFeePpm / PERCENT_TO_PPM,
    npcSellFee: rates.npcSellFeePpm / PERCENT_TO_PPM,
  };
}

function checkRaise(id: number, field: string, value: number, current: number, maximum: number): void {
  if (value < current)
    throw new BadRequestException(`Transaction ${id}: ${field} can only be raised (it is ${current}).`);
  if (value > maximum)
    throw new BadRequestException(`Transaction ${id}: ${field} can be at most ${maximum}.`);
}
