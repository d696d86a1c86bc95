import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadSecretKey } from '../files/secret-key-file';
import { canonicalJson } from './event-hash-chain';

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

/** HMAC-SHA256 of the canonical JSON of `body`, hex. */
export function signAuditRecord(key: Buffer, body: unknown): string {
  return createHmac('sha256', key).update(canonicalJson(body)).digest('hex');
}

export function auditSignatureMatches(key: Buffer, body: unknown, signature: string): boolean {
  const expected = Buffer.from(signAuditRecord(key, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
