import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  ALL_REF_TYPES,
  JOURNAL_REF_TYPES,
  REF_TYPE_OPTIONS,
  isJournalRefType,
  refTypeLabel,
} from './journal-ref-types';

/** The list ESI's journal schema knows, read as text: the web may not import contracts (Jest runs in Node). */
function contractsRefTypes(): string[] {
  const source = readFileSync(
    resolve(__dirname, '../../../../contracts/src/esi/esi-journal-ref-types.ts'),
    'utf8',
  );
  const list = /ESI_JOURNAL_REF_TYPES = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([a-z0-9_]+)'/g)].map((match) => match[1] as string);
}

describe('journal reference types', () => {
  it('are a copy of the ESI list in contracts', () => {
    const fromContracts = contractsRefTypes();
    expect(fromContracts.length).toBeGreaterThan(100);
    expect([...JOURNAL_REF_TYPES]).toEqual(fromContracts);
  });

  it.each([
    ['market_transaction', 'Market Transaction'],
    ['player_trading', 'Player Trading'],
    ['bounty_prize', 'Bounty Prize'],
    ['industry_job_tax', 'Industry Job Tax'],
    ['reprocessing_tax', 'Reprocessing Tax'],
    ['brokers_fee', "Broker's Fee"],
    ['MARKET_ESCROW', 'Market Escrow'],
    ['lp_store', 'LP Store'],
    ['gm_plex_fee_refund', 'GM PLEX Fee Refund'],
    ['isk_of_npc', 'ISK of NPC'],
    ['cspaofflinerefund', 'CSPA Offline Refund'],
    ['some_future_kind', 'Some Future Kind'],
  ])('labels %s as %s', (refType, label) => {
    expect(refTypeLabel(refType)).toBe(label);
  });

  it('offers all first, then every kind once, sorted by label', () => {
    const [all, ...kinds] = REF_TYPE_OPTIONS;
    expect(all).toEqual({ value: ALL_REF_TYPES, label: 'All types' });
    expect(kinds).toHaveLength(JOURNAL_REF_TYPES.length);
    expect(new Set(kinds.map((option) => option.value)).size).toBe(JOURNAL_REF_TYPES.length);
    const labels = kinds.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(kinds).toContainEqual({ value: 'market_transaction', label: 'Market Transaction' });
  });

  it('knows its own kinds only', () => {
    expect(isJournalRefType('market_transaction')).toBe(true);
    expect(isJournalRefType('MARKET_TRANSACTION')).toBe(false);
    expect(isJournalRefType('')).toBe(false);
  });
});
