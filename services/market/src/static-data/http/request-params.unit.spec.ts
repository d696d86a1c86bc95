import { BadRequestException } from '@nestjs/common';
import { parseIdList, parseOptionalChoice, parseSearchQuery, parseWholeNumber } from './request-params';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a BadRequestException');
}

describe('request parameters', () => {
  describe('whole numbers', () => {
    it('reads digits', () => {
      expect(parseWholeNumber('34', 'typeId')).toBe(34);
      expect(parseWholeNumber(' 30000142 ', 'origin')).toBe(30000142);
    });

    it('names the parameter when it is missing or not a whole number', () => {
      expect(messageOf(() => parseWholeNumber(undefined, 'origin'))).toBe('origin is required');
      expect(messageOf(() => parseWholeNumber('abc', 'typeId'))).toBe(
        "typeId must be a whole number, not 'abc'",
      );
      expect(messageOf(() => parseWholeNumber('-5', 'typeId'))).toMatch(/^typeId must be a whole number/);
      expect(messageOf(() => parseWholeNumber('1.5', 'typeId'))).toMatch(/^typeId must be a whole number/);
      expect(messageOf(() => parseWholeNumber(['1', '2'], 'origin'))).toBe(
        'origin must be given once, as text',
      );
    });

    it('refuses a number too large to read exactly, which was answered with a rounded id', () => {
      expect(parseWholeNumber('999999999999999', 'typeId')).toBe(999_999_999_999_999);
      expect(messageOf(() => parseWholeNumber('1000000000000000', 'typeId'))).toBe(
        'typeId must be at most 999999999999999',
      );
      expect(messageOf(() => parseWholeNumber('135558368794045522640896', 'typeId'))).toBe(
        'typeId must be at most 999999999999999',
      );
    });
  });

  describe('search queries', () => {
    it('trims', () => {
      expect(parseSearchQuery('  trit ')).toBe('trit');
    });

    it('refuses missing, empty and over-long queries', () => {
      expect(messageOf(() => parseSearchQuery(undefined))).toBe('q is required');
      expect(messageOf(() => parseSearchQuery('   '))).toBe('q must not be empty');
      expect(messageOf(() => parseSearchQuery('x'.repeat(101)))).toBe('q must be at most 100 characters');
      expect(parseSearchQuery('x'.repeat(100))).toHaveLength(100);
    });
  });

  describe('id lists', () => {
    it('reads a comma-separated list in order, with spaces allowed', () => {
      expect(parseIdList('30000144, 30002187,30000142', 'destinations', 1000)).toEqual([
        30000144, 30002187, 30000142,
      ]);
      expect(parseIdList('', 'destinations', 1000)).toEqual([]);
    });

    it('refuses bad entries and too many', () => {
      expect(messageOf(() => parseIdList(undefined, 'destinations', 1000))).toBe('destinations is required');
      expect(messageOf(() => parseIdList('1,x,3', 'destinations', 1000))).toBe(
        "destinations must be a comma-separated list of whole numbers; 'x' is not one",
      );
      expect(messageOf(() => parseIdList('1,,3', 'destinations', 1000))).toMatch(
        /^destinations must be a comma-separated list/,
      );
      expect(messageOf(() => parseIdList('1,1234567890123456', 'destinations', 1000))).toBe(
        "destinations: '1234567890123456' has more than 15 digits",
      );
      expect(parseIdList('999999999999999', 'destinations', 1000)).toEqual([999_999_999_999_999]);
      const tooMany = Array.from({ length: 1001 }, (_, index) => 30000000 + index).join(',');
      expect(messageOf(() => parseIdList(tooMany, 'destinations', 1000))).toBe(
        'destinations must list at most 1000 system ids, not 1001',
      );
    });
  });

  it('checks an optional choice', () => {
    expect(parseOptionalChoice(undefined, 'language', ['en', 'de'])).toBeUndefined();
    expect(parseOptionalChoice('de', 'language', ['en', 'de'])).toBe('de');
    expect(messageOf(() => parseOptionalChoice('xx', 'language', ['en', 'de']))).toBe(
      'language must be one of en, de',
    );
  });
});
