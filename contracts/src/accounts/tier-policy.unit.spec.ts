import { SUBSCRIPTION_TIERS } from './account-events';
import { tierPolicy } from './tier-policy';

describe('tierPolicy', () => {
  it('gives each tier what account-area §1, §6 and §9 list', () => {
    expect(Object.fromEntries(SUBSCRIPTION_TIERS.map((tier) => [tier, tierPolicy(tier)]))).toEqual({
      FREE: {
        syncingCharacterLimit: 2,
        profitHistoryDays: 30,
        showsAds: true,
        privateStructurePrices: false,
        contractSync: false,
        corporationFeatures: false,
      },
      SUPPORTER: {
        syncingCharacterLimit: 4,
        profitHistoryDays: null,
        showsAds: false,
        privateStructurePrices: true,
        contractSync: true,
        corporationFeatures: false,
      },
      PRO: {
        syncingCharacterLimit: null,
        profitHistoryDays: null,
        showsAds: false,
        privateStructurePrices: true,
        contractSync: true,
        corporationFeatures: true,
      },
    });
  });
});
