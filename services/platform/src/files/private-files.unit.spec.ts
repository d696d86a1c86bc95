import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrivateDataDir, ensurePrivateDir } from './private-files';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('private data files', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tw-private-'));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('given no directory, then it creates it (and its parents) for the owner only', () => {
    const dir = join(root, 'a', 'data');
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe('700');
  });

  it('given a data directory and files others can read, then it takes their access and keeps the owner’s', () => {
    const dir = join(root, 'data');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    for (const name of ['events.sqlite', 'events.sqlite-wal', 'admin.token']) {
      writeFileSync(join(dir, name), '');
      chmodSync(join(dir, name), 0o664);
    }
    mkdirSync(join(dir, 'static'), { mode: 0o755 });
    chmodSync(join(dir, 'static'), 0o755);
    ensurePrivateDataDir(dir);
    expect(
      ['.', 'events.sqlite', 'events.sqlite-wal', 'admin.token', 'static'].map((name) =>
        modeOf(join(dir, name)),
      ),
    ).toEqual(['700', '600', '600', '600', '755']);
  });
});
