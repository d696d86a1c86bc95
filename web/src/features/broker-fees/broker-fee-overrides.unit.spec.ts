import type { BrokerFeeOverride } from '../../shared/api';
import {
  DEFAULT_NEW_FEES,
  brokerFeeFormValid,
  brokerFeeInput,
  canRemove,
  characterText,
  feeText,
  itemText,
  newBrokerFeeForm,
  startDateOf,
  startDateText,
  utcMinuteText,
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
