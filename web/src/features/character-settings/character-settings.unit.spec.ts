import type { AccountCharacter } from '../../shared/api';
import {
  NO_REGION,
  PRICE_FACTOR,
  REACTION_BONUS,
  priceFactorEnabled,
  regionOfChoice,
  regionOptions,
  settingsPatch,
  settingsValid,
  shownSettings,
} from './character-settings';

const THE_FORGE = 10000002;
const DOMAIN = 10000043;

function character(overrides: Partial<AccountCharacter> = {}): AccountCharacter {
  return {
    id: 2119000011,
    name: 'Aria Venn',
    roles: [],
    syncStatus: 'SYNCING',
    esiScopes: '',
    enableSync: true,
    enableCorpIndustrySync: false,
    enableCorpTradeSync: false,
    canSyncCorpIndustry: false,
    canSyncCorpTrade: false,
    defaultPriceRegion: null,
    defaultPriceFactor: null,
    reactionBonus: null,
    lastWalletUpdate: null,
    lastCorpIndustryUpdate: null,
    lastIndustryUpdate: null,
    lastTransactionsExport: null,
    lastJournalExport: null,
    ...overrides,
  };
}

describe('the Default Price Region choice (account-area §2 Character Settings)', () => {
  it("offers 'None' first, then every region by name", () => {
    expect(
      regionOptions([
        { id: THE_FORGE, name: 'The Forge' },
        { id: DOMAIN, name: 'Domain' },
      ]),
    ).toEqual([
      { value: NO_REGION, label: 'None' },
      { value: DOMAIN, label: 'Domain' },
      { value: THE_FORGE, label: 'The Forge' },
    ]);
    expect(regionOptions([])).toEqual([{ value: NO_REGION, label: 'None' }]);
  });

  it("reads 'None' as no region", () => {
    expect(regionOfChoice(NO_REGION)).toBeNull();
    expect(regionOfChoice(THE_FORGE)).toBe(THE_FORGE);
  });
});

describe("a character's settings row", () => {
  const stored = character({ defaultPriceRegion: THE_FORGE, defaultPriceFactor: 0.9, reactionBonus: 2.4 });

  it('shows the stored values under the unsaved edits', () => {
    expect(shownSettings(stored, {})).toEqual({
      defaultPriceRegion: THE_FORGE,
      defaultPriceFactor: 0.9,
      reactionBonus: 2.4,
    });
    expect(shownSettings(stored, { reactionBonus: null, defaultPriceFactor: 1.1 })).toEqual({
      defaultPriceRegion: THE_FORGE,
      defaultPriceFactor: 1.1,
      reactionBonus: null,
    });
  });

  it("disables and empties the Default Price Factor while the region is 'None'", () => {
    const none = shownSettings(stored, { defaultPriceRegion: null });
    expect(none.defaultPriceFactor).toBeNull();
    expect(priceFactorEnabled(none)).toBe(false);
    expect(priceFactorEnabled(shownSettings(stored, {}))).toBe(true);
    expect(priceFactorEnabled(shownSettings(character(), {}))).toBe(false);
    expect(priceFactorEnabled(shownSettings(character(), { defaultPriceRegion: DOMAIN }))).toBe(true);
  });

  it('takes the bounds the server validates: a factor of 0 to 1000, a bonus of 0 to 100 %', () => {
    expect(PRICE_FACTOR).toMatchObject({ min: 0, max: 1000, placeholder: '0.01' });
    expect(REACTION_BONUS).toMatchObject({ min: 0, max: 100 });
    const values = { defaultPriceRegion: THE_FORGE, defaultPriceFactor: 0, reactionBonus: 0 };
    expect(settingsValid(values)).toBe(true);
    expect(settingsValid({ ...values, defaultPriceFactor: 1000, reactionBonus: 100 })).toBe(true);
    expect(settingsValid({ ...values, defaultPriceFactor: 1000.01 })).toBe(false);
    expect(settingsValid({ ...values, defaultPriceFactor: -0.01 })).toBe(false);
    expect(settingsValid({ ...values, reactionBonus: 100.1 })).toBe(false);
    expect(settingsValid({ ...values, reactionBonus: Number.NaN })).toBe(false);
    expect(settingsValid({ ...values, defaultPriceRegion: 1.5 })).toBe(false);
    expect(settingsValid({ defaultPriceRegion: null, defaultPriceFactor: null, reactionBonus: null })).toBe(
      true,
    );
  });
});

describe('the PATCH a row saves', () => {
  it('sends only what differs from the stored values, and nothing when nothing does', () => {
    const stored = character({ defaultPriceRegion: THE_FORGE, defaultPriceFactor: 0.9, reactionBonus: 2.4 });
    expect(settingsPatch(stored, {})).toBeNull();
    expect(settingsPatch(stored, { defaultPriceFactor: 0.9, reactionBonus: 2.4 })).toBeNull();
    expect(settingsPatch(stored, { defaultPriceRegion: DOMAIN, reactionBonus: null })).toEqual({
      defaultPriceRegion: DOMAIN,
      reactionBonus: null,
    });
    expect(settingsPatch(stored, { defaultPriceFactor: null })).toEqual({ defaultPriceFactor: null });
  });

  it('sends a new region with its factor', () => {
    expect(
      settingsPatch(character(), {
        defaultPriceRegion: THE_FORGE,
        defaultPriceFactor: 0.95,
        reactionBonus: 2,
      }),
    ).toEqual({ defaultPriceRegion: THE_FORGE, defaultPriceFactor: 0.95, reactionBonus: 2 });
  });

  it("sends no factor with 'None': the server clears it with the region", () => {
    const stored = character({ defaultPriceRegion: THE_FORGE, defaultPriceFactor: 0.9 });
    expect(settingsPatch(stored, { defaultPriceRegion: null, defaultPriceFactor: 1.5 })).toEqual({
      defaultPriceRegion: null,
    });
    expect(settingsPatch(character(), { defaultPriceFactor: 1.5 })).toBeNull();
  });

  it('sends nothing while a value is out of bounds', () => {
    const stored = character({ defaultPriceRegion: THE_FORGE });
    expect(settingsPatch(stored, { defaultPriceFactor: 2000 })).toBeNull();
    expect(settingsPatch(stored, { reactionBonus: -1, defaultPriceFactor: 1 })).toBeNull();
  });
});
