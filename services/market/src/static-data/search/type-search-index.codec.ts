import { endianness } from 'node:os';
import type { TypeSearchIndexData } from './type-search-index';

/**
 * type-search-index.bin: a 32-byte header (magic `TWSI`, layout version, counts), then, each 8-byte aligned:
 * gram codes (float64), gram byte starts (int32), varint postings (bytes), entry name starts (int32), entry type
 * indexes (int32), entry languages (uint8) and the entry names as UTF-16LE, which decodes several times faster
 * than UTF-8 or JSON. Little-endian; the numeric sections are read as typed-array views without copying.
 */
const MAGIC = 0x49535754; // 'TWSI' as a little-endian uint32
const LAYOUT_VERSION = 2;
const HEADER_BYTES = 32;

const align8 = (offset: number): number => Math.ceil(offset / 8) * 8;

interface Counts {
  readonly entries: number;
  readonly grams: number;
  readonly postingBytes: number;
  readonly nameUnits: number;
}

function layoutOf(counts: Counts) {
  const gramCodes = HEADER_BYTES;
  const gramStarts = align8(gramCodes + counts.grams * 8);
  const postings = align8(gramStarts + (counts.grams + 1) * 4);
  const entryNameStarts = align8(postings + counts.postingBytes);
  const entryTypeIndexes = align8(entryNameStarts + (counts.entries + 1) * 4);
  const entryLanguageIndexes = align8(entryTypeIndexes + counts.entries * 4);
  const entryNames = align8(entryLanguageIndexes + counts.entries);
  const total = align8(entryNames + counts.nameUnits * 2);
  return {
    gramCodes,
    gramStarts,
    postings,
    entryNameStarts,
    entryTypeIndexes,
    entryLanguageIndexes,
    entryNames,
    total,
  };
}

function assertLittleEndian(): void {
  if (endianness() !== 'LE')
    throw new Error('The static dataset search index is little-endian; this machine is not');
}

export function encodeTypeSearchIndex(data: TypeSearchIndexData): Buffer {
  assertLittleEndian();
  const counts: Counts = {
    entries: data.entryTypeIndexes.length,
    grams: data.gramCodes.length,
    postingBytes: data.postings.length,
    nameUnits: data.entryNames.length,
  };
  const layout = layoutOf(counts);
  const buffer = Buffer.alloc(layout.total);
  new Uint32Array(buffer.buffer, buffer.byteOffset, 6).set([
    MAGIC,
    LAYOUT_VERSION,
    counts.entries,
    counts.grams,
    counts.postingBytes,
    counts.nameUnits,
  ]);
  const copy = (view: ArrayBufferView, offset: number): void => {
    buffer.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), offset);
  };
  copy(data.gramCodes, layout.gramCodes);
  copy(data.gramStarts, layout.gramStarts);
  copy(data.postings, layout.postings);
  copy(data.entryNameStarts, layout.entryNameStarts);
  copy(data.entryTypeIndexes, layout.entryTypeIndexes);
  copy(data.entryLanguageIndexes, layout.entryLanguageIndexes);
  buffer.write(data.entryNames, layout.entryNames, 'utf16le');
  return buffer;
}

export function decodeTypeSearchIndex(bytes: Buffer): TypeSearchIndexData {
  assertLittleEndian();
  // Typed-array views need an 8-byte aligned start; Buffers from the pool may not have one.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(new Uint8Array(bytes));
  if (aligned.length < HEADER_BYTES) throw new Error('search index is shorter than its header');
  const [magic, version, entries, grams, postingBytes, nameUnits] = new Uint32Array(
    aligned.buffer,
    aligned.byteOffset,
    6,
  );
  if (magic !== MAGIC || version !== LAYOUT_VERSION) throw new Error('search index has an unknown layout');
  const layout = layoutOf({
    entries: entries!,
    grams: grams!,
    postingBytes: postingBytes!,
    nameUnits: nameUnits!,
  });
  if (aligned.length !== layout.total)
    throw new Error(`search index holds ${aligned.length} bytes, expected ${layout.total}`);
  const at = aligned.byteOffset;
  return {
    gramCodes: new Float64Array(aligned.buffer, at + layout.gramCodes, grams),
    gramStarts: new Int32Array(aligned.buffer, at + layout.gramStarts, grams! + 1),
    postings: new Uint8Array(aligned.buffer, at + layout.postings, postingBytes),
    entryNameStarts: new Int32Array(aligned.buffer, at + layout.entryNameStarts, entries! + 1),
    entryTypeIndexes: new Int32Array(aligned.buffer, at + layout.entryTypeIndexes, entries),
    entryLanguageIndexes: new Uint8Array(aligned.buffer, at + layout.entryLanguageIndexes, entries),
    entryNames: aligned.toString('utf16le', layout.entryNames, layout.entryNames + nameUnits! * 2),
  };
}
