import type { BrokerFeeOverride, BrokerFeeSuggestion } from '../../shared/api';
import {
  DEFAULT_NEW_FEES,
  basisSummary,
  basisText,
  brokerFeeFormValid,
  brokerFeeInput,
  canRemove,
  characterText,
  feeText,
  formFromSuggestion,
  hasSuggestions,
  itemText,
  newBrokerFeeForm,
  startDateOf,
  startDateText,
  utcMinuteText,
  walletOwners,
} from './broker-fee-overrides';

const NOW = Date.UTC(2026, 10, 21, 22, 5, 41);
const builtIn: BrokerFeeOverride = {
  id: null,
  startDate: null,
  characterId: null,
  typeId: null,
  typeName: null,
  buyFee: 0.5,
  sellFee: 0.5,
  npcSellFee: 3.5,
};
const override: BrokerFeeOverride = {
  id: '0f8a3c52-8a4e-4d55-9d0b-0d3f8f7f2a11',
  startDate: '2026-11-01T12:30:00.000Z',
  characterId: 2119000011,
  typeId: 34,
  typeName: 'Tritanium',
  buyFee: 1.2,
  sellFee: 0.75,
  npcSellFee: 2.25,
};

describe('the new broker fee override form (account-area §2 Settings, §5)', () => {
  it('starts now in UTC, with the first character and the fees 0.5%, 0.5%, 3.5%', () => {
    expect(DEFAULT_NEW_FEES).toEqual({ buyFee: 0.5, sellFee: 0.5, npcSellFee: 3.5 });
    expect(newBrokerFeeForm(NOW, 7)).toEqual({
      startDate: '2026-11-21 22:05',
      characterId: 7,
      itemName: '',
      buyFee: 0.5,
      sellFee: 0.5,
      npcSellFee: 3.5,
    });
  });

  it("reads the start date as UTC 'YYYY-MM-DD HH:mm' and falls back to now when it is not one", () => {
    expect(utcMinuteText(NOW)).toBe('2026-11-21 22:05');
    expect(startDateOf(' 2026-01-02 03:04 ', NOW)).toBe('2026-01-02 03:04');
    for (const invalid of [
      '',
      'tomorrow',
      '2026-02-30 10:00',
      '2026-01-02 24:00',
      '2026-1-2 3:04',
      '2026-01-02T03:04',
    ])
      expect(startDateOf(invalid, NOW)).toBe('2026-11-21 22:05');
  });

  it('needs a character and three fees of at least 0', () => {
    const form = newBrokerFeeForm(NOW, 7);
    expect(brokerFeeFormValid(form)).toBe(true);
    expect(brokerFeeFormValid({ ...form, characterId: null })).toBe(false);
    expect(brokerFeeFormValid({ ...form, sellFee: null })).toBe(false);
    expect(brokerFeeFormValid({ ...form, npcSellFee: -0.1 })).toBe(false);
    expect(brokerFeeFormValid({ ...form, buyFee: 0 })).toBe(true);
  });

  it('sends the item name trimmed, or null for every item', () => {
    const form = { ...newBrokerFeeForm(NOW, 7), startDate: 'soon', itemName: '  Tritanium ', buyFee: 1.25 };
    expect(brokerFeeInput(form, NOW)).toEqual({
      startDate: '2026-11-21 22:05',
      characterId: 7,
      typeName: 'Tritanium',
      buyFee: 1.25,
      sellFee: 0.5,
      npcSellFee: 3.5,
    });
    expect(brokerFeeInput({ ...form, itemName: '   ' }, NOW).typeName).toBeNull();
    expect(() => brokerFeeInput({ ...form, characterId: null }, NOW)).toThrow();
  });
});

describe('the broker fee override list', () => {
  it("shows built-in rows as 'Default' for every character and item, without Remove", () => {
    expect(startDateText(builtIn)).toBe('Default');
    expect(characterText(builtIn, [])).toBe('All characters');
    expect(itemText(builtIn)).toBe('All items');
    expect(canRemove(builtIn)).toBe(false);
  });

  it("shows an override's start in UTC, its character by name, and offers Remove", () => {
    expect(startDateText(override)).toBe('2026-11-01 12:30');
    expect(characterText(override, [{ id: 2119000011, name: 'Aria Venn' }])).toBe('Aria Venn');
    expect(characterText(override, [])).toBe('2119000011');
    expect(itemText(override)).toBe('Tritanium');
    expect(canRemove(override)).toBe(true);
    expect(feeText(override.npcSellFee)).toBe('2.25%');
  });
});

describe('the suggested overrides (docs/profit-rules.md §6.5)', () => {
  const suggestion: BrokerFeeSuggestion = {
    characterId: 2119000013,
    characterName: 'Brisk Trader',
    buyFee: 0.5,
    sellFee: 0.5,
    npcSellFee: 1.35,
    basis: [
      {
        locationId: 1035466617946,
        locationName: 'Perimeter - Tranquility Trading Tower',
        ratePercent: 0.5,
        agreeing: 60,
        samples: 61,
      },
      {
        locationId: 60003760,
        locationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
        ratePercent: 1.35,
        agreeing: 40,
        samples: 42,
      },
    ],
  };

  it("given a typed form, when a suggestion is used, then it takes the suggestion's character and three rates for every item and keeps the start date", () => {
    const typed = {
      ...newBrokerFeeForm(NOW, 7),
      startDate: '2026-06-01 00:00',
      itemName: 'Tritanium',
      buyFee: 2,
      sellFee: null,
    };
    const filled = formFromSuggestion(typed, suggestion);
    expect(filled).toEqual({
      startDate: '2026-06-01 00:00',
      characterId: 2119000013,
      itemName: '',
      buyFee: 0.5,
      sellFee: 0.5,
      npcSellFee: 1.35,
    });
    expect(brokerFeeFormValid(filled)).toBe(true);
    expect(brokerFeeInput(filled, NOW)).toEqual({
      startDate: '2026-06-01 00:00',
      characterId: 2119000013,
      typeName: null,
      buyFee: 0.5,
      sellFee: 0.5,
      npcSellFee: 1.35,
    });
  });

  it('given a start date still empty, when a suggestion is used, then the date is left for the user and Add falls back to now (§5)', () => {
    const filled = formFromSuggestion({ ...newBrokerFeeForm(NOW, null), startDate: '' }, suggestion);
    expect(filled.startDate).toBe('');
    expect(brokerFeeInput(filled, NOW).startDate).toBe('2026-11-21 22:05');
  });

  it('shows the table only when there is a suggestion', () => {
    expect(hasSuggestions(undefined)).toBe(false);
    expect(hasSuggestions([])).toBe(false);
    expect(hasSuggestions([suggestion])).toBe(true);
  });

  it('lists each basis location with its rate and order counts, and folds them into a summary', () => {
    expect(suggestion.basis.map(basisText)).toEqual([
      'Perimeter - Tranquility Trading Tower: 0.5% (60 of 61 orders)',
      'Jita IV - Moon 4 - Caldari Navy Assembly Plant: 1.35% (40 of 42 orders)',
    ]);
    expect(basisSummary(suggestion)).toBe('2 locations, 100 orders agreeing');
    expect(basisSummary({ ...suggestion, basis: [{ ...suggestion.basis[0]!, agreeing: 1 }] })).toBe(
      '1 location, 1 order agreeing',
    );
  });
});

describe('whose rates an override sets', () => {
  it('offers the characters, then the corporations whose trade the account tracks', () => {
    expect(
      walletOwners({
        characters: [{ id: 2119000013, name: 'Mira Soltan' }],
        corporationWallets: [{ corporationId: 98770002, corporationName: 'Forge Freight & Fabrication' }],
      }),
    ).toEqual([
      { id: 2119000013, name: 'Mira Soltan' },
      { id: 98770002, name: 'Forge Freight & Fabrication (Corporation)' },
    ]);
    expect(walletOwners({ characters: [] })).toEqual([]);
  });
});
