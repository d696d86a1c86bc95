import { hash } from 'node:crypto';

/** The namespace of Tradewise's name-based ids (a fixed random UUID; never change it, ids derive from it). */
export const TRADEWISE_ID_NAMESPACE = '5d0c3f0e-8b8e-4f7a-9a43-2b1f6c8e9d17';

/** Each namespace's bytes, parsed once: an import derives an id for every record it stores. */
const namespaceBytes = new Map<string, Buffer>();

function uuidBytes(uuid: string): Buffer {
  let bytes = namespaceBytes.get(uuid);
  if (bytes) return bytes;
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${uuid}`);
  bytes = Buffer.from(hex, 'hex');
  namespaceBytes.set(uuid, bytes);
  return bytes;
}

/**
 * RFC 9562 version 5 (SHA-1, name-based) UUID: the same name always gives the same id, so an id derived from
 * a source record (`esi:transaction:<id>`) makes a repeated import recognisable.
 */
export function uuidV5(name: string, namespace: string = TRADEWISE_ID_NAMESPACE): string {
  // The one-shot hash: half the time of a createHash object per id.
  const digest = hash('sha1', Buffer.concat([uuidBytes(namespace), Buffer.from(name, 'utf8')]), 'buffer');
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
