import { exactChoice, itemSearchText, itemSuggestions } from './item-choice';
import {
  centsText,
  iskInputCents,
  parsedNumber,
  percentText,
  scaleRounded,
  toCents,
  unitsInput,
} from './list-amounts';
import { errorStatus, serverErrorText } from './list-errors';
import { copiedPriceText, copyPercentOf } from './price-copy';

describe('exact amounts of list rows', () => {
  it('turns ISK with 2 decimals into cents without float noise', () => {
    expect(toCents(179258.8)).toBe(17925880);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(-589853.5)).toBe(-58985350);
    expect(toCents(1e13 + 0.01)).toBe(1e15 + 1);
  });

  it('scales integers exactly, rounding half away from zero, beyond 2^53 in between', () => {
    expect(scaleRounded(10, 1, 3)).toBe(3);
    expect(scaleRounded(5, 1, 2)).toBe(3);
    expect(scaleRounded(-5, 1, 2)).toBe(-3);
    expect(scaleRounded(1_000_000_000_000_00, 1_234_567, 1_234_568)).toBe(99_999_919_000_006);
    expect(() => scaleRounded(1, 1, 0)).toThrow(RangeError);
  });

  it('writes cents as plain decimal text', () => {
    expect(centsText(123450)).toBe('1234.50');
    expect(centsText(7)).toBe('0.07');
    expect(centsText(-7)).toBe('-0.07');
    expect(centsText(0)).toBe('0.00');
  });

  it('writes a ratio as a percentage with at most the given decimals', () => {
    expect(percentText(1, 8)).toBe('12.5');
    expect(percentText(1, 3)).toBe('33.3333');
    expect(percentText(-354571_10, 37114640_00, 2)).toBe('-0.96');
    expect(percentText(5, 5)).toBe('100');
    expect(percentText(1, 0)).toBeNull();
  });

  it('accepts an inline edit only when it is a valid number (§5); units are floored', () => {
    expect(parsedNumber('12.5')).toBe(12.5);
    expect(parsedNumber(' 1,234.5 ')).toBe(1234.5);
    expect(parsedNumber('.5')).toBe(0.5);
    for (const invalid of ['', 'abc', '1.2.3', '12a', '-', null, undefined, Number.NaN])
      expect(parsedNumber(invalid)).toBeNull();
    expect(iskInputCents('12.345')).toBe(1235);
    expect(iskInputCents('5.555')).toBe(556);
    expect(iskInputCents('1.005')).toBe(101);
    expect(iskInputCents('1,000.5')).toBe(100050);
    expect(iskInputCents('1e3')).toBe(100000);
    expect(iskInputCents(2.5)).toBe(250);
    expect(iskInputCents('-1')).toBeNull();
    expect(iskInputCents('x')).toBeNull();
    expect(unitsInput('15.9')).toBe(15);
    expect(unitsInput('0')).toBe(0);
    expect(unitsInput('-2')).toBeNull();
  });
});

describe('price copy (account-area §2 Transactions)', () => {
  it('copies price × (1 + margin / 100) rounded to the cent', () => {
    expect(copiedPriceText(83490, 0)).toBe('83490.00');
    expect(copiedPriceText(83490, 1.5)).toBe('84742.35');
    expect(copiedPriceText(100, -0.5)).toBe('99.50');
    expect(copiedPriceText(0.33, 10)).toBe('0.36');
    expect(copiedPriceText(10, -200)).toBe('0.00');
  });

  it('reads the stored margin, 0 when empty or not a number', () => {
    expect(copyPercentOf('2.5')).toBe(2.5);
    expect(copyPercentOf('')).toBe(0);
    expect(copyPercentOf(null)).toBe(0);
    expect(copyPercentOf('abc')).toBe(0);
  });
});

describe('item autocomplete (§5)', () => {
  it('trims the input and searches nothing for empty input', () => {
    expect(itemSearchText('  Trit ')).toBe('Trit');
    expect(itemSearchText('   ')).toBeNull();
  });

  it('offers each item once, in the server’s order, and knows a name typed in full', () => {
    const suggestions = itemSuggestions([
      { typeID: 34, typeName: 'Tritanium' },
      { typeID: 35, typeName: 'Pyerite' },
      { typeID: 34, typeName: 'Tritanium' },
    ]);
    expect(suggestions).toEqual([
      { typeId: 34, typeName: 'Tritanium' },
      { typeId: 35, typeName: 'Pyerite' },
    ]);
    expect(exactChoice(' tritanium ', suggestions)).toEqual({ typeId: 34, typeName: 'Tritanium' });
    expect(exactChoice('Trit', suggestions)).toBeNull();
    expect(exactChoice('', suggestions)).toBeNull();
  });
});

describe('errors of failed calls', () => {
  it('reads the HTTP status and the server’s sentence', () => {
    const refused = { status: 400, data: { statusCode: 400, message: "There is no item named 'Foo'." } };
    expect(errorStatus(refused)).toBe(400);
    expect(serverErrorText(refused)).toBe("There is no item named 'Foo'.");
    expect(serverErrorText({ status: 400, data: { message: ['a is wrong.', 'b is wrong.'] } })).toBe(
      'a is wrong. b is wrong.',
    );
    expect(serverErrorText({ status: 502, data: 'Bad gateway' })).toBe('Bad gateway');
    expect(errorStatus({ status: 'TIMEOUT_ERROR' })).toBeNull();
    expect(serverErrorText({ status: 'TIMEOUT_ERROR' })).toBe('Request timed out');
    expect(serverErrorText(new Error('x'))).toBe('The request failed; please try again.');
  });
});
