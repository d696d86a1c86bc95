import { z } from 'zod';
import { EventCatalogue, UnknownEventTypeError, defineEvent } from './event-catalogue';
import { streamCategory, streamName } from './streams';

const renamed = defineEvent({
  type: 'CharacterRenamed',
  schemaVersion: 3,
  schema: z.object({ fullName: z.string(), nickname: z.string().nullable(), reason: z.string() }),
  upcasters: [
    { fromVersion: 1, upcast: (data) => ({ fullName: (data as { name: string }).name, nickname: null }) },
    { fromVersion: 2, upcast: (data) => ({ ...(data as object), reason: 'unknown' }) },
  ],
});

describe('EventCatalogue', () => {
  const catalogue = new EventCatalogue([renamed]);

  it('given a stored version 1 event (fixture), when read, then every upcaster runs in order', () => {
    const storedV1 = JSON.parse('{"name":"Jita Trader"}') as unknown;
    expect(catalogue.upcast('CharacterRenamed', 1, storedV1)).toEqual({
      data: { fullName: 'Jita Trader', nickname: null, reason: 'unknown' },
      schemaVersion: 3,
    });
  });

  it('given a current event, then it passes unchanged', () => {
    const current = { fullName: 'A', nickname: 'a', reason: 'r' };
    expect(catalogue.upcast('CharacterRenamed', 3, current)).toEqual({ data: current, schemaVersion: 3 });
  });

  it('given an unknown type, then upcasting leaves it to the reader and lookups name it', () => {
    expect(catalogue.upcast('Nope', 1, { a: 1 })).toEqual({ data: { a: 1 }, schemaVersion: 1 });
    expect(catalogue.has('Nope')).toBe(false);
    expect(() => catalogue.definition('Nope')).toThrow(new UnknownEventTypeError('Nope'));
  });

  it('refuses a broken upcaster chain and a type defined twice', () => {
    expect(() =>
      defineEvent({
        type: 'X',
        schemaVersion: 3,
        schema: z.object({}),
        upcasters: [{ fromVersion: 1, upcast: (d) => d }],
      }),
    ).toThrow('Upcasters of X must form a chain ending at version 3');
    expect(() => new EventCatalogue([renamed, renamed])).toThrow(
      'Event type CharacterRenamed is defined twice',
    );
  });
});

describe('stream names', () => {
  it('are <category>-<id>, and the category is everything before the first dash', () => {
    expect(streamName('character', 90000001)).toBe('character-90000001');
    expect(streamCategory('character-90000001-extra')).toBe('character');
    expect(() => streamName('trade-profit', 1)).toThrow(/must be alphanumeric/);
  });
});
