import { Inject, Injectable } from '@nestjs/common';
import type { IndustryCalculation } from '@tradewise/contracts';
import {
  INDUSTRY_COST_INDICES,
  MARKET_ORDER_BOOKS,
  MARKET_PRICES,
  UnknownRegionError,
  type IndustryCostIndices,
  type MarketOrderBooks,
  type MarketPrices,
} from '../../market-data/market-data.ports';
import type { StaticData } from '../../static-data/static-data';
import { STATIC_DATA } from '../../static-data/static-data.token';
import { bestPrice } from './best-price';
import { calculateIndustryJob } from './industry-calculator';
import {
  IndustryInputError,
  parseIndustryRequest,
  planIndustryJob,
  type IndustryJobPlan,
} from './industry-job.plan';

/**
 * POST /industry/calculate behind the controller: checks the request against the static data, reads adjusted
 * prices, the system's cost index and both regions' order books through the market data ports (cached there
 * until ESI's expiry), and prices the job.
 */
@Injectable()
export class IndustryCalculationService {
  constructor(
    @Inject(STATIC_DATA) private readonly staticData: StaticData,
    @Inject(MARKET_ORDER_BOOKS) private readonly orderBooks: MarketOrderBooks,
    @Inject(MARKET_PRICES) private readonly marketPrices: MarketPrices,
    @Inject(INDUSTRY_COST_INDICES) private readonly costIndices: IndustryCostIndices,
  ) {}

  /** Throws {@link IndustryInputError} for a request it cannot answer. */
  async calculate(body: unknown): Promise<IndustryCalculation> {
    const plan = planIndustryJob(parseIndustryRequest(body), this.staticData);
    const inventionTypeIds = plan.invention
      ? [
          ...plan.invention.activity.materials.map((material) => material.typeId),
          ...(plan.invention.decryptor ? [plan.invention.decryptor.typeId] : []),
        ]
      : [];
    const inputTypeIds = [
      ...new Set([...plan.activity.materials.map((material) => material.typeId), ...inventionTypeIds]),
    ];
    const outputTypeIds = plan.products.map((product) => product.typeId);
    const [prices, systemCostIndex, inventionCostIndex, inputBooks, outputBooks] = await Promise.all([
      this.marketPrices.prices(),
      this.systemCostIndex(plan, plan.isReaction ? 'reaction' : 'manufacturing'),
      plan.invention ? this.systemCostIndex(plan, 'invention') : 0,
      this.books(plan.buyRegionId, inputTypeIds),
      this.books(plan.sellRegionId, outputTypeIds),
    ]);
    const adjustedPrices = new Map<number, number>();
    for (const typeId of inputTypeIds) {
      const adjusted = prices.byType.get(typeId)?.adjusted_price;
      if (adjusted !== undefined) adjustedPrices.set(typeId, adjusted);
    }
    const averagePrices = new Map<number, number>();
    for (const typeId of [...inputTypeIds, ...outputTypeIds]) {
      const average = prices.byType.get(typeId)?.average_price;
      if (average !== undefined && average > 0) averagePrices.set(typeId, average);
    }
    const sidePrices = (typeIds: readonly number[], books: typeof inputBooks, fromBuyOrders: boolean) =>
      new Map(typeIds.map((typeId) => [typeId, bestPrice(books.get(typeId)?.orders ?? [], fromBuyOrders)]));
    return calculateIndustryJob(plan, {
      adjustedPrices,
      averagePrices,
      systemCostIndex,
      inventionCostIndex,
      inputMarketPrices: sidePrices(inputTypeIds, inputBooks, plan.buyFromBuys),
      outputMarketPrices: sidePrices(outputTypeIds, outputBooks, plan.sellToBuys),
    });
  }

  private async systemCostIndex(plan: IndustryJobPlan, activity: string): Promise<number> {
    if (!plan.system) return 0;
    const { bySystem } = await this.costIndices.systems();
    const index = bySystem
      .get(plan.system.systemId)
      ?.cost_indices.find((entry) => entry.activity === activity)?.cost_index;
    return index ?? 0;
  }

  private async books(regionId: number, typeIds: readonly number[]) {
    try {
      return await this.orderBooks.typeBooks(regionId, typeIds);
    } catch (error) {
      if (error instanceof UnknownRegionError) {
        throw new IndustryInputError(`The market of region ${regionId} is unknown.`);
      }
      throw error;
    }
  }
}
