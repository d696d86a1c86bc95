import { ownerArgs, ownerChoices } from './owner-filter';

describe('the owner filter', () => {
  it('offers nothing to an account that tracks no corporation, and each division of those it tracks', () => {
    expect(ownerChoices(undefined)).toEqual([]);
    expect(ownerChoices([])).toEqual([]);
    const choices = ownerChoices([
      { divisions: [{ division: 2 }, { division: 1 }] },
      { divisions: [{ division: 1 }, { division: 3 }] },
    ]);
    expect(choices.map((choice) => choice.label)).toEqual([
      'All',
      'Personal',
      'Corporation',
      'Corporation: Master Wallet',
      'Corporation: Division 2',
      'Corporation: Division 3',
    ]);
  });

  it('sends nothing for All, the owner for Personal or Corporation, and the division with the corporation', () => {
    expect(ownerArgs('all')).toEqual({});
    expect(ownerArgs('personal')).toEqual({ ownerFilter: 'personal' });
    expect(ownerArgs('corporation')).toEqual({ ownerFilter: 'corporation' });
    expect(ownerArgs('division:2')).toEqual({ ownerFilter: 'corporation', division: 2 });
  });
});
