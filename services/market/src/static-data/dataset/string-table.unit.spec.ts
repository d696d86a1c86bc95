import { StringTable } from './string-table';

describe('string table', () => {
  const strings = ['Tritanium', '', 'トリタニウム', 'Тританиум', 'a <a href=showinfo:34>link</a>'];

  it('gives back every string by index', () => {
    const table = StringTable.decode(StringTable.encode(strings));
    expect(table.size).toBe(strings.length);
    expect(strings.map((_, index) => table.get(index))).toEqual(strings);
  });

  it('answers an empty string out of range', () => {
    const table = StringTable.decode(StringTable.encode(strings));
    expect(table.get(-1)).toBe('');
    expect(table.get(strings.length)).toBe('');
  });

  it('reads from an unaligned buffer', () => {
    const bytes = StringTable.encode(strings);
    const shifted = Buffer.alloc(bytes.length + 1);
    bytes.copy(shifted, 1);
    expect(StringTable.decode(shifted.subarray(1)).get(2)).toBe('トリタニウム');
  });

  it('refuses a truncated table', () => {
    const bytes = StringTable.encode(strings);
    expect(() => StringTable.decode(bytes.subarray(0, bytes.length - 1))).toThrow(/expected/);
    expect(() => StringTable.decode(Buffer.alloc(4))).toThrow(/header/);
  });
});
