import { isNpcStation } from './esi-location-ids';

describe('location ids', () => {
  it('given location ids, when classified, then NPC stations are 60,000,000–63,999,999', () => {
    expect(isNpcStation(60_003_760)).toBe(true);
    expect(isNpcStation(63_999_999)).toBe(true);
    expect(isNpcStation(64_000_000)).toBe(false);
    expect(isNpcStation(1_035_466_617_946)).toBe(false);
  });
});
