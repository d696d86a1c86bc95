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
import { calculateIndustry, planBuildTree } from './build-tree';
import { IndustryInputError, parseIndustryRequest } from './industry-job.plan';

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
    const tree = planBuildTree(parseIndustryRequest(body), this.staticData);
    const { root } = tree;
    const inputTypeIds = tree.materialTypeIds;
    const outputTypeIds = root.products.map((product) => product.typeId);
    const withSystem = [root, ...tree.jobs.map((job) => job.plan)].some((plan) => plan.system !== null);
    const [prices, indices, inputBooks, outputBooks] = await Promise.all([
      this.marketPrices.prices(),
      withSystem ? this.costIndices.systems() : null,
      this.books(root.buyRegionId, inputTypeIds),
      this.books(root.sellRegionId, outputTypeIds),
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
    return calculateIndustry(tree, {
      adjustedPrices,
      averagePrices,
      inputMarketPrices: sidePrices(inputTypeIds, inputBooks, root.buyFromBuys),
      outputMarketPrices: sidePrices(outputTypeIds, outputBooks, root.sellToBuys),
      costIndex: (system, activity) =>
        (system &&
          indices?.bySystem.get(system.systemId)?.cost_indices.find((entry) => entry.activity === activity)
            ?.cost_index) ??
        0,
    });
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
