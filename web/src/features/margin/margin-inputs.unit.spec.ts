import {
  MARGIN_DEFAULTS,
  initialMarginFormValues,
  marginFormValues,
  marginQueryValues,
  parseExtraQuantity,
  parseMarginInputs,
  type MarginField,
} from './margin-inputs';

const DEFAULT_INPUTS = {
  buyPriceCents: 0n,
  sellPriceCents: 0n,
  buyBrokerPpm: 10_000n,
  sellBrokerPpm: 10_000n,
  taxRatePpm: 33_750n,
  extraQuantity: null,
};

const query = (text: string) => parseMarginInputs(marginQueryValues(new URLSearchParams(text)));

describe('margin calculator inputs', () => {
  it('has the spec defaults: 0 ISK prices, 1% broker fees, 3.375% tax, no extra quantity', () => {
    expect(MARGIN_DEFAULTS).toEqual({
      buyPrice: '0',
      sellPrice: '0',
      buyBroker: '1',
      sellBroker: '1',
      taxRate: '3.375',
    });
    expect(parseMarginInputs({})).toEqual(DEFAULT_INPUTS);
    expect(initialMarginFormValues(new URLSearchParams(''))).toEqual({
      buyPrice: '0',
      sellPrice: '0',
      buyBroker: '1',
      sellBroker: '1',
      taxRate: '3.375',
      extraQuantity: null,
    });
  });

  it('reads every query parameter', () => {
    const search = new URLSearchParams(
      'buyPrice=1000000.5&sellPrice=1200000&buyBroker=2.5&sellBroker=1.25&taxRate=3.6&extraQuantity=250',
    );
    expect(parseMarginInputs(marginQueryValues(search))).toEqual({
      buyPriceCents: 100_000_050n,
      sellPriceCents: 120_000_000n,
      buyBrokerPpm: 25_000n,
      sellBrokerPpm: 12_500n,
      taxRatePpm: 36_000n,
      extraQuantity: 250,
    });
    expect(initialMarginFormValues(search)).toEqual({
      buyPrice: '1000000.5',
      sellPrice: '1200000',
      buyBroker: '2.5',
      sellBroker: '1.25',
      taxRate: '3.6',
      extraQuantity: '250',
    });
  });

  it('ignores unknown parameters and takes the first of a repeated one', () => {
    expect(marginQueryValues(new URLSearchParams('sellPrice=5&sellPrice=7&foo=1'))).toEqual({
      sellPrice: '5',
    });
    expect(query('sellPrice=5&sellPrice=7').sellPriceCents).toBe(500n);
  });

  const numericFields: readonly [MarginField, keyof typeof DEFAULT_INPUTS][] = [
    ['buyPrice', 'buyPriceCents'],
    ['sellPrice', 'sellPriceCents'],
    ['buyBroker', 'buyBrokerPpm'],
    ['sellBroker', 'sellBrokerPpm'],
    ['taxRate', 'taxRatePpm'],
  ];
  const invalid = ['', '   ', 'abc', '-5', '-0.01', '1e3', '1,000', 'NaN', 'Infinity', '0x10', '12abc'];

  describe.each(numericFields)('%s', (field, key) => {
    it.each(invalid)('falls back to the default for %p', (value) => {
      const params = new URLSearchParams();
      params.set(field, value);
      expect(query(params.toString())[key]).toBe(DEFAULT_INPUTS[key]);
    });

    it('falls back to the default when the form field is empty', () => {
      expect(parseMarginInputs({ [field]: null })[key]).toBe(DEFAULT_INPUTS[key]);
    });

    it('takes 0 as a value, not as missing', () => {
      expect(query(`${field}=0`)[key]).toBe(0n);
    });
  });

  it('rounds prices half up to the cent and rates to 4 decimals of a percent, and shows what it uses', () => {
    const inputs = query(
      'buyPrice=1.005&sellPrice=2.994&buyBroker=1.23456&sellBroker=0.00004&taxRate=3.37549',
    );
    expect(inputs).toMatchObject({
      buyPriceCents: 101n,
      sellPriceCents: 299n,
      buyBrokerPpm: 12_346n,
      sellBrokerPpm: 0n,
      taxRatePpm: 33_755n,
    });
    expect(marginFormValues(inputs)).toMatchObject({
      buyPrice: '1.01',
      sellPrice: '2.99',
      buyBroker: '1.2346',
      sellBroker: '0',
      taxRate: '3.3755',
    });
  });

  it.each([
    ['1', 1],
    ['250', 250],
    [' 42 ', 42],
    ['007', 7],
    ['9007199254740991', 9007199254740991],
    ['0', null],
    ['-3', null],
    ['2.5', null],
    ['1e3', null],
    ['1,000', null],
    ['abc', null],
    ['', null],
    ['9007199254740993', null],
    [null, null],
    [undefined, null],
  ])('reads the extra quantity %p as %p', (text, expected) => {
    expect(parseExtraQuantity(text)).toBe(expected);
  });

  it('reads the extra quantity from the query', () => {
    expect(query('extraQuantity=15').extraQuantity).toBe(15);
    expect(query('extraQuantity=0').extraQuantity).toBeNull();
    expect(initialMarginFormValues(new URLSearchParams('extraQuantity=x')).extraQuantity).toBeNull();
  });
});
