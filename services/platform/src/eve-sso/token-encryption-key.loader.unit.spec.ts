import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config/platform-config';
import { createTokenCipher, loadTokenEncryptionKey, TOKEN_KEY_FILE } from './token-encryption-key.loader';

const posixOnly = process.platform === 'win32' ? it.skip : it;

describe('loadTokenEncryptionKey', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tradewise-token-key-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses TOKEN_ENCRYPTION_KEY when set, and writes no key file', () => {
    const key = randomBytes(32);
    expect(loadTokenEncryptionKey(dataDir, { TOKEN_ENCRYPTION_KEY: key.toString('base64') })).toEqual(key);
    expect(() => statSync(join(dataDir, TOKEN_KEY_FILE))).toThrow();
  });

  it('names the variable when its key is not 32 bytes of base64', () => {
    const short = { TOKEN_ENCRYPTION_KEY: randomBytes(16).toString('base64') };
    expect(() => loadTokenEncryptionKey(dataDir, short)).toThrow(ConfigError);
    expect(() => loadTokenEncryptionKey(dataDir, short)).toThrow(/TOKEN_ENCRYPTION_KEY must be 32.*16 bytes/);
    expect(() => loadTokenEncryptionKey(dataDir, { TOKEN_ENCRYPTION_KEY: 'not base64 at all!' })).toThrow(
      /TOKEN_ENCRYPTION_KEY.*not base64/,
    );
  });

  posixOnly('creates DATA_DIR/token.key readable by its owner only, and reuses it', () => {
    const first = loadTokenEncryptionKey(join(dataDir, 'nested'), {});
    const path = join(dataDir, 'nested', TOKEN_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    expect(loadTokenEncryptionKey(join(dataDir, 'nested'), {})).toEqual(first);
    expect(readFileSync(path, 'utf8').trim()).toBe(first.toString('base64'));
  });

  posixOnly('refuses a key file others can read', () => {
    loadTokenEncryptionKey(dataDir, {});
    chmodSync(join(dataDir, TOKEN_KEY_FILE), 0o644);
    expect(() => loadTokenEncryptionKey(dataDir, {})).toThrow(/owner only \(mode is 644\).*chmod 600/);
  });

  it('refuses a damaged key file with its path', () => {
    writeFileSync(join(dataDir, TOKEN_KEY_FILE), 'c2hvcnQ=\n', { mode: 0o600 });
    expect(() => loadTokenEncryptionKey(dataDir, {})).toThrow(/token\.key must be 32 random bytes/);
  });

  it('gives a cipher that decrypts what an earlier start encrypted', () => {
    const stored = createTokenCipher(dataDir, {}).encrypt('refresh-token');
    expect(createTokenCipher(dataDir, {}).decrypt(stored)).toBe('refresh-token');
  });
});
