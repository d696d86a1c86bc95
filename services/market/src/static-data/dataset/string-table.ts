import { endianness } from 'node:os';

/**
 * Many strings in one buffer, each decoded only when asked for: a 16-byte header (magic `TWST`, layout version,
 * count, text bytes), int32 byte offsets (count + 1), then the UTF-8 text. Used for descriptions and names in other
 * languages, which are read one at a time and would cost a large JSON parse at every start otherwise.
 */
const MAGIC = 0x54535754; // 'TWST' as a little-endian uint32
const LAYOUT_VERSION = 1;
const HEADER_BYTES = 16;

export class StringTable {
  private constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Int32Array,
    private readonly textStart: number,
  ) {}

  static decode(bytes: Buffer): StringTable {
    if (endianness() !== 'LE')
      throw new Error('The static dataset string tables are little-endian; this machine is not');
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(new Uint8Array(bytes));
    if (aligned.length < HEADER_BYTES) throw new Error('string table is shorter than its header');
    const [magic, version, count, textBytes] = new Uint32Array(aligned.buffer, aligned.byteOffset, 4);
    if (magic !== MAGIC || version !== LAYOUT_VERSION) throw new Error('string table has an unknown layout');
    const textStart = HEADER_BYTES + (count! + 1) * 4;
    if (aligned.length !== textStart + textBytes!) {
      throw new Error(`string table holds ${aligned.length} bytes, expected ${textStart + textBytes!}`);
    }
    const offsets = new Int32Array(aligned.buffer, aligned.byteOffset + HEADER_BYTES, count! + 1);
    if (offsets[count!] !== textBytes) throw new Error('string table offsets do not cover its text');
    return new StringTable(aligned, offsets, textStart);
  }

  static encode(strings: readonly string[]): Buffer {
    const texts = strings.map((text) => Buffer.from(text, 'utf8'));
    const textBytes = texts.reduce((sum, text) => sum + text.length, 0);
    const textStart = HEADER_BYTES + (strings.length + 1) * 4;
    const buffer = Buffer.alloc(textStart + textBytes);
    new Uint32Array(buffer.buffer, buffer.byteOffset, 4).set([
      MAGIC,
      LAYOUT_VERSION,
      strings.length,
      textBytes,
    ]);
    const offsets = new Int32Array(buffer.buffer, buffer.byteOffset + HEADER_BYTES, strings.length + 1);
    let at = 0;
    texts.forEach((text, index) => {
      offsets[index] = at;
      text.copy(buffer, textStart + at);
      at += text.length;
    });
    offsets[strings.length] = at;
    return buffer;
  }

  get size(): number {
    return this.offsets.length - 1;
  }

  /** The string at `index`; '' for an empty one or an index out of range. */
  get(index: number): string {
    if (!(index >= 0 && index < this.size)) return '';
    const start = this.offsets[index]!;
    const end = this.offsets[index + 1]!;
    return start === end ? '' : this.bytes.toString('utf8', this.textStart + start, this.textStart + end);
  }
}
