import { formatGameDataRelease } from './game-data-release';

describe('formatGameDataRelease', () => {
  it("names CCP's build and its release date", () => {
    expect(
      formatGameDataRelease({ sdeVersion: '3441022', sdeBuildNumber: 3441022, sdeBuildDate: '2026-07-21' }),
    ).toBe('SDE build 3441022, released 2026-07-21');
  });

  it('names an SDE without a build number by its version', () => {
    expect(
      formatGameDataRelease({
        sdeVersion: '126.6.18+Uprising-V21.03',
        sdeBuildNumber: null,
        sdeBuildDate: '2024-07-18',
      }),
    ).toBe('SDE 126.6.18+Uprising-V21.03, built 2024-07-18');
    expect(
      formatGameDataRelease({ sdeVersion: 'local-2026-10-01', sdeBuildNumber: null, sdeBuildDate: null }),
    ).toBe('SDE local-2026-10-01');
  });
});
