import { MatchTier, matchTier, normalizeSearchText } from './search-text';

describe('search text', () => {
  it('normalizes case, surrounding space, inner whitespace runs and full-width forms', () => {
    expect(normalizeSearchText('  Caldari   Navy\tHookbill ')).toBe('caldari navy hookbill');
    expect(normalizeSearchText('ＴＲＩＴ')).toBe('trit');
    expect(normalizeSearchText('TRITANIUM')).toBe('tritanium');
  });

  it('ignores accents and folds ß, but keeps kana and hangul whole', () => {
    expect(normalizeSearchText('Système solaire')).toBe('systeme solaire');
    expect(normalizeSearchText('Großer Skill-Injektor')).toBe('grosser skill-injektor');
    expect(normalizeSearchText('ガレンテ')).toBe('ガレンテ');
    expect(normalizeSearchText('트리타늄')).toBe('트리타늄');
  });

  it('ranks an equal name as exact', () => {
    expect(matchTier('tritanium', 'tritanium')).toBe(MatchTier.exact);
  });

  it('ranks a name starting with the query as prefix', () => {
    expect(matchTier('tritanium', 'trit')).toBe(MatchTier.prefix);
  });

  it('ranks a query at the start of a later word as word prefix', () => {
    expect(matchTier('compressed tritanium', 'trit')).toBe(MatchTier.wordPrefix);
    expect(matchTier('standup m-set equipment', 'set')).toBe(MatchTier.wordPrefix);
    expect(matchTier('ship (large)', 'large')).toBe(MatchTier.wordPrefix);
  });

  it('finds a word-start occurrence after an inner one', () => {
    expect(matchTier('antimatter matter', 'matter')).toBe(MatchTier.wordPrefix);
  });

  it('ranks any other occurrence as substring, also between non-Latin letters', () => {
    expect(matchTier('antimatter charge s', 'matter')).toBe(MatchTier.substring);
    expect(matchTier('трофейный тританиум', 'тан')).toBe(MatchTier.substring);
    expect(matchTier('トリタニウム', 'タニ')).toBe(MatchTier.substring);
  });

  it('answers null when the name does not contain the query', () => {
    expect(matchTier('pyerite', 'trit')).toBeNull();
  });
});
