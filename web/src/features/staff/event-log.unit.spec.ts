import { eventLogExportHref, eventLogSelection } from './event-log';

describe('the staff console event log filters', () => {
  it('given blanks, then they are left out of the query', () => {
    expect(eventLogSelection({ account: '  ', type: '', from: undefined })).toEqual({});
  });

  it('given every filter, then the query names each, a date as the start of its UTC day', () => {
    expect(
      eventLogSelection({
        account: ' 4b0d ',
        character: '2119000013',
        stream: 'tradeledger-4b0d',
        type: 'AccountOpened, ,CharacterLinked',
        correlation: 'c-1',
        from: '2026-11-01',
        to: '2026-11-28T12:00:00Z',
      }),
    ).toEqual({
      account: '4b0d',
      character: 2119000013,
      stream: 'tradeledger-4b0d',
      type: 'AccountOpened,CharacterLinked',
      correlation: 'c-1',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-28T12:00:00Z',
    });
  });

  it('given a selection, then the export link asks for it newest first', () => {
    expect(eventLogExportHref({ account: 'a b', type: 'AccountOpened' })).toBe(
      '/api/v1/staff/events/export?account=a+b&type=AccountOpened&order=newest',
    );
  });
});
