import { createHash } from 'node:crypto';

/** The namespace of Tradewise's name-based ids (a fixed random UUID; never change it, ids derive from it). */
export const TRADEWISE_ID_NAMESPACE = '5d0c3f0e-8b8e-4f7a-9a43-2b1f6c8e9d17';

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${uuid}`);
  return Buffer.from(hex, 'hex');
}

/**
 * RFC 9562 version 5 (SHA-1, name-based) UUID: the same name always gives the same id, so an id derived from
 * a source record (`esi:transaction:<id>`) makes a repeated import recognisable.
 */
export function uuidV5(name: string, namespace: string = TRADEWISE_ID_NAMESPACE): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
