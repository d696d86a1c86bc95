import { APPRAISAL_ID_LENGTH, isAppraisalIdShape, newAppraisalId } from './appraisal-id';

describe('appraisal ids', () => {
  it('are 10 letters and digits from the cryptographic source, all different', () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => newAppraisalId()));
    expect(ids.size).toBe(1_000);
    for (const id of ids) {
      expect(id).toHaveLength(APPRAISAL_ID_LENGTH);
      expect(isAppraisalIdShape(id)).toBe(true);
    }
  });

  it('draw again on bytes that would favour the first letters, so every letter is equally likely', () => {
    const draws = [Buffer.from([248, 255, 0, 61, 62, 247, 250, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])];
    expect(newAppraisalId(() => draws.shift() ?? Buffer.alloc(20))).toBe('0z0z123456');
  });

  it('recognise the shape of a link id only', () => {
    expect(isAppraisalIdShape('temp')).toBe(false);
    expect(isAppraisalIdShape('abcdefghij')).toBe(true);
    expect(isAppraisalIdShape('abcdefghi!')).toBe(false);
    expect(isAppraisalIdShape('abcdefghijk')).toBe(false);
  });
});
