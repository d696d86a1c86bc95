import { manufacturingTime, reactionTime } from './build-time.formula';
import {
  COMPOSITE_REACTOR_T2_LOWSEC_TIME,
  SOTIYO,
  XL_SHIP_RIG_T1_LOWSEC_TIME,
} from './industry-cases.fixture';

describe('manufacturing time', () => {
  it('reproduces the Dominix fixture: TE 20, Industry V, Advanced Industry V, low-sec Sotiyo, T1 XL ship rig', () => {
    // 18,000 × 0.8 × 0.8 × 0.85 × 0.7 × (1 − 0.2 × 1.9) = 4,249.7 -> 4,250 s (1 h 10 min 50 s).
    expect(
      manufacturingTime({
        baseTime: 18_000,
        runs: 1,
        timeEfficiency: 20,
        skills: { industry: 5, advancedIndustry: 5 },
        structureTimeMultiplier: SOTIYO.time,
        rigs: [XL_SHIP_RIG_T1_LOWSEC_TIME],
      }),
    ).toBe(4_250);
  });

  it('is runs × base time without any bonus, and scales runs before rounding', () => {
    expect(manufacturingTime({ baseTime: 600, runs: 3, timeEfficiency: 0 })).toBe(1_800);
    // 3 × 7 × 0.9 = 18.9 -> 19 (not 3 × round(6.3) = 18).
    expect(manufacturingTime({ baseTime: 7, runs: 3, timeEfficiency: 10 })).toBe(19);
  });

  it('applies specialist skills at 1% per level unless told otherwise', () => {
    const input = { baseTime: 10_000, runs: 1, timeEfficiency: 0 };
    expect(manufacturingTime({ ...input, skills: { specialists: [{ level: 5 }, { level: 4 }] } })).toBe(
      9_120,
    );
    expect(
      manufacturingTime({ ...input, skills: { specialists: [{ level: 5, bonusPerLevel: 0.02 }] } }),
    ).toBe(9_000);
  });

  it('rounds half a second up, exactly', () => {
    // 5 × 0.9 = 4.5 -> 5; 1,245 × 0.9 × 0.7 × 0.62 = 486.297 -> 486.
    expect(manufacturingTime({ baseTime: 5, runs: 1, timeEfficiency: 10 })).toBe(5);
    expect(
      manufacturingTime({
        baseTime: 1_245,
        runs: 1,
        timeEfficiency: 10,
        structureTimeMultiplier: 0.7,
        rigs: [XL_SHIP_RIG_T1_LOWSEC_TIME],
      }),
    ).toBe(486);
  });

  it('refuses input outside the game rules', () => {
    expect(() => manufacturingTime({ baseTime: 60, runs: 1, timeEfficiency: 21 })).toThrow('timeEfficiency');
    expect(() => manufacturingTime({ baseTime: 60, runs: 0, timeEfficiency: 0 })).toThrow('runs');
    expect(() =>
      manufacturingTime({ baseTime: 60, runs: 1, timeEfficiency: 0, skills: { industry: 6 } }),
    ).toThrow('industry');
  });
});

describe('reaction time', () => {
  it('reproduces the Carbon Fiber fixture: 10 runs, Reactions IV, low-sec Athanor with a T2 time rig', () => {
    // 10 × 10,800 × 0.84 × 0.76 = 68,947.2 -> 68,947 s (19 h 9 min 7 s).
    expect(
      reactionTime({ baseTime: 10_800, runs: 10, reactions: 4, rigs: [COMPOSITE_REACTOR_T2_LOWSEC_TIME] }),
    ).toBe(68_947);
  });

  it("applies the Tatara's 25% reaction time bonus", () => {
    expect(reactionTime({ baseTime: 10_800, runs: 1, structureTimeMultiplier: 0.75 })).toBe(8_100);
    expect(reactionTime({ baseTime: 10_800, runs: 1 })).toBe(10_800);
  });
});
