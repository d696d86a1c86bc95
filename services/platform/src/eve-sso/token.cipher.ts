import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const FORMAT_VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that cannot be decrypted: a different key, a damaged value or a context mismatch. */
export class TokenDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenDecryptionError';
  }
}

/**
 * Encrypts secrets at rest (refresh tokens) with AES-256-GCM.
 *
 * Stored form: `v1.<iv>.<ciphertext>.<tag>`, each part base64url; a fresh random 12-byte IV per value. The version
 * prefix lets a later format (another cipher, a key id) sit beside old values. The optional `context` is bound
 * as additional authenticated data, so a value copied to another row (another character) does not decrypt.
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== KEY_BYTES) {
      throw new RangeError(`A token encryption key is ${KEY_BYTES} bytes (got ${key.length})`);
    }
    this.key = Buffer.from(key);
  }

  encrypt(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT_VERSION, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string, context = ''): string {
    const parts = stored.split('.');
    if (parts[0] !== FORMAT_VERSION) {
      throw new TokenDecryptionError(`Unknown encrypted token format '${parts[0]?.slice(0, 8) ?? ''}'`);
    }
    if (parts.length !== 4) throw new TokenDecryptionError('Damaged encrypted token: expected 4 parts');
    const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new TokenDecryptionError('Damaged encrypted token: wrong IV or tag length');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new TokenDecryptionError(
        'An encrypted token does not decrypt with the configured key (was TOKEN_ENCRYPTION_KEY or DATA_DIR/token.key changed?)',
      );
    }
  }
}
