import type { BoughtContractItemRow } from '../../shared/api';
import {
  boughtItemLineOf,
  consumedPatches,
  consumedTooHigh,
  copiedUnitPriceText,
  copyPercentOf,
  shownItem,
  totalShown,
  unitPriceShown,
  withConsumed,
} from './bought-contract-items';

function row(overrides: Partial<BoughtContractItemRow> = {}): BoughtContractItemRow {
  return {
    id: 4014269899211393,
    date: '2026-11-25T09:08:53Z',
    characterId: 2119000022,
    characterName: 'Lena Vasko',
    characterContractId: 3514269899211392,
    typeId: 10156,
    typeName: 'Strong Blue Pill Booster',
    computedUnitPrice: 30608.76,
    totalCost: 38811910.58,
    appraisalMethod: 'MARKET_ORDERS',
    quantity: 1268,
    quantitySold: 148,
    quantityConsumed: 0,
    quantityRemaining: 1120,
    ...overrides,
  };
}

describe('bought contract items (account-area §2 Contracts, §4 Quantity rules)', () => {
  it('show a unit price for market orders and single item contracts, a total for market orders only', () => {
    expect(unitPriceShown('MARKET_ORDERS')).toBe(true);
    expect(unitPriceShown('SINGLE_ITEM_TYPE')).toBe(true);
    expect(unitPriceShown('ESI_PRICE')).toBe(false);
    expect(unitPriceShown('BLUEPRINT')).toBe(false);
    expect(totalShown('MARKET_ORDERS')).toBe(true);
    expect(totalShown('SINGLE_ITEM_TYPE')).toBe(false);
  });

  it('copy the set percentage (0 to 100, 100 by default) of the unit price, to the cent', () => {
    expect(copyPercentOf(null)).toBe(100);
    expect(copyPercentOf('abc')).toBe(100);
    expect(copyPercentOf('150')).toBe(100);
    expect(copyPercentOf('-5')).toBe(0);
    expect(copiedUnitPriceText(30608.76, 90)).toBe('27547.88');
    expect(copiedUnitPriceText(30608.76, 100)).toBe('30608.76');
    expect(copiedUnitPriceText(30608.76, 0)).toBe('0.00');
  });

  it('raise consumed only; a value above quantity − sold is kept for the server to refuse', () => {
    const line = boughtItemLineOf(row({ quantityConsumed: 10, quantityRemaining: 1110 }));
    expect(withConsumed(line, 4).consumed).toBe(10);
    const raised = withConsumed(line, 15.7);
    expect(shownItem(raised)).toMatchObject({ quantityConsumed: 15, quantityRemaining: 1105 });
    expect(consumedTooHigh(raised)).toBe(false);
    expect(consumedTooHigh(withConsumed(line, 1121))).toBe(true);
    expect(consumedPatches([raised, withConsumed(line, 10)])).toEqual([
      { id: 4014269899211393, quantityConsumed: 15 },
    ]);
  });
});
