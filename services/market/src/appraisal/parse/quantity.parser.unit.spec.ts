import { MAX_LINE_QUANTITY, parseAmount, parseQuantity, toQuantity } from './quantity.parser';

describe('quantities as the client writes them', () => {
  it.each([
    ['1234567', 1234567],
    ['1,234,567', 1234567], // English, Chinese, Japanese, Korean
    ['1.234.567', 1234567], // German, Spanish
    ['1 234 567', 1234567], // Russian, French (after NBSP and narrow NBSP became spaces)
    ["1'234'567", 1234567], // Swiss
    ['1’234’567', 1234567], // German client with the typographic apostrophe
    ['3,225', 3225],
    ['1.080', 1080],
    ['10.111', 10111],
  ])('reads %j as the whole number %d', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each([
    ['1,234,567.89', 1234567.89],
    ['1.234.567,89', 1234567.89],
    ['37 805 997,92', 37805997.92],
    ["37'805'997,92", 37805997.92],
    ["3'225.20", 3225.2],
    ['1,234.2', 1234.2],
    ['0,02', 0.02],
    ['960.0', 960],
    ['10.1', 10.1],
    ['12,5', 12.5],
    ['1.234,567', 1234.567],
    ['0.125', 0.125],
  ])('reads a last separator before one, two or a lone three digits as decimals: %j', (text, expected) => {
    expect(parseAmount(text)).toBeCloseTo(expected, 6);
  });

  it.each([
    '',
    ' ',
    'abc',
    '1,2,3',
    '12,34,567',
    '1,234.567.8',
    '1,,000',
    '1  000',
    ',100',
    '100,',
    '-5',
    '+5',
    '5k',
    '1 2345',
    '1.000,000.5',
    '0,125,000',
    '9'.repeat(41),
    '99999999999999999999',
  ])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('makes a whole quantity of at least one, cutting fractions off', () => {
    expect(toQuantity(960.9)).toBe(960);
    expect(toQuantity(0.5)).toBeNull();
    expect(toQuantity(0)).toBeNull();
    expect(toQuantity(MAX_LINE_QUANTITY)).toBe(MAX_LINE_QUANTITY);
    expect(toQuantity(MAX_LINE_QUANTITY + 1)).toBeNull();
    expect(parseQuantity(' 30 000 ')).toBe(30000);
    expect(parseQuantity('0')).toBeNull();
  });
});
