import { expectEveryLineAccountedFor } from './paste-lines.fixture';
import { corpusTypeIds, corpusTypeNames, describeResult, readCorpus } from './paste-corpus.fixture';
import { parsePaste } from './paste.parser';
import type { PasteFormat } from './paste.types';

/** Every format paste-formats.md describes, by the name the parser reports it under. */
const FORMATS: readonly PasteFormat[] = [
  'killmail',
  'eft',
  'fitting-window',
  'loot-history',
  'planetary-interaction',
  'view-contents',
  'wallet',
  'survey-scanner',
  'industry',
  'contract',
  'hangar',
  'cargo-scan',
  'directional-scan',
  'compare',
  'moon-ledger',
  'mining-ledger',
  'moon-extraction',
  'listing',
  'quickbar',
  'ship-dna',
  'heuristic',
];

const corpus = readCorpus();
const resolve = corpusTypeNames();
const resolveTypeId = corpusTypeIds();

describe('the paste corpus', () => {
  it('has several pastes for every format, and mixed pastes', () => {
    const pastesPerFormat = new Map<string, number>();
    for (const paste of corpus)
      pastesPerFormat.set(paste.format, (pastesPerFormat.get(paste.format) ?? 0) + 1);
    expect([...pastesPerFormat.keys()].sort()).toEqual([...FORMATS, 'mixed'].sort());
    for (const [format, count] of pastesPerFormat) {
      expect({ format, atLeastTwo: count >= 2 }).toEqual({ format, atLeastTwo: true });
    }
  });

  it.each(corpus.map((paste) => [paste.id, paste] as const))(
    '%s parses to its items and unparsed lines',
    (_, paste) => {
      const result = parsePaste(paste.text, resolve, { resolveTypeId });
      const { about: _about, ...expected } = paste.expected;
      expect(describeResult(result)).toEqual(expected);
      expectEveryLineAccountedFor(paste.text, result);
      if (paste.format !== 'mixed') {
        expect(result.formats.map((usage) => usage.format)).toContain(paste.format);
      }
    },
  );
});
