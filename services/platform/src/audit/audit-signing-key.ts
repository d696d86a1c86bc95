import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadSecretKey } from '../files/secret-key-file';

export const AUDIT_KEY_FILE = 'audit.key';

/**
 * The HMAC-SHA256 key stream-head digests are signed with: `AUDIT_SIGNING_KEY` (base64, 32 bytes) when set, else
 * the key in `<dataDir>/audit.key`, created on first use with mode 0600.
 */
export function loadAuditSigningKey(
  dataDir: string,
  env: Readonly<Record<string, string | undefined>>,
): Buffer {
  return loadSecretKey({ dataDir, fileName: AUDIT_KEY_FILE, variable: 'AUDIT_SIGNING_KEY', env });
}

/** HMAC-SHA256 of a record's signed text, hex. */
export function signAuditRecord(key: Buffer, signedText: string): string {
  return createHmac('sha256', key).update(signedText).digest('hex');
}

export function auditSignatureMatches(key: Buffer, signedText: string, signature: string): boolean {
  const expected = Buffer.from(signAuditRecord(key, signedText), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
