import { BadRequestException } from '@nestjs/common';
import { ownerParam } from './query-params';

describe('ownerFilter and division', () => {
  it('given nothing or all, then there is no owner filter; personal and corporation filter by owner', () => {
    expect(ownerParam(undefined, undefined)).toBeUndefined();
    expect(ownerParam('all', '')).toBeUndefined();
    expect(ownerParam('personal', undefined)).toEqual({ owner: 'personal' });
    expect(ownerParam('corporation', undefined)).toEqual({ owner: 'corporation' });
  });

  it('given a division, then it keeps that corporation wallet division; with personal, the filters combine', () => {
    expect(ownerParam(undefined, '1')).toEqual({ owner: 'corporation', division: 1 });
    expect(ownerParam('corporation', '7')).toEqual({ owner: 'corporation', division: 7 });
    expect(ownerParam('personal', '2')).toEqual({ owner: 'personal', division: 2 });
  });

  it('refuses an unknown owner and a division out of 1 to 7 with a 400', () => {
    const refusal = (ownerFilter: string | undefined, division: string | undefined) => {
      try {
        ownerParam(ownerFilter, division);
      } catch (error) {
        expect(error).toBeInstanceOf(BadRequestException);
        return (error as BadRequestException).message;
      }
      throw new Error('accepted');
    };
    expect(refusal('corp', undefined)).toBe('ownerFilter must be one of all, personal, corporation.');
    expect(refusal(undefined, '8')).toBe('division must be a whole number from 1 to 7.');
    expect(refusal(undefined, 'x')).toBe('division must be a whole number from 1 to 7.');
  });
});
