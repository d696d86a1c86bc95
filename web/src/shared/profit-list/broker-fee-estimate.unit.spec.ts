import { BROKER_FEE_ESTIMATE_LEAD, brokerFeeEstimateOf, brokerFeeEstimateTitle } from './broker-fee-estimate';
import { editOfFigures, lineOf, type ProfitField, type ProfitLine } from './profit-figures';

interface Row {
  readonly id: string;
  readonly brokerFeeEstimate: string | null;
}

const REASON = 'Fills of its order are missing from the wallet (ESI lists about 30 days).';
const FIGURES = { quantitySold: 1, cost: 100, costFee: 1, sellGross: 200, sellBrokerFee: 2, sellTax: 3 };
const FIELDS: ProfitField[] = [
  'units',
  'costUnitPrice',
  'cost',
  'costFee',
  'sellUnitPrice',
  'sellGross',
  'sellBrokerFee',
  'sellTax',
];

const marked = (line: ProfitLine<Row>) => FIELDS.filter((field) => brokerFeeEstimateOf(line, field) !== null);

describe('the estimated broker fee marker', () => {
  it('given a row with an estimate, when shown, then its broker fees carry the reason and no other figure does', () => {
    const line = lineOf<Row>({ id: '1-2', brokerFeeEstimate: REASON });
    expect(marked(line)).toEqual(['costFee', 'sellBrokerFee']);
    expect(brokerFeeEstimateOf(line, 'sellBrokerFee')).toBe(REASON);
  });

  it('given a row whose fees are what was paid, when shown, then nothing is marked', () => {
    expect(marked(lineOf<Row>({ id: '1-2', brokerFeeEstimate: null }))).toEqual([]);
    expect(marked(lineOf<Row>({ id: '1-2', brokerFeeEstimate: '' }))).toEqual([]);
    expect(marked(lineOf({ id: '1-2' } as Row))).toEqual([]);
  });

  it('given a line the user is editing, when shown, then it is not marked: the figures are the user’s', () => {
    const line: ProfitLine<Row> = {
      row: { id: '1-2', brokerFeeEstimate: REASON },
      edit: editOfFigures(FIGURES),
    };
    expect(marked(line)).toEqual([]);
  });

  it('given a reason, when its tooltip is built, then it says the fee is the Settings rate’s and why', () => {
    const reason = 'No order history reaches back to this date (ESI lists 90 days of closed orders).';
    expect(brokerFeeEstimateTitle(reason)).toBe(`${BROKER_FEE_ESTIMATE_LEAD} ${reason}`);
    expect(brokerFeeEstimateTitle(reason)).toContain('No order history reaches back to this date');
  });
});
