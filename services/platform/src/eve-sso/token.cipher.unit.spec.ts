import { randomBytes } from 'node:crypto';
import { TokenCipher, TokenDecryptionError } from './token.cipher';

describe('TokenCipher', () => {
  const cipher = new TokenCipher(randomBytes(32));
  const refreshToken = 'KJ3h1VQ0nEm3kRvYg2C7Fw==';

  it('round-trips a value', () => {
    expect(cipher.decrypt(cipher.encrypt(refreshToken))).toBe(refreshToken);
  });

  it('writes a versioned format with a fresh 12-byte IV per value', () => {
    const first = cipher.encrypt(refreshToken);
    const second = cipher.encrypt(refreshToken);
    expect(first).not.toBe(second);
    const [version, iv, ciphertext, tag] = first.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext, 'base64url').toString('utf8')).not.toContain(refreshToken);
  });

  it('binds a value to its context', () => {
    const stored = cipher.encrypt(refreshToken, 'character:2112625428');
    expect(cipher.decrypt(stored, 'character:2112625428')).toBe(refreshToken);
    expect(() => cipher.decrypt(stored, 'character:90000001')).toThrow(TokenDecryptionError);
  });

  it('refuses a value encrypted with another key', () => {
    const other = new TokenCipher(randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt(refreshToken))).toThrow(/configured key/);
  });

  it('refuses a tampered value', () => {
    const [version, iv, ciphertext, tag] = cipher.encrypt(refreshToken).split('.');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt([version, iv, flipped.toString('base64url'), tag].join('.'))).toThrow(
      TokenDecryptionError,
    );
  });

  it('refuses unknown formats and damaged values', () => {
    expect(() => cipher.decrypt('v2.a.b.c')).toThrow(/Unknown encrypted token format/);
    expect(() => cipher.decrypt('v1.abc')).toThrow(/4 parts/);
    expect(() => cipher.decrypt(refreshToken)).toThrow(TokenDecryptionError);
  });

  it('needs a 32-byte key', () => {
    expect(() => new TokenCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
