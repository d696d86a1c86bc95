import { loadSecretKey } from '../files/secret-key-file';
import { TokenCipher } from './token.cipher';

export const TOKEN_KEY_FILE = 'token.key';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The key refresh tokens are encrypted with: `TOKEN_ENCRYPTION_KEY` (base64, 32 bytes) when set, else the key in
 * `<dataDir>/token.key`, created on first use with mode 0600 and refused later if its mode is wider.
 */
export function loadTokenEncryptionKey(dataDir: string, env: Env = process.env): Buffer {
  return loadSecretKey({ dataDir, fileName: TOKEN_KEY_FILE, variable: 'TOKEN_ENCRYPTION_KEY', env });
}

export function createTokenCipher(dataDir: string, env: Env = process.env): TokenCipher {
  return new TokenCipher(loadTokenEncryptionKey(dataDir, env));
}
