import { BadRequestException } from '@nestjs/common';
import { wholeNumberParam } from './query-params';

describe('wholeNumberParam', () => {
  it('reads a whole number within its bounds; absent or empty, the fallback', () => {
    expect(wholeNumberParam('0', 'start', 5, 0, 10)).toBe(0);
    expect(wholeNumberParam('10', 'start', 5, 0, 10)).toBe(10);
    expect(wholeNumberParam(undefined, 'start', 5, 0, 10)).toBe(5);
    expect(wholeNumberParam('', 'start', 5, 0, 10)).toBe(5);
    expect(wholeNumberParam('9007199254740991', 'before', 1, 1, Number.MAX_SAFE_INTEGER)).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it.each([
    ['11', 10],
    ['-1', 10],
    ['1.5', 10],
    [' 1', 10],
    ['1e1', 10],
    ['x', 10],
    ['00000000000000001', Number.MAX_SAFE_INTEGER],
    ['9007199254740992', Number.MAX_SAFE_INTEGER],
  ])("refuses '%s' (at most %d) with a 400 naming the parameter and its bounds", (raw, max) => {
    const read = () => wholeNumberParam(raw, 'start', 5, 0, max);
    expect(read).toThrow(BadRequestException);
    expect(read).toThrow(`start must be a whole number from 0 to ${max}.`);
  });
});
