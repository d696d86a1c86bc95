import { NameRanking } from './name-ranking';

const systems = ['Jita', 'Perimeter', 'New Caldari', 'Niyabainen', 'Ajita', 'Jitaro', 'Old Jita Gate'];
const ranking = new NameRanking(systems);
const rank = (query: string, limit = 50): string[] =>
  ranking.rank(query, limit).map((index) => systems[index]!);

describe('name ranking', () => {
  it('orders exact, prefix, word prefix, substring', () => {
    expect(rank('jita')).toEqual(['Jita', 'Jitaro', 'Old Jita Gate', 'Ajita']);
  });

  it('is case-insensitive, trims, and keeps the limit', () => {
    expect(rank('  CALDARI ')).toEqual(['New Caldari']);
    expect(rank('i', 2)).toEqual(['Jita', 'Ajita']);
  });

  it('breaks ties by length, then name', () => {
    expect(rank('n')).toEqual(['Niyabainen', 'New Caldari']);
  });

  it('answers nothing for an empty query or no match', () => {
    expect(rank(' ')).toEqual([]);
    expect(rank('amarr')).toEqual([]);
  });
});
