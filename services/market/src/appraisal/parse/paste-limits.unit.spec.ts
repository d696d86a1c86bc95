import { checkPasteLimits, MAX_PASTE_BYTES, MAX_PASTE_LINES } from './paste-limits';

describe('paste limits', () => {
  it('accepts a paste of exactly 1 MB of UTF-8 and refuses one byte more with 413', () => {
    expect(checkPasteLimits('x'.repeat(MAX_PASTE_BYTES))).toBeUndefined();
    expect(checkPasteLimits('x'.repeat(MAX_PASTE_BYTES + 1))).toEqual({
      code: 'too-large',
      status: 413,
      message: 'The paste is larger than 1 MB: split it into several appraisals.',
    });
  });

  it('counts bytes as UTF-8: two for Cyrillic, three for CJK, four for a pair of surrogates', () => {
    expect(checkPasteLimits('д'.repeat(500_000))).toBeUndefined();
    expect(checkPasteLimits('д'.repeat(500_001))?.code).toBe('too-large');
    expect(checkPasteLimits(`${'ア'.repeat(333_333)}x`)).toBeUndefined();
    expect(checkPasteLimits(`${'ア'.repeat(333_333)}xx`)?.code).toBe('too-large');
    expect(checkPasteLimits('😀'.repeat(250_000))).toBeUndefined();
    expect(checkPasteLimits(`${'😀'.repeat(250_000)}x`)?.code).toBe('too-large');
    expect(checkPasteLimits('\ud800'.repeat(333_334))?.code).toBe('too-large');
  });

  it('accepts 10,000 lines (a final line break starts none) and refuses 10,001 with 400, whatever the breaks', () => {
    for (const lineBreak of ['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085']) {
      const lines = (count: number) => Array.from({ length: count }, () => 'Tritanium 1').join(lineBreak);
      expect(checkPasteLimits(lines(MAX_PASTE_LINES))).toBeUndefined();
      expect(checkPasteLimits(lines(MAX_PASTE_LINES) + lineBreak)).toBeUndefined();
      expect(checkPasteLimits(lines(MAX_PASTE_LINES + 1))).toEqual({
        code: 'too-many-lines',
        status: 400,
        message: 'The paste has more than 10,000 lines: split it into several appraisals.',
      });
    }
    expect(checkPasteLimits('\n'.repeat(MAX_PASTE_LINES))).toBeUndefined();
    expect(checkPasteLimits('\n'.repeat(MAX_PASTE_LINES + 1))?.code).toBe('too-many-lines');
  });

  it('checks size before lines, takes other limits, and says nothing of what is no text', () => {
    expect(checkPasteLimits('\n'.repeat(MAX_PASTE_BYTES + 1))?.code).toBe('too-large');
    expect(checkPasteLimits('a\nb\nc', { maxLines: 2 })?.code).toBe('too-many-lines');
    expect(checkPasteLimits('abc', { maxBytes: 2 })?.message).toBe(
      'The paste is larger than 2 bytes: split it into several appraisals.',
    );
    expect(checkPasteLimits('')).toBeUndefined();
    expect(checkPasteLimits(undefined as unknown as string)).toBeUndefined();
  });
});
