import { uuidV5 } from './uuid-v5';

describe('uuidV5', () => {
  it('matches the RFC 9562 example (DNS namespace, www.example.com)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('gives the same id for the same name and different ids for different names', () => {
    expect(uuidV5('esi:transaction:1')).toBe(uuidV5('esi:transaction:1'));
    expect(uuidV5('esi:transaction:1')).not.toBe(uuidV5('esi:transaction:2'));
    expect(uuidV5('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("matches another implementation (Python's uuid.uuid5) in Tradewise's namespace, for ASCII and UTF-8 names", () => {
    expect(uuidV5('esi:journal:12232109917184')).toBe('c5bcad4e-e9d6-5afb-a21f-90e5ed7d3b4f');
    expect(uuidV5('contract title: Café « Tritanium » ✓')).toBe('303e12aa-9a38-54c4-8112-13c783174dec');
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow('Not a UUID: not-a-uuid');
  });
});
