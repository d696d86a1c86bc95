import type { ContractProfitRow } from '../../shared/api';
import {
  editedLine,
  lineOf,
  marginText,
  profitOf,
  figuresOfLine,
} from '../../shared/profit-list/profit-figures';
import {
  contractProfitPatches,
  contractProfitView,
  excludedFromProfit,
  feeSourceText,
  figuresOfContractRow,
} from './contract-profit-edit';

function row(overrides: Partial<ContractProfitRow> = {}): ContractProfitRow {
  return {
    id: '3514117838324320',
    date: '2026-10-31T15:52:00Z',
    characterContract: {
      characterId: 2119000022,
      characterName: 'Lena Vasko',
      acceptorName: 'Orrin Brightwater',
      title: "1356 x 'Basic' Signal Amplifier",
      contractId: 3514117838324320,
    },
    materialCosts: [
      { typeId: 1949, quantity: 1356, totalCost: 9716108.85, missing: 1223 },
      { typeId: 1828, quantity: 8036, totalCost: 0, missing: 8036 },
    ],
    materialTypeNames: {
      '1949': "'Basic' Signal Amplifier",
      '1828': 'Mjolnir Auto-Targeting Cruise Missile I',
    },
    missingMaterials: [
      { typeId: 1949, quantity: 1223 },
      { typeId: 1828, quantity: 8036 },
    ],
    materialsIncomplete: true,
    totalCost: 9716108.85,
    sellGross: 242800000,
    sellBrokerFee: 10000,
    sellTax: 0,
    sellBrokerFeeSource: 'journal',
    sellTaxSource: 'rule',
    profit: 233073891.15,
    margin: 0.96,
    counted: false,
    edited: false,
    isIgnored: false,
    ...overrides,
  };
}

describe('contract profit rows (account-area §2 Contract Profit List, §3)', () => {
  it('are one unit: the total cost with no fee, and the sale; profit agrees with the server', () => {
    const figures = figuresOfContractRow(row());
    expect(figures).toEqual({
      quantitySold: 1,
      cost: 971610885,
      costFee: 0,
      sellGross: 24280000000,
      sellBrokerFee: 1000000,
      sellTax: 0,
    });
    expect(profitOf(figures)).toBe(23307389115);
    expect(marginText(figures)).toBe('95.99%');
  });

  it('name the seller and the items for the shared frame', () => {
    expect(contractProfitView(row())).toMatchObject({
      characterName: 'Lena Vasko',
      typeName: "'Basic' Signal Amplifier, Mjolnir Auto-Targeting Cruise Missile I",
    });
  });

  it('are excluded while items lack a buy price and the total cost is not edited', () => {
    expect(excludedFromProfit(row())).toBe(true);
    expect(excludedFromProfit(row({ edited: true }))).toBe(false);
    expect(excludedFromProfit(row({ materialsIncomplete: false }))).toBe(false);
    expect(feeSourceText('rule')).toMatch(/^Estimated: public contracts 0.95% broker fee/);
    expect(feeSourceText('journal')).toBe('From the wallet journal');
  });

  it('patch the id and every editable field in ISK; the fees follow a new sell gross at their ratios', () => {
    const edited = editedLine(lineOf(contractProfitView(row())), figuresOfContractRow, 'cost', 20000000000);
    expect(profitOf(figuresOfLine(edited, figuresOfContractRow))).toBe(4279000000);
    const sold = editedLine(edited, figuresOfContractRow, 'sellGross', 12140000000);
    expect(contractProfitPatches([lineOf(contractProfitView(row())), sold])).toEqual([
      { id: '3514117838324320', totalCost: 200000000, sellGross: 121400000, sellBrokerFee: 5000, sellTax: 0 },
    ]);
  });
});
